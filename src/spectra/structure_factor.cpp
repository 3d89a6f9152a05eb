#include "spectra/structure_factor.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "spectra/grid_sums.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

// Rank 0 reads the q-points file; every rank gets its text or the same error.
std::string read_points_file(const std::string& path, const parallel::Comm& comm) {
    int status = 0;
    std::string text;
    if (comm.is_root()) {
        std::ifstream in(path, std::ios::binary);
        std::ostringstream s;
        if (in) s << in.rdbuf();
        if (!in || in.bad()) {
            status = 1;
            text = "structure-factor:q-points-file: cannot read '" + path + "'";
        } else {
            text = s.str();
        }
    }
    comm.broadcast(status, text);
    if (status != 0) throw Error(text);
    return text;
}

WaveVectors choose_wave_vectors(const StructureFactorSection& s, const Lattice& l,
                                const parallel::Comm& comm) {
    if (!s.points_file.empty()) {
        const std::string text = read_points_file(s.points_file, comm);
        try {
            return listed_wave_vectors(text);
        } catch (const std::invalid_argument& e) {
            throw Error("structure-factor:q-points-file '" + s.points_file + "', " + e.what());
        }
    }
    if (s.full_grid) return grid_wave_vectors(l);
    try {
        return path_wave_vectors(s.path, l);
    } catch (const std::invalid_argument& e) {
        throw Error(std::string("structure-factor:q-path: ") + e.what());
    }
}

Vec3 direction(const Vec3& hkl, const Lattice& l) {
    Vec3 d = cartesian(hkl, l);
    if (!normalise(d)) d = {0, 0, 0};
    return d;
}

// The text a checkpoint keeps: a header line, then the doubles' bytes.
constexpr const char* state_magic = "miniasd structure-factor state 1";

// FNV-1a of the state's bytes: a damaged file is refused, not continued from.
std::uint64_t digest(const char* p, std::size_t n) {
    std::uint64_t h = 1469598103934665603ull;
    for (std::size_t i = 0; i < n; ++i)
        h = (h ^ static_cast<unsigned char>(p[i])) * 1099511628211ull;
    return h;
}

}  // namespace

double StructureFactor::bytes_per_owned(std::int64_t samples) {
    return double(samples) * (3 * 16 + spectrum::width * 8) + spectrum::width * 8;
}

StructureFactor::StructureFactor(const StructureFactorSection& s, double time_step,
                                 const Lattice& l, const LocalSystem& sys,
                                 const std::vector<char>& counted, std::int64_t atoms,
                                 const parallel::Comm& comm)
    : settings_(s),
      dt_sample_(time_step * double(s.interval)),
      waves_(choose_wave_vectors(s, l, comm)),
      comm_(comm),
      atoms_(atoms) {
    const std::size_t nq = waves_.hkl.size();
    if (atoms <= 0)
        throw Error("structure-factor: there is no atom of a magnetic material to sample");
    if (double(nq) * double(Spectra::state_per_wave_vector(s.samples)) > 2147483647.0)
        throw Error("structure-factor: " + std::to_string(nq) + " wave vectors x " +
                    std::to_string(s.samples) +
                    " samples are more than one run can gather for its files and checkpoints "
                    "(2^31 values): fewer samples or wave vectors");
    for (const Vec3& q : waves_.hkl)
        directions_.push_back(direction(q, l));
    // The route (the same choice on any decomposition: it depends on the system alone).
    grid_route_ = s.route == FourierRoute::fft || (s.route == FourierRoute::automatic &&
                                                   s.full_grid && grid_is_cheaper(l, l.atoms()));
    if (grid_route_) {
        grid_ = std::make_unique<GridSums>(l, sys, counted, comm);
        owned_ = grid_->owned();
    } else {
        const std::size_t ranks = std::size_t(comm.size()), r = std::size_t(comm.rank());
        for (std::size_t k = 0; k < ranks; ++k)
            counts_.push_back(int(6 * (nq * (k + 1) / ranks - nq * k / ranks)));
        for (std::size_t q = nq * r / ranks; q < nq * (r + 1) / ranks; ++q)
            owned_.push_back(std::int64_t(q));
        sums_ = std::make_unique<FourierSums>(l, sys, counted, waves_.hkl, atoms);
    }
    std::vector<Vec3> dirs;
    for (std::int64_t q : owned_)
        dirs.push_back(directions_[std::size_t(q)]);
    spectra_ = std::make_unique<Spectra>(std::move(dirs), s.samples, s.averages, s.window, atoms,
                                         dt_sample_ * 1e12);
}

bool StructureFactor::grid_is_cheaper(const Lattice& l, std::int64_t atoms) {
    // Floating-point operations per sample: the direct sums about 30 per atom and wave vector;
    // the grid's 3 x sites real transforms of the cells (about 2.5 n log2 n each) and the sites'
    // phases at every wave vector (about 40 per site). Its transposes move what the transforms
    // touch, so they scale alike.
    const double cells = double(l.cells[0] * l.cells[1] * l.cells[2]);
    const double sites = double(l.sites());
    const double direct = 30.0 * double(atoms) * cells;
    const double grid =
        3 * sites * 2.5 * cells * std::log2(std::max(cells, 2.0)) + 40.0 * sites * cells;
    return grid < direct;
}

StructureFactor::~StructureFactor() = default;

void StructureFactor::sample(const Spins& spins) {
    if (grid_) {
        grid_->compute(spins, local_);
        spectra_->add(local_.data());
    } else {
        sums_->compute(spins, local_);
        const std::vector<double> mine = comm_.reduce_scatter_sum(local_, counts_);
        spectra_->add(mine.data());
    }
}

SpectraTable StructureFactor::table(double temperature, bool everywhere) const {
    SpectraTable t;
    t.waves = &waves_;
    t.directions = directions_;
    t.samples = settings_.samples;
    t.blocks = spectra_->blocks();
    t.atoms = atoms_;
    t.dt_ps = dt_sample_ * 1e12;
    t.window = settings_.window;
    t.temperature = settings_.quantum_correction ? temperature : -1;
    t.spectra = in_wave_vector_order(spectra_->spectra(),
                                     std::size_t(settings_.samples) * spectrum::width, everywhere);
    t.statics = in_wave_vector_order(spectra_->statics(), spectrum::width, everywhere);
    return t;
}

std::string StructureFactor::write(std::FILE* spectra, std::FILE* statics, const std::string& hdf5,
                                   double temperature) const {
    const SpectraTable t = table(temperature, false);
    if (spectra) write_spectra(spectra, t);
    if (statics) write_static_structure_factor(statics, t);
    return comm_.is_root() && !hdf5.empty() ? write_spectra_hdf5(hdf5, t) : "";
}

std::vector<double> StructureFactor::in_wave_vector_order(const std::vector<double>& mine,
                                                          std::size_t each, bool everywhere) const {
    const std::vector<double> all =
        everywhere ? comm_.all_gather(mine) : comm_.gather_to_root(mine);
    const std::vector<std::int64_t> where =
        everywhere ? comm_.all_gather(owned_) : comm_.gather_to_root(owned_);
    std::vector<double> out(all.size());
    for (std::size_t k = 0; k < where.size(); ++k)
        std::copy(all.begin() + std::ptrdiff_t(k * each),
                  all.begin() + std::ptrdiff_t((k + 1) * each),
                  out.begin() + std::ptrdiff_t(std::size_t(where[k]) * each));
    return out;
}

std::uint64_t StructureFactor::fingerprint() const {
    // What the saved series depend on beyond the input's fingerprint (which names a q-points
    // file but not its contents): the wave vectors and the sampling.
    std::string bytes(reinterpret_cast<const char*>(waves_.hkl.data()),
                      waves_.hkl.size() * sizeof(Vec3));
    bytes += std::to_string(settings_.interval) + " " + std::to_string(settings_.samples) + " " +
             std::to_string(settings_.averages) + " " + std::to_string(int(settings_.window)) +
             " " + std::to_string(grid_route_) + " " + std::to_string(dt_sample_);
    return digest(bytes.data(), bytes.size());
}

std::string StructureFactor::saved() const {
    const std::vector<double> all = in_wave_vector_order(
        spectra_->state(), Spectra::state_per_wave_vector(settings_.samples), false);
    if (!comm_.is_root()) return "";
    std::string text = std::string(state_magic) + " wave-vectors " +
                       std::to_string(waves_.hkl.size()) + " samples " +
                       std::to_string(settings_.samples) + " taken " +
                       std::to_string(spectra_->taken()) + " digest " +
                       std::to_string(digest(reinterpret_cast<const char*>(all.data()),
                                             all.size() * sizeof(double))) +
                       " sampling " + std::to_string(fingerprint()) + "\n";
    const std::size_t head = text.size();
    text.resize(head + all.size() * sizeof(double));
    std::memcpy(text.data() + head, all.data(), all.size() * sizeof(double));
    return text;
}

void StructureFactor::restore(const std::string& saved) {
    // Rank 0 checks the text and cuts it into every rank's wave vectors, in rank order.
    const std::vector<std::int64_t> where = comm_.gather_to_root(owned_);
    const std::size_t each = Spectra::state_per_wave_vector(settings_.samples);
    std::string why;
    std::vector<double> ordered;
    std::int64_t taken = -1;
    if (comm_.is_root()) {
        const std::string& text = saved;
        const std::size_t eol = text.find('\n');
        std::istringstream head(text.substr(0, eol == std::string::npos ? 0 : eol));
        std::string w[4], key[5];
        std::int64_t nq = -1, samples = -1;
        std::uint64_t sum = 0, sampling = 0;
        head >> w[0] >> w[1] >> w[2] >> w[3] >> key[0] >> nq >> key[1] >> samples >> key[2] >>
            taken >> key[3] >> sum >> key[4] >> sampling;
        if (eol == std::string::npos ||
            w[0] + " " + w[1] + " " + w[2] + " " + w[3] != state_magic ||
            text.size() - eol - 1 !=
                std::size_t(std::max<std::int64_t>(nq, 0)) * each * sizeof(double) ||
            digest(text.data() + eol + 1, text.size() - eol - 1) != sum)
            why = "the checkpoint's structure-factor state is damaged";
        else if (nq != std::int64_t(waves_.hkl.size()) || samples != settings_.samples ||
                 sampling != fingerprint() || taken < 0 || taken > needed())
            why =
                "the checkpoint's structure factor sampled other wave vectors (a changed "
                "q-points file?) or samples than this run's";
        else {
            ordered.resize(where.size() * each);
            for (std::size_t k = 0; k < where.size(); ++k)
                std::memcpy(ordered.data() + k * each,
                            text.data() + eol + 1 + std::size_t(where[k]) * each * sizeof(double),
                            each * sizeof(double));
        }
    }
    comm_.throw_if_any(why);
    int status = 0;
    std::string count = std::to_string(taken);
    comm_.broadcast(status, count);
    const std::vector<double> mine =
        comm_.scatter_from_root(ordered, std::int64_t(spectra_->state_size()));
    spectra_->restore(mine.data(), std::stoll(count));
}

std::string StructureFactor::describe() const {
    std::ostringstream s;
    s << waves_.hkl.size() << " wave vectors"
      << (settings_.full_grid             ? " (the box's grid)"
          : settings_.points_file.empty() ? " on a path"
                                          : " from " + settings_.points_file)
      << ", " << settings_.samples << " samples every " << settings_.interval << " steps ("
      << dt_sample_ * 1e15 << " fs) x " << settings_.averages
      << (settings_.averages == 1 ? " spectrum" : " spectra") << ", "
      << word_of(spectrum_window_words, settings_.window) << " window; Fourier sums "
      << (grid_route_ ? "through the distributed FFT"
                      : "direct (per-axis phase tables, exact sums)")
      << (settings_.route == FourierRoute::automatic
              ? std::string(" (structure-factor:method = auto: ") +
                    (settings_.full_grid ? "the cheaper by the count of operations)"
                                         : "a path or list takes the direct sums)")
              : std::string(" (structure-factor:method)"));
    return s.str();
}

}  // namespace miniasd
