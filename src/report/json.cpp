// The run report as report.json (report/run_report.hpp; its fields are in docs/running-on-hpc.md).
#include <cinttypes>
#include <cstdio>

#include "parallel/environment.hpp"
#include "report/run_report.hpp"
#include "util/build_info.hpp"
#include "util/json_writer.hpp"

namespace miniasd {

namespace {

void put(JsonWriter& j, const std::string& key, const parallel::Spread& s) {
    j.begin_object(key)
        .value("min", s.min)
        .value("avg", s.avg)
        .value("max", s.max)
        .value("max_rank", s.max_rank)
        .end();
}

void put_snapshots(JsonWriter& j, const RunReport::Snapshots& s) {
    const IoSummary& io = s.io;
    j.begin_object("snapshots")
        .value("mode", s.mode)
        .value("asynchronous", s.asynchronous)
        .value("count", io.snapshots)
        .value("bytes", io.bytes)
        .value("write_seconds", io.write_seconds)
        .value("total_seconds", io.total_seconds)
        .value("held_seconds", io.held_seconds)
        .value("waited_seconds", io.waited_seconds)
        .value("final_wait_seconds", s.final_wait_seconds);
    j.begin_array("each");
    for (const SnapshotTiming& t : s.each)
        j.begin_object()
            .value("bytes", t.bytes)
            .value("write_seconds", t.write_seconds)
            .value("total_seconds", t.total_seconds)
            .value("held_seconds", t.held_seconds)
            .value("mb_per_s", t.write_seconds > 0 ? double(t.bytes) / 1e6 / t.write_seconds : 0.0)
            .end();
    j.end().end();
}

void put_ranks(JsonWriter& j, const RunReport& r) {
    j.begin_array("ranks");
    for (std::size_t k = 0; k < r.placement.size(); ++k) {
        const ThreadPlacement& p = r.placement[k];
        j.begin_object()
            .value("rank", static_cast<std::int64_t>(k))
            .value("host", p.host)
            .value("loop_seconds", r.loop_seconds[k])
            .value("halo_wait_seconds", r.halo_wait_seconds[k]);
        j.begin_array("cpu");
        for (int cpu : p.cpu)
            j.value("", cpu);
        j.end().begin_array("cpus_allowed");
        for (int n : p.allowed)
            j.value("", n);
        j.end().end();
    }
    j.end();
}

// The build, the input and the machine the run had.
void put_build_input_machine(JsonWriter& j, const RunReport& r) {
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
    j.value("start_time", r.start_time);
    j.begin_object("input")
        .value("file", r.input_file)
        .value("fingerprint", r.fingerprint)
        .value("program", r.program)
        .value("integrator", r.integrator)
        .end();
    j.begin_object("machine")
        .value("hosts", r.where.hosts)
        .value("cpu_model", r.cpu_model)
        .value("cores_per_host", r.cores_per_host)
        .value("scheduler", r.scheduler)
        .value("job_id", r.job_id)
        .value("ranks", r.ranks)
        .value("threads_per_rank", r.threads)
        .value("threads_allowed", r.threads_allowed)
        .value("grid", r.grid)
        .value("ranks_per_host_min", r.where.min_ranks_per_host)
        .value("ranks_per_host_max", r.where.max_ranks_per_host)
        .value("OMP_PLACES", r.omp_places)
        .value("OMP_PROC_BIND", r.omp_proc_bind)
        .value("proc_bind_in_effect", r.placement[0].proc_bind)
        .value("places", r.placement[0].places)
        .value("threads_unbound", r.where.unbound)
        .value("shared_cpu", r.where.shared_cpu)
        .end();
}

// The run itself: its identity, size, speed and hash, the integrator's and the terms' figures,
// set-up time and memory.
void put_run(JsonWriter& j, const RunReport& r) {
    char hash[20];
    std::snprintf(hash, sizeof hash, "%016" PRIx64, r.spin_hash);
    const double ns = r.ns_per_atom_step();
    j.begin_object("run")
        .value("run_id", r.run_id)
        .value("exit_status", r.exit_status)
        .value("stopped_checkpoint", r.stopped_checkpoint)
        .value("atoms", r.atoms)
        .value("steps", r.steps)
        .value("step_unit", r.step_unit)
        .value("first_step", r.first_step)
        .value("spin_hash", std::string(hash))
        .value("ns_per_atom_step", ns)
        .value("ns_per_atom_step_per_core", ns * r.cores())
        .value("statistics", r.statistics_path)
        .value("integrator", r.integrator_summary)
        .value("loop", r.loop_schedule);
    const RunReport::Roofline& roof = r.roofline;
    j.begin_object("roofline")  // per core; bandwidth figures 0 when not measured
        .value("model_bytes_per_atom_step", roof.model_bytes)
        .value("achieved_bytes_per_s", r.achieved_bytes_per_s_per_core());
    put(j, "triad_bytes_per_s", roof.bandwidth);
    j.value("fraction_of_triad", r.fraction_of_triad())
        .value("bound_ns_per_atom_step", r.bound_ns_per_atom_step())
        .value("not_measured", roof.not_measured)
        .end();
    if (r.barrier.present)
        j.begin_object("gneb")  // energies in J, the force in T
            .value("barrier_forward", r.barrier.forward)
            .value("barrier_backward", r.barrier.backward)
            .value("highest_image", r.barrier.highest)
            .value("images", r.barrier.images)
            .value("iterations", r.barrier.iterations)
            .value("largest_force", r.barrier.force)
            .value("converged", r.barrier.converged)
            .end();
    if (r.spectra.present) {
        j.begin_object("structure_factor")
            .value("wave_vectors", r.spectra.wave_vectors)
            .value("route", r.spectra.route)
            .value("samples", r.spectra.samples)
            .value("samples_taken", r.spectra.samples_taken);
        put(j, "sampling_seconds", r.spectra.seconds);
        j.end();
    }
    j.begin_object("integrator_figures");
    for (const auto& [name, v] : r.integrator_figures)
        j.value(name, v);
    j.end();
    j.begin_object("term_figures");  // each figure's maximum over the ranks
    for (const auto& [term, figures] : r.term_figures) {
        j.begin_object(term);
        for (const auto& [name, v] : figures)
            j.value(name, v);
        j.end();
    }
    j.end();
    put(j, "setup_seconds", r.setup);
    put(j, "setup_seconds_per_local_atom", r.setup_per_atom);
    j.value("memory_estimate_bytes_per_rank", r.memory_estimate);
    put(j, "peak_resident_bytes", r.peak_resident);
    j.end();
}

}  // namespace

std::string report_json(const RunReport& r) {
    JsonWriter j;
    j.begin_object().value("format", "miniasd-report 1");
    put_build_input_machine(j, r);
    put_run(j, r);
    j.begin_object("time_loop");
    put(j, "seconds", r.loop);
    for (const RunReport::Part& p : r.parts)
        put(j, p.name, p.seconds);
    put(j, "mpi_fraction", r.mpi_fraction);
    j.end();
    j.begin_object("timers");
    for (const RunReport::Timer& t : r.timers)
        put(j, t.name, t.seconds);
    j.end();
    j.begin_object("halo")
        .value("exchanges", r.halo_exchanges)
        .value("exchanges_per_step",
               r.steps > 0 ? double(r.halo_exchanges) / double(r.steps) : 0.0);
    put(j, "kib_per_exchange", r.halo_kib);
    put(j, "peers", r.peers);
    put(j, "shared_memory_peers", r.shared_memory_peers);
    j.end();
    if (r.snapshots) put_snapshots(j, *r.snapshots);
    put_ranks(j, r);
    j.end();
    return j.text();
}

}  // namespace miniasd
