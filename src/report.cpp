// The end-of-run report: where the time loop went on each rank (compute, halo, load imbalance,
// other MPI, I/O as min/avg/max with the slowest rank), per-phase timers, throughput, set-up
// cost, the threads and binding in effect, I/O bandwidth per snapshot, and the spin-state hash.
// Rank 0 prints it and writes the same figures as JSON (report.json beside the statistics).
#include <omp.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>

#include "output/checksum.hpp"
#include "parallel/environment.hpp"
#include "simulation.hpp"
#include "util/build_info.hpp"
#include "util/error.hpp"
#include "util/json_writer.hpp"
#include "util/placement.hpp"

namespace miniasd {

namespace {

using parallel::Spread;

struct Part {
    const char* name;
    const char* meaning;
    Spread s;
};

void put(JsonWriter& j, const std::string& key, const Spread& s) {
    j.begin_object(key)
        .value("min", s.min)
        .value("avg", s.avg)
        .value("max", s.max)
        .value("max_rank", s.max_rank)
        .end();
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string hex64(std::uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
    return buf;
}

// "0,1" for one rank's threads; "-" for a thread whose CPU could not be read.
std::string cpu_list(const ThreadPlacement& p) {
    std::string s;
    for (std::size_t t = 0; t < p.cpu.size(); ++t)
        s += (t ? "," : "") + (p.cpu[t] < 0 ? std::string("-") : std::to_string(p.cpu[t]));
    return s;
}

// Write-then-rename, so a reader never sees half a report.
void write_text_file(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "w");
    bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (f) ok = std::fclose(f) == 0 && ok;
    std::error_code ec;
    if (ok) std::filesystem::rename(tmp, path, ec);
    if (!ok || ec) throw LocalError("cannot write the run report '" + path + "'");
}

}  // namespace

void Simulation::report() const {
    // Collective part: every rank takes part in every reduction, whoever prints.
    std::vector<Spread> rows;
    for (int id = 0; id < timers_.size(); ++id)
        rows.push_back(comm().spread(timers_.seconds(id)));
    const Spread loop = comm().spread(loop_seconds_);
    // The time loop split so that the parts add up to it on every rank. The slowest rank waits
    // least at the halo exchange: its wait is the messages' transfer, and what any rank waits
    // beyond the shortest wait is time spent waiting for slower ranks (load imbalance).
    const LoopCounters& c = loop_counters_;
    const double least_wait = -comm().max(-c.halo_wait);
    const double other_mpi = std::max(0.0, c.mpi - c.halo_wait - c.halo_busy);
    std::vector<Part> parts = {
        {"compute", "physics, statistics sums, loop overhead",
         comm().spread(loop_seconds_ - c.mpi - c.io)},
        {"halo", "packing, posting, unpacking, and the transfer (the least wait of any rank)",
         comm().spread(c.halo_busy + least_wait)},
        {"imbalance", "waiting at the halo exchange for slower ranks",
         comm().spread(c.halo_wait - least_wait)},
        {"other MPI", "reductions for statistics, stop checks", comm().spread(other_mpi)},
        {"I/O", "output and checkpoints the loop waited for", comm().spread(c.io)},
    };
    const Spread mpi_fraction = comm().spread(loop_seconds_ > 0 ? c.mpi / loop_seconds_ : 0.0);
    const Spread halo_kib = comm().spread(halo_.bytes_per_exchange() / 1024.0);
    const Spread peers = comm().spread(double(halo_.peers().size()));
    const Spread setup = comm().spread(setup_seconds_);
    const Spread setup_per_atom =
        comm().spread(system_.n_owned > 0 ? setup_seconds_ / double(system_.n_owned) : 0.0);
    const std::vector<double> waits = comm().all_gather(std::vector<double>{c.halo_wait});
    const std::vector<double> loops = comm().all_gather(std::vector<double>{loop_seconds_});
    const std::vector<std::string> encoded = comm().all_gather(local_placement().encode());
    const std::uint64_t hash = spin_hash();
    const double final_wait = snapshots_ ? comm().max(snapshots_->final_wait_seconds()) : 0.0;
    if (!comm().is_root()) return;

    std::vector<ThreadPlacement> placement;
    for (const std::string& e : encoded)
        placement.push_back(ThreadPlacement::decode(e));
    const PlacementSummary where = summarise(placement);
    const std::int64_t steps = state_.step - first_step_;  // this job's (a continued run's)
    const double atom_steps = double(system_.n_global) * double(steps);
    const int threads = omp_get_max_threads();
    const int cores = comm().size() * threads;
    const double ns = atom_steps > 0 ? 1e9 * loop.max / atom_steps : 0.0;
    std::vector<double> mbps;  // per snapshot, data bytes over the slowest rank's write time
    if (snapshots_)
        for (const SnapshotTiming& t : snapshots_->timings())
            if (t.write_seconds > 0) mbps.push_back(double(t.bytes) / 1e6 / t.write_seconds);
    const std::uint64_t fingerprint = [&] {
        const std::string f = describe(config_);
        return checksum64(f.data(), f.size());
    }();

    if (std::FILE* out = options_.screen) {
        std::fprintf(out, "\nTiming over %d rank(s), seconds:\n", comm().size());
        std::fprintf(out, "  %-12s %10s %10s %10s %8s %6s\n", "phase", "min", "avg", "max",
                     "max-rank", "%loop");
        for (int id = 0; id < timers_.size(); ++id) {
            const Spread& s = rows[static_cast<std::size_t>(id)];
            std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d %6.1f\n", timers_.name(id).c_str(),
                         s.min, s.avg, s.max, s.max_rank,
                         loop.max > 0 ? 100.0 * s.avg / loop.max : 0.0);
        }
        std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d\n", "time loop", loop.min, loop.avg,
                     loop.max, loop.max_rank);
        std::fprintf(out, "Where the time loop went, seconds per rank:\n");
        for (const Part& p : parts)
            std::fprintf(out, "  %-12s %10.4f %10.4f %10.4f %8d %6.1f  %s\n", p.name, p.s.min,
                         p.s.avg, p.s.max, p.s.max_rank,
                         loop.avg > 0 ? 100.0 * p.s.avg / loop.avg : 0.0, p.meaning);
        const Spread& compute = parts[0].s;
        std::fprintf(out,
                     "MPI: %.1f %% of the time loop on average (%.1f-%.1f %% over ranks); "
                     "compute max/avg %.3f (slowest rank %d)\n",
                     100.0 * mpi_fraction.avg, 100.0 * mpi_fraction.min, 100.0 * mpi_fraction.max,
                     compute.avg > 0 ? compute.max / compute.avg : 1.0, compute.max_rank);
        if (comm().size() > 1)
            std::fprintf(out,
                         "Halo: %.1f KiB sent per exchange by the busiest rank (%d), %.0f-%.0f "
                         "peers, %.3g exchanges per step\n",
                         halo_kib.max, halo_kib.max_rank, peers.min, peers.max,
                         steps > 0 ? double(halo_.exchanges()) / double(steps) : 0.0);
        if (atom_steps > 0) {
            std::fprintf(out,
                         "Throughput: %.2f ns per atom-step (%" PRId64 " atoms x %" PRId64
                         " steps in %.3f s)\n",
                         ns, system_.n_global, steps, loop.max);
            std::fprintf(out,
                         "            %.2f ns per atom-step per core (%d rank(s) x %d "
                         "thread(s))\n",
                         ns * cores, comm().size(), threads);
        }
        std::fprintf(out,
                     "Set-up: %.3f s on the slowest rank (%d), %.0f ns per local atom (max over "
                     "ranks)\n",
                     setup.max, setup.max_rank, 1e9 * setup_per_atom.max);
        std::fprintf(out,
                     "Threads: %d rank(s) x %d thread(s) on %d host(s), %d-%d rank(s) per host; "
                     "OMP_PLACES=%s OMP_PROC_BIND=%s; in effect: bind %s, %d place(s)\n",
                     comm().size(), threads, where.hosts, where.min_ranks_per_host,
                     where.max_ranks_per_host, environment_or_unset("OMP_PLACES").c_str(),
                     environment_or_unset("OMP_PROC_BIND").c_str(), placement[0].proc_bind.c_str(),
                     placement[0].places);
        std::string cpus;
        for (std::size_t r = 0; r < placement.size() && r < 8; ++r)
            cpus += " r" + std::to_string(r) + "[" + cpu_list(placement[r]) + "]";
        std::fprintf(out, "         CPU of each thread:%s%s\n", cpus.c_str(),
                     placement.size() > 8 ? " ... (every rank in report.json)" : "");
        if (where.unbound && cores > 1)
            std::fprintf(out,
                         "         note: threads are not bound to one CPU each, so the kernel "
                         "may move them (OMP_PLACES=cores OMP_PROC_BIND=close binds them; see "
                         "docs/running-on-hpc.md)\n");
        if (!where.shared_cpu.empty())
            std::fprintf(out, "         warning: %s: the node is oversubscribed\n",
                         where.shared_cpu.c_str());
        const std::string integrator = integrator_->summary();
        if (!integrator.empty()) std::fprintf(out, "%s\n", integrator.c_str());
        std::fprintf(out, "Spin state hash: %016" PRIx64 "\n", hash);
        if (!table_path_.empty()) std::fprintf(out, "Statistics: %s\n", table_path_.c_str());
        if (snapshots_) {
            const IoSummary& io = snapshots_->summary();
            std::fprintf(out, "Snapshots: %lld in mode %s, %.1f MB", (long long)io.snapshots,
                         snapshots_->mode().c_str(), double(io.bytes) / 1e6);
            if (io.write_seconds > 0 && io.total_seconds > 0)
                std::fprintf(out, ", write %.1f MB/s, whole snapshot %.1f MB/s",
                             double(io.bytes) / 1e6 / io.write_seconds,
                             double(io.bytes) / 1e6 / io.total_seconds);
            std::fprintf(out, " (per-snapshot times in %s/io-log)\n", options_.output_dir.c_str());
            if (!mbps.empty())
                std::fprintf(out,
                             "           per snapshot: %.1f / %.1f / %.1f MB/s (min / median "
                             "/ max)\n",
                             *std::min_element(mbps.begin(), mbps.end()), median(mbps),
                             *std::max_element(mbps.begin(), mbps.end()));
            if (snapshots_->asynchronous())
                std::fprintf(out,
                             "           asynchronous, %d buffer(s): %.3f s of writing; the "
                             "time loop was held %.3f s, of which %.3f s waiting for a buffer, "
                             "and %.3f s at the end\n",
                             snapshots_->buffers(), io.total_seconds, io.held_seconds,
                             io.waited_seconds, final_wait);
            else
                std::fprintf(out, "           synchronous: the time loop was held %.3f s%s%s\n",
                             io.held_seconds,
                             snapshots_->synchronous_reason().empty()
                                 ? ""
                                 : "; asynchronous output is off: ",
                             snapshots_->synchronous_reason().c_str());
        }
    }
    if (!options_.write_files) return;

    JsonWriter j;
    j.begin_object().value("format", "miniasd-report 1");
    j.begin_object("build")
        .value("version", build_info::version)
        .value("commit", build_info::git_hash)
        .value("compiler", build_info::compiler)
        .value("build_type", build_info::build_type)
        .value("flags", build_info::flags)
        .value("mpi_library", parallel::Environment::library_version())
        .value("mpi_thread_level",
               parallel::Environment::thread_level_name(parallel::Environment::thread_level()))
        .end();
    j.begin_object("input")
        .value("file", config_.input_file)
        .value("fingerprint", hex64(fingerprint))
        .value("program", to_string(config_.program))
        .value("integrator", to_string(config_.integrator))
        .end();
    j.begin_object("machine")
        .value("hosts", where.hosts)
        .value("ranks", comm().size())
        .value("threads_per_rank", threads)
        .value("grid", std::to_string(grid().dims[0]) + "x" + std::to_string(grid().dims[1]) + "x" +
                           std::to_string(grid().dims[2]))
        .value("ranks_per_host_min", where.min_ranks_per_host)
        .value("ranks_per_host_max", where.max_ranks_per_host)
        .value("OMP_PLACES", environment_or_unset("OMP_PLACES"))
        .value("OMP_PROC_BIND", environment_or_unset("OMP_PROC_BIND"))
        .value("proc_bind_in_effect", placement[0].proc_bind)
        .value("places", placement[0].places)
        .value("threads_unbound", where.unbound)
        .value("shared_cpu", where.shared_cpu)
        .end();
    j.begin_object("run")
        .value("atoms", system_.n_global)
        .value("steps", steps)
        .value("first_step", first_step_)
        .value("spin_hash", hex64(hash))
        .value("ns_per_atom_step", ns)
        .value("ns_per_atom_step_per_core", ns * cores)
        .value("statistics", table_path_)
        .value("integrator", integrator_->summary());  // regions per step, fused stages
    put(j, "setup_seconds", setup);
    put(j, "setup_seconds_per_local_atom", setup_per_atom);
    j.end();
    j.begin_object("time_loop");
    put(j, "seconds", loop);
    for (const Part& p : parts)
        put(j, p.name, p.s);
    put(j, "mpi_fraction", mpi_fraction);
    j.end();
    j.begin_object("timers");
    for (int id = 0; id < timers_.size(); ++id)
        put(j, timers_.name(id), rows[static_cast<std::size_t>(id)]);
    j.end();
    j.begin_object("halo")
        .value("exchanges", halo_.exchanges())
        .value("exchanges_per_step", steps > 0 ? double(halo_.exchanges()) / double(steps) : 0.0);
    put(j, "kib_per_exchange", halo_kib);
    put(j, "peers", peers);
    j.end();
    if (snapshots_) {
        const IoSummary& io = snapshots_->summary();
        j.begin_object("snapshots")
            .value("mode", snapshots_->mode())
            .value("asynchronous", snapshots_->asynchronous())
            .value("count", io.snapshots)
            .value("bytes", io.bytes)
            .value("write_seconds", io.write_seconds)
            .value("total_seconds", io.total_seconds)
            .value("held_seconds", io.held_seconds)
            .value("waited_seconds", io.waited_seconds)
            .value("final_wait_seconds", final_wait);
        j.begin_array("each");
        for (const SnapshotTiming& t : snapshots_->timings())
            j.begin_object()
                .value("bytes", t.bytes)
                .value("write_seconds", t.write_seconds)
                .value("total_seconds", t.total_seconds)
                .value("held_seconds", t.held_seconds)
                .value("mb_per_s",
                       t.write_seconds > 0 ? double(t.bytes) / 1e6 / t.write_seconds : 0.0)
                .end();
        j.end().end();
    }
    j.begin_array("ranks");
    for (std::size_t r = 0; r < placement.size(); ++r) {
        const ThreadPlacement& p = placement[r];
        j.begin_object()
            .value("rank", static_cast<std::int64_t>(r))
            .value("host", p.host)
            .value("loop_seconds", loops[r])
            .value("halo_wait_seconds", waits[r]);
        j.begin_array("cpu");
        for (int cpu : p.cpu)
            j.value("", cpu);
        j.end().begin_array("cpus_allowed");
        for (int n : p.allowed)
            j.value("", n);
        j.end().end();
    }
    j.end().end();
    const std::string path = (std::filesystem::path(options_.output_dir) / "report.json").string();
    write_text_file(path, j.text() + "\n");
    if (options_.screen) std::fprintf(options_.screen, "Report: %s\n", path.c_str());
    if (options_.screen) std::fflush(options_.screen);
}

}  // namespace miniasd
