// The chain's loop (sim:program = gneb): its end points, the geodesic path between them, the
// iterations of integrate/gneb.hpp with progress and stops, and one statistics row and snapshot
// per image at the end.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "integrate/gneb.hpp"
#include "integrate/minimiser.hpp"
#include "output/pipeline/initial_spin_file.hpp"
#include "run/simulation.hpp"
#include "util/error.hpp"
#include "util/geodesic.hpp"
#include "util/progress.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

// Rank 0's progress lines, at most every 5 s: the iteration, the largest force, the barrier so
// far and an estimate of the time left from how fast the force's logarithm falls.
class ChainProgress {
  public:
    ChainProgress(std::FILE* out, double tolerance, EnergyUnit unit)
        : out_(out), tolerance_(tolerance), unit_(unit), eta_(tolerance) {}
    void update(std::int64_t it, double force, const Gneb& chain) {
        if (!out_ || !eta_.due(force)) return;
        const std::vector<double>& e = chain.energies();
        const double top = *std::max_element(e.begin(), e.end());
        int climbing = -1;
        for (std::size_t k = 0; k < chain.types().size(); ++k)
            if (chain.types()[k] == ImageType::climbing) climbing = int(k);
        std::fprintf(out_,
                     "  gneb: iteration %lld  largest force %.3e T (tolerance %.1e T)  barrier "
                     "%.6g %s%s  ETA %s\n",
                     static_cast<long long>(it), force, tolerance_,
                     (top - e.front()) / joules_per(unit_), word_of(energy_unit_words, unit_),
                     climbing >= 0 ? (", climbing image " + std::to_string(climbing)).c_str() : "",
                     eta_.eta().c_str());
        std::fflush(out_);
    }

  private:
    std::FILE* out_;
    double tolerance_;
    EnergyUnit unit_;
    ConvergenceEta eta_;
};

}  // namespace

Spins Simulation::final_image() {
    Spins last = spins_;
    const GnebSection& g = config_.gneb;
    if (g.final_file.empty()) {
        for (std::int64_t i = 0; i < system_.n_local; ++i) {
            const auto j = static_cast<std::size_t>(i);
            last.x[j] = g.final_direction[0];
            last.y[j] = g.final_direction[1];
            last.z[j] = g.final_direction[2];
        }
        return last;
    }
    std::string which, note;
    const SpinSource source = load_spin_source(comm(), g.final_file, which);
    const std::string why = spins_from_source(source, lattice_, system_, last, note);
    comm().throw_if_any(why.empty() ? why : "gneb:final-spin-file '" + g.final_file + "': " + why);
    if (comm().is_root() && options_.screen)
        for (const std::string& n : {which, note})
            if (!n.empty())
                std::fprintf(options_.screen, "Note: gneb:final-spin-file: %s\n", n.c_str());
    return last;
}

void Simulation::relax_end_point(Spins& s, const char* which, std::int64_t& evaluations) {
    Minimiser minimiser(config_.relax.method, system_, hamiltonian_, halo_, comm());
    const double tolerance = config_.gneb.tolerance;
    double torque = 0;
    std::int64_t k = 0;
    for (;; ++k) {
        hamiltonian_.begin_iteration(evaluations++);
        torque = minimiser.measure(s);
        if (std::isnan(torque))
            throw Error(std::string("a field became non-finite while relaxing the chain's ") +
                        which + " state, at step " + std::to_string(k));
        if (torque < tolerance || k >= config_.relax.max_steps) break;
        minimiser.move(s);
    }
    if (!(torque < tolerance))
        throw Error(std::string("the chain's ") + which + " state did not relax within " +
                    std::to_string(k) + " steps (sim:relax-maximum-steps): the largest torque is " +
                    g4(torque) + " T, above gneb:torque-tolerance = " + g4(tolerance) +
                    " T. Raise the limit or the tolerance, or give the state relaxed and set "
                    "gneb:relax-end-points = false");
    if (comm().is_root() && options_.screen)
        std::fprintf(options_.screen,
                     "GNEB: the %s state relaxed in %lld steps (largest torque %.4g T)\n", which,
                     static_cast<long long>(k), torque);
}

EnergyPath Simulation::gneb() {
    sync_field();
    pull_spins();
    if (!rows_.started) start();
    state_.phase = 0;
    state_.temperature = state_.phonon_temperature = 0;
    const GnebSection& g = config_.gneb;
    const auto m = static_cast<std::size_t>(g.images);
    std::FILE* screen = comm().is_root() ? options_.screen : nullptr;
    if (screen)
        std::fprintf(screen,
                     "GNEB: %lld images, spring constant %g J/rad^2, until every force is below "
                     "%g T, at most %lld iterations\n",
                     static_cast<long long>(g.images), g.spring_constant, g.tolerance,
                     static_cast<long long>(config_.sim.total_steps));
    const int timer = timers_.add("gneb");
    const double start_wall = wall_seconds();
    const LoopCounters from = counters();
    EnergyPath path;
    try {
        Spins first = spins_, last = final_image();
        // One count of evaluations for every configuration this program evaluates, so that a
        // stage held through a step (the dipolar field) computes afresh for each.
        std::int64_t evaluations = 0;
        if (g.relax_end_points) {
            relax_end_point(first, "initial", evaluations);
            relax_end_point(last, "final", evaluations);
        }
        // The geodesic path: image k a fraction k / (M - 1) of the way, spin by spin.
        std::vector<Spins> images(m, spins_);
        for (std::size_t k = 0; k < m; ++k) {
            const double t = double(k) / double(m - 1);
            for (std::int64_t i = 0; i < system_.n_local; ++i) {
                const auto j = static_cast<std::size_t>(i);
                const Vec3 p = k == 0       ? Vec3{first.x[j], first.y[j], first.z[j]}
                               : k + 1 == m ? Vec3{last.x[j], last.y[j], last.z[j]}
                                            : geodesic::slerp({first.x[j], first.y[j], first.z[j]},
                                                              {last.x[j], last.y[j], last.z[j]}, t);
                images[k].x[j] = p[0];
                images[k].y[j] = p[1];
                images[k].z[j] = p[2];
            }
        }
        std::vector<double> moments;
        for (const MaterialConfig& mat : config_.materials)
            moments.push_back(mat.moment);
        Gneb chain(g, moments, system_, hamiltonian_, halo_, comm(), std::move(images),
                   evaluations);
        ChainProgress progress(screen, g.tolerance, config_.columns.energy_unit);
        double settled = 0;  // the force below which the climbing image starts
        bool climbing = false;
        std::int64_t it = 0;
        auto measure = [&] {
            timers_.start(timer);
            path.force = chain.measure();
            timers_.stop(timer);
            if (std::isnan(path.force))
                throw Error("a field or energy became non-finite in the chain, at iteration " +
                            std::to_string(it) + ": a coupling or field is far too strong");
        };
        for (;; ++it) {
            measure();
            if (it == 0) settled = std::sqrt(path.force * g.tolerance);
            // The climbing image starts once the path has settled (or has converged without it),
            // and the forces are measured again with its own.
            if (g.climbing && !climbing && (path.force < settled || path.force < g.tolerance)) {
                chain.allow_climbing();
                climbing = true;
                measure();
            }
            if (path.force < g.tolerance || it >= config_.sim.total_steps) break;
            progress.update(it, path.force, chain);
            continuation_.stop_policy.before_step();
            timers_.start(timer);
            chain.move();
            timers_.stop(timer);
            if (continuation_.stop_policy.stop_after(it + 1, 0, path.stopped)) {
                ++it;
                measure();
                break;
            }
        }
        path.iterations = it;
        path.converged = path.stopped.empty() && path.force < g.tolerance;
        path.reaction_coordinate = chain.reaction_coordinates();
        path.energy = chain.energies();
        chain.measure_end_slopes();
        path.slope = chain.slopes();
        for (ImageType t : chain.types())
            path.type.emplace_back(word_of(t));
        // One row and snapshot per image, its number as the step; the spins end as the highest.
        evaluations = chain.evaluations();
        for (std::size_t k = 0; k < m; ++k) {
            hamiltonian_.begin_iteration(evaluations++);  // the image's own held fields
            state_.accumulator.reset(series_width(), 2);
            const Spins& s = chain.images()[k];
            std::copy(s.x.begin(), s.x.end(), spins_.x.begin());
            std::copy(s.y.begin(), s.y.end(), spins_.y.begin());
            std::copy(s.z.begin(), s.z.end(), spins_.z.begin());
            state_.step = std::int64_t(k);
            sample(false);
            path.magnetisation.push_back(measures_.sample.m);
            write_row(true);
        }
        spins_ = chain.images()[path.highest()];
    } catch (...) {
        end_loop_stretch(start_wall, from);
        throw;
    }
    end_loop_stretch(start_wall, from);
    sync_.host_ahead = true;
    energy_path_ = path;
    return path;
}

}  // namespace miniasd
