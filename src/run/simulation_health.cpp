// The run's health. Before it starts: the memory it will need, held against the node's. While it
// runs: it stops with an error the moment its state is seen to be non-finite: a NaN or infinite
// spin, statistic or bath temperature never reaches a checkpoint, a snapshot's metadata or a
// zero exit status. Spins are scanned at the stop policy's checks (about once a second of steps,
// on every rank at the same step), before every checkpoint and at the end; each statistics
// sample is checked as it is taken (its sums are global, so every rank sees the same).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "dipole/memory_plan.hpp"
#include "output/pipeline/output_memory.hpp"
#include "run/simulation.hpp"
#include "system/memory_estimate.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd {

MemoryEstimate estimate_run_memory(const Config& c, const Lattice& lattice, int ranks,
                                   int ranks_per_node, const ReachUnion& reach) {
    const std::array<int, 3> cells = cell_reach(reach.offsets());
    double dipole = 0;
    if (c.dipole.exact())
        dipole = dipole::exact_solver_bytes(lattice, ranks);
    else if (c.dipole.solver != DipoleSolver::none)
        dipole = dipole::macro_cell_solver_bytes(lattice, ranks, c.dipole.macro_cell_size,
                                                 c.dipole.near_range());
    MemoryEstimate m =
        estimate_memory(lattice, ranks, static_cast<int>(c.materials.size()), reach.width(),
                        *std::max_element(cells.begin(), cells.end()), dipole);
    // A relaxation's arrays (integrate/minimiser.hpp) beside the integrator's: the force, and for
    // the velocity projection the previous force and the velocity, 3 doubles each per atom.
    if (c.sim.program == ProgramKind::relax || c.relax.first ||
        c.sim.program == ProgramKind::gneb) {
        // lbfgs: the force, its last step and force, 5 (s, y) pairs, and the step's 4
        // temporary vectors.
        const double extra = c.relax.method == RelaxMethod::velocity_projection ? 72.0
                             : c.relax.method == RelaxMethod::lbfgs             ? 24.0 * 17
                                                                                : 24.0;
        m.bytes_per_atom += extra;
        m.bytes_per_rank += extra * m.atoms_per_rank;
    }
    // A chain's images (integrate/gneb.hpp): each its spins (ghosts included, counted as owned
    // here), force and tangent, and for the moving ones the velocity, and the two end points'
    // copies while they relax: 3 doubles each per atom.
    if (c.sim.program == ProgramKind::gneb) {
        const double images = double(c.gneb.images);
        const double extra = 24.0 * (3 * images + (images - 2) + 2);
        m.bytes_per_atom += extra;
        m.bytes_per_rank += extra * m.atoms_per_rank;
    }
    // The structure factor (spectra/structure_factor.hpp): each atom's place and spins in the
    // sums' order (32 bytes), the sums of every wave vector sent each sample, and the series
    // and spectra of a rank's share of the wave vectors (a q-points file's are counted once
    // it is read, not here).
    if (c.structure_factor.enabled()) {
        std::size_t waves = 0;
        if (c.structure_factor.full_grid)
            waves = std::size_t(lattice.cells[0] * lattice.cells[1] * lattice.cells[2]);
        else if (!c.structure_factor.path.empty())
            try {
                waves = path_wave_vectors(c.structure_factor.path, lattice).hkl.size();
            } catch (const std::invalid_argument&) {
                waves = 0;  // refused when the run builds it, with the corner's name
            }
        // The grid's wave vectors go by y slab of the FFT: ranks beyond ny hold none.
        const double slab_share = std::ceil(double(lattice.cells[1]) / ranks) *
                                  double(lattice.cells[0] * lattice.cells[2]);
        double owned = std::ceil(double(waves) / ranks);
        double extra = StructureFactor::bytes_per_owned(c.structure_factor.samples) * owned;
        const FourierRoute route = c.structure_factor.route;
        const bool fft = route == FourierRoute::fft ||
                         (route == FourierRoute::automatic && c.structure_factor.full_grid &&
                          StructureFactor::grid_is_cheaper(lattice, lattice.atoms()));
        // The direct sums: every wave vector's sums sent; the grid's: its real and spectral
        // grids and the slab transform's buffers (about 48 bytes per cell and grid of the
        // rank's slab), and the routes' messages (about 60 bytes an atom).
        if (fft) owned = slab_share;
        const double per_atom = fft ? 60.0 : 32.0;
        extra += fft ? 48.0 * 3 * lattice.sites() * owned
                     : StructureFactor::bytes_per_listed * double(waves);
        m.bytes_per_atom += per_atom;
        m.bytes_per_rank += per_atom * m.atoms_per_rank + extra;
    }
    m.output_bytes_per_rank =
        output_bytes_per_rank(c.output, c.checkpoint.save != CheckpointSave::none,
                              double(lattice.atoms()), ranks, ranks_per_node);
    m.bytes_per_rank += m.output_bytes_per_rank;
    return m;
}

HamiltonianPlan checked_plan(const Config& c, const Lattice& l, const parallel::Comm& comm) {
    HamiltonianPlan plan = plan_hamiltonian(c, l);
    // Every rank reaches the same verdict: the fullest node against the smallest limit.
    NodeMemory node = node_memory(c.limits.memory);
    const double least = -comm.max(node.bytes > 0 ? -node.bytes : -1e300);
    if (least < 1e300 && least != node.bytes)
        node = {least, "the node with the least memory (or the smallest job limit) has", ""};
    const int per_node = static_cast<int>(comm.max(comm.ranks_on_node()));
    check_memory(l, estimate_run_memory(c, l, comm.size(), per_node, plan.reach), per_node, node);
    return plan;
}

namespace {

bool finite(const Vec3& v) {
    return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

// Why a run usually diverges, for the message's end.
const char* divergence_hint =
    ". The integration diverged: the time step is too long for the strongest field (see the "
    "time-step advice at start-up and sim:time-step), a coupling or field is far too strong, or "
    "a two-temperature model's parameters make its temperatures run away";

}  // namespace

void Simulation::check_finite(const std::string& when) {
    if (state_.step == continuation_.checked_step)
        return;  // checked at this step already (every rank)
    pull_spins();
    std::int64_t bad = 0;
    for (std::int64_t i = 0; i < system_.n_owned; ++i)
        bad += finite({spins_.x[i], spins_.y[i], spins_.z[i]}) ? 0 : 1;
    // Collective either way; the count says how far a divergence spread since the last check.
    const std::int64_t all_bad = comm().sum(bad);
    std::string local;
    for (std::int64_t i = 0; i < system_.n_owned && bad > 0; ++i) {
        const Vec3 s{spins_.x[i], spins_.y[i], spins_.z[i]};
        if (finite(s)) continue;
        const std::int64_t gid = system_.gid[static_cast<std::size_t>(i)];
        const Vec3 r = lattice_.position(gid);
        const int m = materials_.of(gid);
        local = std::to_string(all_bad) + " spin(s) became non-finite " + when +
                " (checked at step " + std::to_string(state_.step) +
                (continuation_.checked_step >= 0
                     ? ", all finite at step " + std::to_string(continuation_.checked_step)
                     : std::string()) +
                "); the first on this rank: atom " + std::to_string(gid) + " at (" +
                shortest(r[0] * 1e9) + ", " + shortest(r[1] * 1e9) + ", " + shortest(r[2] * 1e9) +
                ") nm, material " + std::to_string(m + 1) + ", spin (" + shortest(s[0]) + ", " +
                shortest(s[1]) + ", " + shortest(s[2]) + ")" + divergence_hint;
        break;
    }
    if (local.empty() && !std::isfinite(state_.temperature))
        local = "the temperature became non-finite " + when + " (step " +
                std::to_string(state_.step) + ": " + shortest(state_.temperature) + " K)" +
                divergence_hint;
    comm().throw_if_any(local);
    continuation_.checked_step = state_.step;
}

void Simulation::check_sample() {
    // The sample's sums are global: every rank sees the same values and stops together, naming
    // the atom when a spin is the cause.
    bool ok = finite(measures_.sample.m) && std::isfinite(measures_.sample.total) &&
              std::isfinite(measures_.sample.spin_temperature) && std::isfinite(state_.temperature);
    for (const double e : measures_.sample.energy)
        ok = ok && std::isfinite(e);
    if (ok) return;
    check_finite("before the statistics of step " + std::to_string(state_.step));
    throw Error("a statistic became non-finite at step " + std::to_string(state_.step) +
                " (magnetisation (" + shortest(measures_.sample.m[0]) + ", " +
                shortest(measures_.sample.m[1]) + ", " + shortest(measures_.sample.m[2]) +
                "), energy " + shortest(measures_.sample.total) + " J/atom, temperature " +
                shortest(state_.temperature) + " K); the row is not written" + divergence_hint);
}

void Simulation::poison_spin(std::int64_t gid) {
    pull_spins();
    for (std::int64_t i = 0; i < system_.n_owned; ++i)
        if (system_.gid[static_cast<std::size_t>(i)] == gid) {
            spins_.x[i] = std::nan("");
            sync_.host_ahead = true;
        }
}

}  // namespace miniasd
