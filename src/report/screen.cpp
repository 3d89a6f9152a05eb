// The run report on rank 0's screen (report/run_report.hpp).
#include <algorithm>
#include <cinttypes>

#include "report/run_report.hpp"
#include "system/memory_estimate.hpp"

namespace miniasd {

namespace {

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// "0,1" for one rank's threads; "-" for a thread whose CPU could not be read.
std::string cpu_list(const ThreadPlacement& p) {
    std::string s;
    for (std::size_t t = 0; t < p.cpu.size(); ++t)
        s += (t ? "," : "") + (p.cpu[t] < 0 ? std::string("-") : std::to_string(p.cpu[t]));
    return s;
}

// The step's bytes per second per core against what the memory delivers one core.
void print_roofline(std::FILE* out, const RunReport& r) {
    const RunReport::Roofline& f = r.roofline;
    if (f.model_bytes <= 0) return;
    const double achieved = r.achieved_bytes_per_s_per_core();
    std::fprintf(out,
                 "Roofline: the traffic model's %.0f B per atom-step at that speed is %.2f GB/s "
                 "per core",
                 f.model_bytes, achieved * 1e-9);
    if (f.bandwidth.max <= 0) {
        std::fprintf(out, "; bandwidth not measured: %s\n", f.not_measured.c_str());
        return;
    }
    const double bound_ns = r.bound_ns_per_atom_step();
    std::fprintf(out,
                 ", %.0f%% of the %.2f GB/s a core's triad measured (%.2f-%.2f over ranks, all "
                 "at once);\n          the memory's bound is %.2f ns per atom-step per core, and "
                 "the step takes %.2fx that\n",
                 100.0 * r.fraction_of_triad(), f.bandwidth.avg * 1e-9, f.bandwidth.min * 1e-9,
                 f.bandwidth.max * 1e-9, bound_ns, r.ns_per_atom_step() * r.cores() / bound_ns);
}

void print_time(std::FILE* out, const RunReport& r) {
    const parallel::Spread& loop = r.loop;
    std::fprintf(out, "\nTiming over %d rank(s), seconds:\n", r.ranks);
    std::fprintf(out, "  %-12s %10s %10s %10s %8s %6s\n", "phase", "min", "avg", "max", "max-rank",
                 "%loop");
    for (const RunReport::Timer& t : r.timers) {
        const parallel::Spread& s = t.seconds;
        std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d %6.1f\n", t.name.c_str(), s.min, s.avg,
                     s.max, s.max_rank, loop.max > 0 ? 100.0 * s.avg / loop.max : 0.0);
    }
    std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d\n", "time loop", loop.min, loop.avg,
                 loop.max, loop.max_rank);
    std::fprintf(out, "Where the time loop went, seconds per rank:\n");
    for (const RunReport::Part& p : r.parts)
        std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d %6.1f  %s\n", p.name, p.seconds.min,
                     p.seconds.avg, p.seconds.max, p.seconds.max_rank,
                     loop.avg > 0 ? 100.0 * p.seconds.avg / loop.avg : 0.0, p.meaning);
    const parallel::Spread& compute = r.parts[0].seconds;
    std::fprintf(out,
                 "MPI: %.1f %% of the time loop on average (%.1f-%.1f %% over ranks); "
                 "compute max/avg %.3f (slowest rank %d)\n",
                 100.0 * r.mpi_fraction.avg, 100.0 * r.mpi_fraction.min, 100.0 * r.mpi_fraction.max,
                 compute.avg > 0 ? compute.max / compute.avg : 1.0, compute.max_rank);
    if (r.ranks > 1)
        std::fprintf(out,
                     "Halo: %.1f KiB sent per exchange by the busiest rank (%d), %.0f-%.0f "
                     "peers (%.0f-%.0f through shared memory), %.3g exchanges per step\n",
                     r.halo_kib.max, r.halo_kib.max_rank, r.peers.min, r.peers.max,
                     r.shared_memory_peers.min, r.shared_memory_peers.max,
                     r.steps > 0 ? double(r.halo_exchanges) / double(r.steps) : 0.0);
    if (r.atoms > 0 && r.steps > 0) {
        const double ns = r.ns_per_atom_step();
        std::fprintf(out,
                     "Throughput: %.2f ns per atom-%s (%" PRId64 " atoms x %" PRId64
                     " %ss in %.3f s)\n",
                     ns, r.step_unit.c_str(), r.atoms, r.steps, r.step_unit.c_str(), loop.max);
        std::fprintf(out, "            %.2f ns per atom-%s per core (%d rank(s) x %d thread(s))\n",
                     ns * r.cores(), r.step_unit.c_str(), r.ranks, r.threads);
        print_roofline(out, r);
    }
    std::fprintf(out,
                 "Set-up: %.3f s on the slowest rank (%d), %.0f ns per local atom (max over "
                 "ranks)\n",
                 r.setup.max, r.setup.max_rank, 1e9 * r.setup_per_atom.max);
    if (r.peak_resident.max > 0)
        std::fprintf(out,
                     "Memory: peak %s resident on the fullest rank (%d), %s on the emptiest; "
                     "estimated at start-up %s\n",
                     size_text(r.peak_resident.max).c_str(), r.peak_resident.max_rank,
                     size_text(r.peak_resident.min).c_str(), size_text(r.memory_estimate).c_str());
}

void print_threads(std::FILE* out, const RunReport& r) {
    const PlacementSummary& where = r.where;
    std::fprintf(out,
                 "Threads: %d rank(s) x %d thread(s) on %d host(s), %d-%d rank(s) per host; "
                 "OMP_PLACES=%s OMP_PROC_BIND=%s; in effect: bind %s, %d place(s)\n",
                 r.ranks, r.threads, where.hosts, where.min_ranks_per_host,
                 where.max_ranks_per_host, r.omp_places.c_str(), r.omp_proc_bind.c_str(),
                 r.placement[0].proc_bind.c_str(), r.placement[0].places);
    std::string cpus;
    for (std::size_t k = 0; k < r.placement.size() && k < 8; ++k)
        cpus += " r" + std::to_string(k) + "[" + cpu_list(r.placement[k]) + "]";
    std::fprintf(out, "         CPU of each thread:%s%s\n", cpus.c_str(),
                 r.placement.size() > 8 ? " ... (every rank in report.json)" : "");
    if (where.unbound && r.cores() > 1)
        std::fprintf(out,
                     "         note: threads are not bound to one CPU each, so the kernel may "
                     "move them (OMP_PLACES=cores OMP_PROC_BIND=close binds them; see "
                     "docs/running-on-hpc.md)\n");
    if (!where.shared_cpu.empty())
        std::fprintf(out, "         warning: %s: the node is oversubscribed\n",
                     where.shared_cpu.c_str());
}

void print_snapshots(std::FILE* out, const RunReport& r) {
    const RunReport::Snapshots& s = *r.snapshots;
    const IoSummary& io = s.io;
    std::fprintf(out, "Snapshots: %lld in mode %s, %.1f MB", (long long)io.snapshots,
                 s.mode.c_str(), double(io.bytes) / 1e6);
    if (io.write_seconds > 0 && io.total_seconds > 0)
        std::fprintf(out, ", write %.1f MB/s, whole snapshot %.1f MB/s",
                     double(io.bytes) / 1e6 / io.write_seconds,
                     double(io.bytes) / 1e6 / io.total_seconds);
    std::fprintf(out, " (per-snapshot times in %s/io-log)\n", r.output_dir.c_str());
    std::vector<double> mbps;  // per snapshot, data bytes over the slowest rank's write time
    for (const SnapshotTiming& t : s.each)
        if (t.write_seconds > 0) mbps.push_back(double(t.bytes) / 1e6 / t.write_seconds);
    if (!mbps.empty())
        std::fprintf(out, "           per snapshot: %.1f / %.1f / %.1f MB/s (min / median / max)\n",
                     *std::min_element(mbps.begin(), mbps.end()), median(mbps),
                     *std::max_element(mbps.begin(), mbps.end()));
    if (s.asynchronous)
        std::fprintf(out,
                     "           asynchronous, %d buffer(s): %.3f s of writing; the time loop "
                     "was held %.3f s, of which %.3f s waiting for a buffer, and %.3f s at the "
                     "end\n",
                     s.buffers, io.total_seconds, io.held_seconds, io.waited_seconds,
                     s.final_wait_seconds);
    else
        std::fprintf(out, "           synchronous: the time loop was held %.3f s%s%s\n",
                     io.held_seconds,
                     s.synchronous_reason.empty() ? "" : "; asynchronous output is off: ",
                     s.synchronous_reason.c_str());
}

}  // namespace

void print_report(std::FILE* out, const RunReport& r) {
    print_time(out, r);
    print_threads(out, r);
    if (!r.integrator_summary.empty()) std::fprintf(out, "%s\n", r.integrator_summary.c_str());
    if (!r.loop_schedule.empty()) std::fprintf(out, "Loop: %s\n", r.loop_schedule.c_str());
    for (const auto& [term, figures] : r.term_figures) {
        std::fprintf(out, "Term %s (max over ranks):", term.c_str());
        for (std::size_t k = 0; k < figures.size(); ++k)
            std::fprintf(out, "%s %s %.4g", k ? "," : "", figures[k].first.c_str(),
                         figures[k].second);
        std::fprintf(out, "\n");
    }
    std::fprintf(out, "Spin state hash: %016" PRIx64 "\n", r.spin_hash);
    if (!r.statistics_path.empty())
        std::fprintf(out, "Statistics: %s\n", r.statistics_path.c_str());
    if (r.snapshots) print_snapshots(out, r);
}

}  // namespace miniasd
