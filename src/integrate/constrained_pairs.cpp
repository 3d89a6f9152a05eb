// Constrained Monte Carlo's set-up and pairing (constrained_monte_carlo.hpp): which group each
// atom's magnetisation belongs to, the reflection that pairs atoms in a colour's phase, and the
// groups' magnetisations.
#include <algorithm>
#include <cmath>
#include <string>

#include "integrate/constrained_monte_carlo.hpp"
#include "system/stiffness_planes.hpp"
#include "util/error.hpp"
#include "util/exact_sum.hpp"
#include "util/random.hpp"

namespace miniasd {

ConstrainedMonteCarlo::ConstrainedMonteCarlo(const IntegratorContext& c)
    : lattice_(c.lattice),
      sys_(c.system),
      hamiltonian_(c.hamiltonian),
      halo_(c.halo),
      comm_(c.comm),
      grid_(c.grid),
      timers_(c.timers),
      t_trial_(c.timers.add("constrained-monte-carlo")),
      t_halo_(c.timers.add("halo")),
      move_(c.stepping.monte_carlo_move),
      seed_(c.stepping.seed),
      ziggurat_(make_ziggurat_tables()),
      colouring_(c.lattice, c.hamiltonian.reach().offsets()),
      rescaling_curie_(c.config.materials.front().rescaling_curie),
      rescaling_exponent_(c.config.materials.front().rescaling_exponent) {
    of_colour_.resize(static_cast<std::size_t>(colouring_.colours()));
    for (std::int64_t i = 0; i < sys_.n_owned; ++i) {
        of_colour_[std::size_t(colouring_.of(sys_.gid[i]))].push_back(std::int32_t(i));
        local_of_.emplace(sys_.gid[i], std::int32_t(i));
    }
    for (const MaterialConfig& mc : c.config.materials) {
        moment_.push_back(mc.moment);
        kept_.push_back(mc.non_magnetic);
    }
    assign_groups(c);
    // Hybrid: each constrained material's own moment is held, so a material on sites of its own
    // is held whole by its colour's pairs; one spread over colours has each colour's share held,
    // one frozen staggered mode per colour where its sites are alike. Planes: likewise each
    // plane's colours.
    if (mode_ == Mode::plain) refuse_materials_by_colour();
}

void ConstrainedMonteCarlo::assign_groups(const IntegratorContext& c) {
    const bool hybrid = c.stepping.integrator == IntegratorKind::hybrid_constrained_monte_carlo;
    mode_ = !hybrid ? Mode::plain : c.stepping.stiffness_planes ? Mode::planes : Mode::hybrid;
    group_.assign(std::size_t(sys_.n_owned), 0);
    if (mode_ == Mode::planes) {
        const StiffnessPlanes p = find_stiffness_planes(c.config, lattice_, sys_, comm_);
        group_ = stiffness_plane_of_atoms(p, lattice_, sys_);
        groups_ = 2;
        fixed_axis_ = p.axis;
    } else if (mode_ == Mode::hybrid) {
        for (std::size_t i = 0; i < group_.size(); ++i) {
            const auto m = std::size_t(sys_.material[i]);
            group_[i] = c.config.materials[m].constrained ? std::int32_t(m) : -1;
        }
        groups_ = c.config.materials.size();
    }
    for (std::size_t i = 0; i < group_.size(); ++i)
        if (kept_[std::size_t(sys_.material[i])]) group_[i] = -2;
}

void ConstrainedMonteCarlo::refuse_materials_by_colour() const {
    // A pair joins atoms of one colour, so each colour's moment normal to n is held on its own.
    // Where every colour holds the same mix of materials that is the whole system's constraint
    // but for O(1/N) (one frozen staggered mode); where materials sit on sites of their own (a
    // ferrimagnet on two sublattices), it would forbid the sublattices' canting, an extensive
    // error. Counted exactly, so every rank decides alike.
    const std::size_t colours = of_colour_.size(), materials = moment_.size();
    std::vector<std::int64_t> count(colours * materials, 0);
    for (std::size_t k = 0; k < colours; ++k)
        for (const std::int32_t i : of_colour_[k])
            ++count[k * materials + std::size_t(sys_.material[i])];
    comm_.sum_in_place(count);
    for (std::size_t m = 0; m < materials; ++m) {
        double lo = 1, hi = 0;
        for (std::size_t k = 0; k < colours; ++k) {
            std::int64_t all = 0;
            for (std::size_t q = 0; q < materials; ++q)
                all += count[k * materials + q];
            if (all == 0) continue;
            const double share = double(count[k * materials + m]) / double(all);
            lo = std::min(lo, share);
            hi = std::max(hi, share);
        }
        if (hi - lo > 0.1)
            throw Error("constrained Monte Carlo: material " + std::to_string(m + 1) +
                        " makes up " + std::to_string(std::lround(100 * lo)) +
                        " % of one colour "
                        "of the lattice and " +
                        std::to_string(std::lround(100 * hi)) +
                        " % of another; pairs join atoms of one colour, so each colour's "
                        "magnetisation would be held on its own, which forbids the sublattices' "
                        "canting (docs/physics.md, Constrained Monte Carlo): not supported");
    }
}

// A colour phase's reflection centre: one cell index per axis, from (seed, sweep, colour). Along
// an open axis the centre runs over [0, 2L - 1), so every cell is sometimes paired. Coloured by
// the parity of cx + cy + cz, a cell's mirror has its colour only when the centre's sum is even:
// an odd centre is drawn again (from the next words), so every phase pairs, and the even centres
// stay equally likely. Along the fixed axis (planes) there is no reflection, and no index.
void ConstrainedMonteCarlo::reflection_centre(std::uint64_t sweep, int colour,
                                              std::int64_t* centre) const {
    const bool even = colouring_.scheme() == Colouring::Scheme::parity;
    for (std::uint64_t block = 0; block < 64; ++block) {
        const auto w = random_words(seed_, RandomStream::constrained_pairs,
                                    static_cast<std::uint64_t>(colour), sweep, block);
        std::int64_t sum = 0;
        for (int a = 0; a < 3; ++a) {
            const std::int64_t l = lattice_.cells[std::size_t(a)];
            const std::uint64_t range = lattice_.periodic[std::size_t(a)] ? l : 2 * l - 1;
            centre[a] = a == fixed_axis_ ? 0 : static_cast<std::int64_t>(w[std::size_t(a)] % range);
            sum += centre[a];
        }
        if (!even || sum % 2 == 0) return;
    }
}

std::int64_t ConstrainedMonteCarlo::partner(std::int64_t gid, const std::int64_t* centre,
                                            int colour) const {
    std::int64_t cell[3];
    int site;
    lattice_.decode(gid, cell[0], cell[1], cell[2], site);
    std::int64_t p[3];
    for (int a = 0; a < 3; ++a) {
        const std::int64_t l = lattice_.cells[std::size_t(a)];
        if (a == fixed_axis_) {
            p[a] = cell[a];
            continue;
        }
        p[a] = centre[a] - cell[a];
        if (lattice_.periodic[std::size_t(a)])
            p[a] = ((p[a] % l) + l) % l;
        else if (p[a] < 0 || p[a] >= l)
            return -1;
    }
    if (!lattice_.present(p[0], p[1], p[2], site)) return -1;
    const std::int64_t q = lattice_.gid(p[0], p[1], p[2], site);
    if (q == gid || colouring_.of(q) != colour) return -1;
    return q;
}

std::vector<Vec3> ConstrainedMonteCarlo::magnetisations(const Spins& s) const {
    std::vector<ExactSum> m(3 * groups_);
    for (std::int64_t i = 0; i < sys_.n_owned; ++i) {
        const std::int32_t g = group_[std::size_t(i)];
        if (g < 0) continue;  // free, or kept (left out, as from the statistics)
        const double mu = moment_[std::size_t(sys_.material[i])];
        ExactSum* q = &m[3 * std::size_t(g)];
        q[0].add(mu * s.x[i]);
        q[1].add(mu * s.y[i]);
        q[2].add(mu * s.z[i]);
    }
    std::vector<std::int64_t> packed;
    for (const ExactSum& e : m)
        e.append_to(packed);
    comm_.sum_in_place(packed);
    std::vector<Vec3> out(groups_);
    for (std::size_t k = 0; k < 3 * groups_; ++k)
        out[k / 3][k % 3] = ExactSum::from(&packed[k * std::size_t(ExactSum::packed_size)]).value();
    return out;
}

}  // namespace miniasd
