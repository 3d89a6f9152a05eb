#include "output/snapshot_output.hpp"

#include <sys/statvfs.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include "output/file_io.hpp"
#include "util/build_info.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"
#include "util/timers.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

// Rank 0 checks that the directory exists, is writable and has room for `needed` bytes;
// every rank learns the verdict, so all stop together before the run starts.
void check_directory(const parallel::Comm& comm, const std::string& dir, double needed) {
    int status = 0;
    std::string why;
    if (comm.is_root()) {
        const std::string probe = join_path(dir, ".miniasd-write-test");
        struct statvfs fs {};
        if (::access(dir.c_str(), F_OK) != 0) {
            status = 1;
            why = "the output directory '" + dir + "' does not exist";
        } else if (FILE* f = std::fopen(probe.c_str(), "w"); !f) {
            status = 1;
            why = "the output directory '" + dir + "' is not writable: " + std::strerror(errno);
        } else {
            std::fclose(f);
            std::remove(probe.c_str());
            if (::statvfs(dir.c_str(), &fs) == 0) {
                const double free_bytes = double(fs.f_bavail) * double(fs.f_frsize);
                if (needed > free_bytes) {
                    status = 1;
                    why = "the snapshots of this run need about " + std::to_string(needed / 1e6) +
                          " MB but '" + dir + "' has " + std::to_string(free_bytes / 1e6) +
                          " MB free";
                }
            }
        }
    }
    comm.broadcast(status, why);
    if (status != 0) throw Error(why);
}

}  // namespace

SnapshotOutput::SnapshotOutput(const Config& c, const Lattice& l, const LocalSystem& sys,
                               const parallel::Comm& comm, std::string directory,
                               std::int64_t expected_snapshots, bool verbose, SnapshotSeries series)
    : sync_(c.output.sync),
      time_step_(c.time_step),
      lattice_(l),
      system_(sys),
      comm_(comm),
      directory_(std::move(directory)),
      next_snapshot_(series.first_snapshot),
      coordinates_stem_(series.coordinates_stem) {
    for (const MaterialConfig& mat : c.materials) {
        // One word per material in the metadata (and XYZ species): blanks become '_'.
        std::string name = mat.name;
        for (char& ch : name)
            if (std::isspace(static_cast<unsigned char>(ch))) ch = '_';
        material_names_.push_back(name.empty() ? "?" : name);
        material_moments_.push_back(mat.moment / constants::bohr_magneton);
        material_elements_.push_back(mat.element.empty() ? "-" : mat.element);
    }
    format_.encoding = c.output.text ? Encoding::text : Encoding::binary;
    format_.dtype = c.output.single_precision ? DType::float32 : DType::float64;
    selection_ = select_atoms(c.output, l, sys);
    total_selected_ = comm_.sum(static_cast<std::int64_t>(selection_.gid.size()));
    const double needed =
        double(total_selected_) * (double(format_.record_bytes()) * double(expected_snapshots) +
                                   double(coordinate_record_bytes(format_.encoding)));
    check_directory(comm_, directory_, needed);
    writer_ = make_writer(c.output, comm_, verbose);
    mode_ = writer_->mode();
    if (comm_.is_root() && series.io_log) {
        const std::string path = join_path(directory_, "io-log");
        log_ = std::fopen(path.c_str(), series.append_log ? "a" : "w");
        if (!log_) throw LocalError("cannot create " + path + ": " + std::strerror(errno));
        if (!series.append_log)
            std::fprintf(log_,
                         "# snapshot step mode bytes files write[s] snapshot[s] write[MB/s] "
                         "snapshot[MB/s]\n");
        std::fflush(log_);
    }
}

SnapshotOutput::~SnapshotOutput() {
    if (log_) std::fclose(log_);
}

SnapshotMetadata SnapshotOutput::base_metadata(const char* kind, const char* record) const {
    SnapshotMetadata m;
    m.kind = kind;
    m.record = record;
    m.writer_version =
        std::string("miniasd ") + build_info::version + " (git " + build_info::git_hash + ")";
    m.mode = mode_;
    m.format = format_;
    m.atoms = total_selected_;
    m.ranks = comm_.size();
    m.index = coordinates_stem_ + ".meta";
    for (int a = 0; a < 3; ++a)
        m.box[a] = double(lattice_.cells[a]) * (lattice_.cell_size[a] / 1e-10);
    m.periodic = lattice_.periodic;
    m.material_names = material_names_;
    m.material_moments = material_moments_;
    m.material_elements = material_elements_;
    return m;
}

void SnapshotOutput::finish(SnapshotMetadata m, const WriteOutcome& w, const std::string& meta_name,
                            std::uint64_t local_hash, double started) {
    m.ordering = w.ordering;
    m.io_groups = w.io_groups;
    m.pieces = w.pieces;
    m.extra = w.extra;
    m.content_hash = comm_.wrapping_sum(local_hash);
    // Metadata last, by rank 0, after every rank has closed its files (write() is collective and
    // gathers the file table only after the data files are closed).
    if (comm_.is_root())
        write_file_atomically(join_path(directory_, meta_name), format_metadata(m), sync_);
    const double total = comm_.max(wall_seconds() - started);
    if (m.kind != std::string("spins")) return;
    summary_.snapshots += 1;
    summary_.bytes += w.bytes;
    summary_.write_seconds += w.write_seconds;
    summary_.total_seconds += total;
    timings_.push_back({w.bytes, w.write_seconds, total});
    if (log_) {
        const double mb = double(w.bytes) / 1e6;
        std::fprintf(log_, "%lld %lld %s %lld %zu %.6f %.6f %.2f %.2f\n", (long long)m.snapshot,
                     (long long)m.step, mode_.c_str(), (long long)w.bytes, w.pieces.size(),
                     w.write_seconds, total, w.write_seconds > 0 ? mb / w.write_seconds : 0.0,
                     total > 0 ? mb / total : 0.0);
        std::fflush(log_);
    }
}

void SnapshotOutput::write_coordinates() {
    const double started = wall_seconds();
    const std::size_t n = selection_.gid.size();
    std::vector<double> xyz(3 * n);
    std::vector<std::int32_t> material(n);
    std::uint64_t hash = 0;
    for (std::size_t k = 0; k < n; ++k) {
        // In angstrom from the cell edge in angstrom, converted back by the inverse of the input
        // conversion (a division), so 2.87 A in the input gives 1.435, not 1.4350000000000003.
        std::int64_t cell[3];
        int site;
        lattice_.decode(selection_.gid[k], cell[0], cell[1], cell[2], site);
        for (int c = 0; c < 3; ++c)
            xyz[3 * k + c] =
                (double(cell[c]) + lattice_.basis[site][c]) * (lattice_.cell_size[c] / 1e-10);
        material[k] = system_.material[selection_.local[k]];
        hash += atom_hash(selection_.gid[k], xyz[3 * k], xyz[3 * k + 1], xyz[3 * k + 2]);
    }
    const std::size_t rb = coordinate_record_bytes(format_.encoding);
    std::vector<char> bytes(n * rb);
    encode_coordinates(format_.encoding, static_cast<std::int64_t>(n), xyz.data(),
                       selection_.gid.data(), material.data(), bytes.data());
    LocalRecords r;
    r.count = static_cast<std::int64_t>(n);
    r.record_bytes = rb;
    r.bytes = bytes.data();
    r.gid = selection_.gid.data();
    r.id_space = lattice_.id_space();
    r.coordinates = true;
    const WriteOutcome w = writer_->write(directory_, coordinates_stem_, r);
    SnapshotMetadata m = base_metadata("coordinates", "coordinate");
    m.format.dtype = DType::float64;
    m.dt = time_step_;
    finish(m, w, coordinates_stem_ + ".meta", hash, started);
}

void SnapshotOutput::write_spins(const Spins& s, const SnapshotState& state) {
    const double started = wall_seconds();
    const std::size_t n = selection_.gid.size();
    x_.resize(n);
    y_.resize(n);
    z_.resize(n);
    std::uint64_t hash = 0;
    const bool single = format_.dtype == DType::float32;
    for (std::size_t k = 0; k < n; ++k) {
        const std::int32_t i = selection_.local[k];
        // The hash covers the values as written (rounded to float for float32 files).
        x_[k] = single ? double(float(s.x[i])) : s.x[i];
        y_[k] = single ? double(float(s.y[i])) : s.y[i];
        z_[k] = single ? double(float(s.z[i])) : s.z[i];
        hash += atom_hash(selection_.gid[k], x_[k], y_[k], z_[k]);
    }
    buffer_.resize(n * format_.record_bytes());
    encode_records(format_, static_cast<std::int64_t>(n), x_.data(), y_.data(), z_.data(),
                   buffer_.data());
    const std::string stem = snapshot_stem("spins", next_snapshot_);
    LocalRecords r;
    r.count = static_cast<std::int64_t>(n);
    r.record_bytes = format_.record_bytes();
    r.bytes = buffer_.data();
    r.gid = selection_.gid.data();
    r.id_space = lattice_.id_space();
    r.attributes = {{"time", state.time},
                    {"step", double(state.step)},
                    {"temperature", state.temperature},
                    {"field-x", state.field[0]},
                    {"field-y", state.field[1]},
                    {"field-z", state.field[2]}};
    const WriteOutcome w = writer_->write(directory_, stem, r);
    SnapshotMetadata m = base_metadata("spins", "spin");
    m.snapshot = next_snapshot_;
    m.step = state.step;
    m.time = state.time;
    m.dt = state.dt;
    m.temperature = state.temperature;
    m.field = state.field;
    m.magnetisation = state.magnetisation;
    finish(m, w, stem + ".meta", hash, started);
    ++next_snapshot_;
}

}  // namespace miniasd
