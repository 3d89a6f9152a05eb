// The end-of-run report: per-phase wall time as min/avg/max over ranks with the slowest rank,
// throughput, and the spin-state hash that lets two runs be compared at a glance.
#include <omp.h>

#include <cinttypes>

#include "simulation.hpp"

namespace miniasd {

void Simulation::report() const {
    std::vector<parallel::Spread> rows;
    for (int id = 0; id < timers_.size(); ++id)
        rows.push_back(comm().spread(timers_.seconds(id)));
    const parallel::Spread loop = comm().spread(loop_seconds_);
    const parallel::Spread halo_kib = comm().spread(halo_.bytes_per_exchange() / 1024.0);
    const parallel::Spread peers = comm().spread(double(halo_.peers().size()));
    const std::uint64_t hash = spin_hash();
    const double final_wait = snapshots_ ? comm().max(snapshots_->final_wait_seconds()) : 0.0;
    std::FILE* out = options_.screen;
    if (!comm().is_root() || !out) return;

    const std::int64_t steps = state_.step - first_step_;  // this job's (a continued run's)
    std::fprintf(out, "\nTiming over %d rank(s), seconds:\n", comm().size());
    std::fprintf(out, "  %-12s %10s %10s %10s %8s %6s\n", "phase", "min", "avg", "max", "max-rank",
                 "%loop");
    for (int id = 0; id < timers_.size(); ++id) {
        const parallel::Spread& s = rows[static_cast<std::size_t>(id)];
        std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d %6.1f\n", timers_.name(id).c_str(),
                     s.min, s.avg, s.max, s.max_rank,
                     loop.max > 0 ? 100.0 * s.avg / loop.max : 0.0);
    }
    std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d\n", "time loop", loop.min, loop.avg,
                 loop.max, loop.max_rank);
    if (comm().size() > 1)
        std::fprintf(out,
                     "Halo: %.1f KiB sent per exchange by the busiest rank (%d), %.0f-%.0f peers, "
                     "%.3g exchanges per step\n",
                     halo_kib.max, halo_kib.max_rank, peers.min, peers.max,
                     steps > 0 ? double(halo_.exchanges()) / double(steps) : 0.0);
    const double atom_steps = double(system_.n_global) * double(steps);
    if (atom_steps > 0)
        std::fprintf(out,
                     "Throughput: %.2f ns per atom-step (%" PRId64 " atoms x %" PRId64
                     " steps in %.3f s)\n",
                     1e9 * loop.max / atom_steps, system_.n_global, steps, loop.max);
    const int cores = comm().size() * omp_get_max_threads();
    if (atom_steps > 0)
        std::fprintf(out,
                     "            %.2f ns per atom-step per core (%d rank(s) x %d thread(s))\n",
                     1e9 * loop.max * cores / atom_steps, comm().size(), omp_get_max_threads());
    const std::string integrator = integrator_->summary();
    if (!integrator.empty()) std::fprintf(out, "%s\n", integrator.c_str());
    std::fprintf(out, "Spin state hash: %016" PRIx64 "\n", hash);
    if (!table_path_.empty()) std::fprintf(out, "Statistics: %s\n", table_path_.c_str());
    if (snapshots_) {
        const IoSummary& io = snapshots_->summary();
        const bool async = snapshots_->asynchronous();
        std::fprintf(out, "Snapshots: %lld in mode %s, %.1f MB", (long long)io.snapshots,
                     snapshots_->mode().c_str(), double(io.bytes) / 1e6);
        if (io.write_seconds > 0 && io.total_seconds > 0)
            std::fprintf(out, ", write %.1f MB/s, whole snapshot %.1f MB/s",
                         double(io.bytes) / 1e6 / io.write_seconds,
                         double(io.bytes) / 1e6 / io.total_seconds);
        std::fprintf(out, " (per-snapshot times in %s/io-log)\n", options_.output_dir.c_str());
        if (async)
            std::fprintf(out,
                         "           asynchronous, %d buffer(s): %.3f s of writing; the time loop "
                         "was held %.3f s, of which %.3f s waiting for a buffer, and %.3f s at "
                         "the end\n",
                         snapshots_->buffers(), io.total_seconds, io.held_seconds,
                         io.waited_seconds, final_wait);
        else
            std::fprintf(out, "           synchronous: the time loop was held %.3f s%s%s\n",
                         io.held_seconds,
                         snapshots_->synchronous_reason().empty() ? ""
                                                                  : "; asynchronous output "
                                                                    "is off: ",
                         snapshots_->synchronous_reason().c_str());
    }
    std::fflush(out);
}

}  // namespace miniasd
