// Simulation::report(): gathers the run report (collective) and hands it to the screen and JSON
// printers on rank 0; report.json is written then renamed, so a reader never sees half of it.
#include <omp.h>
#include <sys/resource.h>

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "output/format/checksum.hpp"
#include "report/run_report.hpp"
#include "run/simulation.hpp"
#include "system/memory_estimate.hpp"
#include "util/environment.hpp"
#include "util/error.hpp"
#include "util/memory_bandwidth.hpp"
#include "util/stop_signal.hpp"

namespace miniasd {

namespace {

// This process's peak resident memory so far, bytes (Linux gives ru_maxrss in KiB).
double peak_resident_bytes() {
    struct rusage u {};
    return ::getrusage(RUSAGE_SELF, &u) == 0 ? 1024.0 * double(u.ru_maxrss) : 0.0;
}

void write_text_file(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "w");
    bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (f) ok = std::fclose(f) == 0 && ok;
    std::error_code ec;
    if (ok) std::filesystem::rename(tmp, path, ec);
    if (!ok || ec) throw LocalError("cannot write the run report '" + path + "'");
}

// The terms' figures, each its maximum over the ranks (collective: every rank has the same
// terms, so the same figures in the same order).
using TermFigures =
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, double>>>>;
TermFigures max_over_ranks(TermFigures figures, const parallel::Comm& comm) {
    for (auto& term : figures) {
        std::vector<double> values;
        for (const auto& f : term.second)
            values.push_back(f.second);
        comm.max_in_place(values);
        for (std::size_t k = 0; k < values.size(); ++k)
            term.second[k].second = values[k];
    }
    return figures;
}

// Where the run ran: the OpenMP placement variables, rank 0's CPU, and the batch job.
void add_host_and_job(RunReport& r) {
    r.omp_places = environment_or_unset(EnvVar::omp_places);
    r.omp_proc_bind = environment_or_unset(EnvVar::omp_proc_bind);
    const HostFacts host = host_facts();
    r.cpu_model = host.cpu_model;
    r.cores_per_host = host.cores;
    if (const auto slurm = environment(EnvVar::slurm_job_id)) {
        r.job_id = *slurm;
        r.scheduler = "slurm";
    } else if (const auto pbs = environment(EnvVar::pbs_jobid)) {
        r.job_id = *pbs;
        r.scheduler = "pbs";
    } else {
        r.scheduler = "none";
    }
}

// The roofline (collective): the integrator's traffic model per atom-step and, for a time loop
// long enough that the measurement costs little beside it (MINIASD_MEASURE_BANDWIDTH can say
// always or never), every rank's triad bandwidth per core, measured by all ranks at once so that
// each core gets the share a busy node leaves it (about 0.1 s, and arrays of at most 96 MB per
// rank for that moment: util/memory_bandwidth.hpp).
RunReport::Roofline roofline(const std::vector<std::pair<std::string, double>>& integrator,
                             double loop_seconds, const parallel::Comm& comm) {
    RunReport::Roofline r;
    for (const auto& [name, value] : integrator)
        if (name == "model_bytes_per_atom_step") r.model_bytes = value;
    constexpr double shortest_loop = 10.0;  // s: the measurement is then 1% of the loop or less
    const BandwidthPolicy policy = bandwidth_policy();
    if (r.model_bytes <= 0) {
        r.not_measured = "no traffic model for this integrator";
        return r;
    }
    if (policy == BandwidthPolicy::never) {
        r.not_measured = "MINIASD_MEASURE_BANDWIDTH=never";
        return r;
    }
    if (policy == BandwidthPolicy::long_loops && loop_seconds < shortest_loop) {
        r.not_measured = "time loop under 10 s (MINIASD_MEASURE_BANDWIDTH=always measures it)";
        return r;
    }
    comm.barrier();
    const std::size_t elements = triad_elements(comm.ranks_on_node());
    r.bandwidth = comm.spread(triad_bytes_per_s(elements) / omp_get_max_threads());
    return r;
}

// The input's fingerprint as 16 hex digits: the checksum of describe(), the settings as input
// lines.
std::string fingerprint_hex(const Config& c) {
    const std::string described = describe(c);
    char hex[20];
    std::snprintf(hex, sizeof hex, "%016" PRIx64, checksum64(described.data(), described.size()));
    return hex;
}

}  // namespace

std::optional<RunReport> Simulation::gather_report() const {
    // Every rank takes part in every reduction, whoever prints.
    RunReport r;
    for (int id = 0; id < timers_.size(); ++id)
        r.timers.push_back({timers_.name(id), comm().spread(timers_.seconds(id))});
    r.loop = comm().spread(account_.loop_seconds);
    // The time loop split so that the parts add up to it on every rank. The slowest rank waits
    // least at the halo exchange: its wait is the messages' transfer, and what any rank waits
    // beyond the shortest wait is time spent waiting for slower ranks (load imbalance).
    const LoopCounters& c = account_.loop_counters;
    const double least_wait = -comm().max(-c.halo_wait);
    const double other_mpi = std::max(0.0, c.mpi - c.halo_wait - c.halo_busy);
    r.parts = {
        {"compute", "physics, statistics sums, loop overhead",
         comm().spread(account_.loop_seconds - c.mpi - c.io)},
        {"halo", "packing, posting, unpacking, and the transfer (the least wait of any rank)",
         comm().spread(c.halo_busy + least_wait)},
        {"imbalance", "waiting at the halo exchange for slower ranks",
         comm().spread(c.halo_wait - least_wait)},
        {"other MPI", "reductions for statistics, stop checks", comm().spread(other_mpi)},
        {"I/O", "output and checkpoints the loop waited for", comm().spread(c.io)},
    };
    r.mpi_fraction = comm().spread(account_.loop_seconds > 0 ? c.mpi / account_.loop_seconds : 0.0);
    r.halo_kib = comm().spread(halo_.bytes_per_exchange() / 1024.0);
    r.peers = comm().spread(double(halo_.peers().size()));
    r.shared_memory_peers = comm().spread(double(halo_.shared_memory_peers()));
    r.setup = comm().spread(account_.setup_seconds);
    r.setup_per_atom =
        comm().spread(system_.n_owned > 0 ? account_.setup_seconds / double(system_.n_owned) : 0.0);
    r.memory_estimate =
        estimate_run_memory(config_, lattice_, comm().size(), account_.ranks_per_node, plan_.reach)
            .bytes_per_rank;
    r.peak_resident = comm().spread(peak_resident_bytes());
    r.halo_wait_seconds = comm().all_gather(std::vector<double>{c.halo_wait});
    r.loop_seconds = comm().all_gather(std::vector<double>{account_.loop_seconds});
    const std::vector<std::string> encoded = comm().all_gather(local_placement().encode());
    r.spin_hash = spin_hash();
    const double final_wait =
        rows_.snapshots ? comm().max(rows_.snapshots->final_wait_seconds()) : 0.0;
    r.term_figures = max_over_ranks(hamiltonian_.figures(), comm());
    // The traffic model is the integrator's: not a minimiser's or a chain's steps.
    const bool minimising =
        config_.sim.program == ProgramKind::relax || config_.sim.program == ProgramKind::gneb;
    r.roofline = roofline(
        minimising ? std::vector<std::pair<std::string, double>>{} : integrator_->figures(),
        r.loop.max, comm());
    // Collective, so before the ranks part: the structure factor's sampling time over the ranks.
    const parallel::Spread spectra_seconds =
        structure_factor_ ? comm().spread(timers_.seconds(account_.t_spectra)) : parallel::Spread{};
    if (!comm().is_root()) return std::nullopt;

    for (const std::string& e : encoded)
        r.placement.push_back(ThreadPlacement::decode(e));
    r.where = summarise(r.placement);
    add_host_and_job(r);
    r.ranks = comm().size();
    r.threads = omp_get_max_threads();
    r.threads_allowed = account_.threads_allowed;
    r.grid = std::to_string(grid().dims[0]) + "x" + std::to_string(grid().dims[1]) + "x" +
             std::to_string(grid().dims[2]);
    r.atoms = system_.n_global;
    r.steps = state_.step - continuation_.first_step;
    if (config_.sim.program == ProgramKind::gneb) {
        r.steps = energy_path_.iterations * std::max<std::int64_t>(config_.gneb.images - 2, 1);
        r.step_unit = "image-iteration";
        if (!energy_path_.empty()) {
            RunReport::Barrier& b = r.barrier;
            b.present = true;
            b.forward = energy_path_.barrier_forward();
            b.backward = energy_path_.barrier_backward();
            b.highest = std::int64_t(energy_path_.highest());
            b.images = std::int64_t(energy_path_.energy.size());
            b.iterations = energy_path_.iterations;
            b.force = energy_path_.force;
            b.converged = energy_path_.converged;
        }
    }
    if (structure_factor_) {
        RunReport::Spectra& s = r.spectra;
        s.present = true;
        s.wave_vectors = std::int64_t(structure_factor_->wave_vectors());
        s.route = structure_factor_->through_grid() ? "fft" : "direct";
        s.samples = structure_factor_->needed();
        s.samples_taken = structure_factor_->taken();
        s.seconds = spectra_seconds;
    }
    r.first_step = continuation_.first_step;
    r.halo_exchanges = halo_.exchanges();
    r.integrator_summary = integrator_->summary();
    r.loop_schedule = observers_.schedule();
    r.integrator_figures = integrator_->figures();
    r.start_time = account_.start_time;
    r.run_id = continuation_.run_id;
    r.statistics_path = rows_.table_path;
    r.output_dir = options_.output_dir;
    r.input_file = config_.input_file;
    r.program = word_of(config_.sim.program);
    r.integrator = word_of(config_.sim.integrator);
    r.fingerprint = fingerprint_hex(config_);
    if (rows_.snapshots)
        r.snapshots = RunReport::Snapshots{rows_.snapshots->mode(),
                                           rows_.snapshots->asynchronous(),
                                           rows_.snapshots->buffers(),
                                           rows_.snapshots->synchronous_reason(),
                                           rows_.snapshots->summary(),
                                           rows_.snapshots->timings(),
                                           final_wait};
    return r;
}

void Simulation::report(const std::string& stopped_checkpoint) const {
    write_report(stopped_checkpoint);
    // Every rank ends after report.json exists: a launcher that sees one rank exit with 75
    // kills the others a second later (Open MPI), and job scripts read the file.
    comm().barrier();
}

void Simulation::write_report(const std::string& stopped_checkpoint) const {
    std::optional<RunReport> r = gather_report();
    if (!r) return;
    r->stopped_checkpoint = stopped_checkpoint;
    r->exit_status = stopped_checkpoint.empty() ? 0 : exit_stopped_with_checkpoint;
    std::FILE* screen = options_.screen;
    if (screen) print_report(screen, *r);
    if (!options_.write_files) return;
    const std::string path = (std::filesystem::path(options_.output_dir) / "report.json").string();
    write_text_file(path, report_json(*r) + "\n");
    if (screen) std::fprintf(screen, "Report: %s\n", path.c_str());
    if (screen) std::fflush(screen);
}

}  // namespace miniasd
