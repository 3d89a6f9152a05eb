#include "app.hpp"
#include "util/environment.hpp"

#include <omp.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <thread>

#include "hamiltonian/current_torque.hpp"
#include "input/read_broadcast.hpp"
#include "input/vampire_keywords.hpp"
#include "output/pipeline/initial_spin_file.hpp"
#include "parallel/environment.hpp"
#include "run/config/keyword_table.hpp"
#include "run/config/parser.hpp"
#include "run/programs/program.hpp"
#include "run/simulation.hpp"
#include "run/time_step_check.hpp"
#include "system/dmi_triangles.hpp"
#include "system/exchange_summary.hpp"
#include "system/initial_state.hpp"
#include "system/memory_estimate.hpp"
#include "util/build_info.hpp"
#include "util/error.hpp"
#include "util/placement.hpp"
#include "util/stop_signal.hpp"

namespace miniasd {

namespace {

std::string version_text() {
    return std::string("miniasd ") + build_info::version + " (git " + build_info::git_hash +
           ")\n  compiler: " + build_info::compiler + "\n  build: " + build_info::build_type +
           ", flags: " + build_info::flags +
           "\n  MPI: " + parallel::Environment::library_version() + "\n";
}

// The program and its run: what runs, by which method, over which steps, temperatures, fields.
void print_program(const Config& c, std::FILE* out) {
    const char* method = word_of(relax_method_words, c.relax.method);
    const bool minimiser =
        c.sim.program == ProgramKind::relax || c.sim.program == ProgramKind::static_hysteresis_loop;
    if (minimiser)
        std::fprintf(out, "Program: %s by %s", word_of(c.sim.program), method);
    else if (c.sim.program == ProgramKind::gneb)
        std::fprintf(out, "Program: gneb (geodesic nudged elastic band) by velocity projection");
    else
        std::fprintf(out, "Program: %s with %s", word_of(c.sim.program), word_of(c.sim.integrator));
    if (c.sim.integrator == IntegratorKind::monte_carlo && !minimiser)
        std::fprintf(out, " (%s moves; one sweep per step)", word_of(c.sim.monte_carlo_move));
    std::fprintf(out, "\n");
    switch (c.sim.program) {
        case ProgramKind::curie_temperature:
        case ProgramKind::cmc_anisotropy:  // the constraint directions: the program's own line
        case ProgramKind::hybrid_cmc:
        case ProgramKind::reverse_hybrid_cmc:
            std::fprintf(out,
                         "Run: %g K to %g K in steps of %g K, at each %lld equilibration + %lld "
                         "steps\n",
                         c.sweep.minimum_temperature, c.sweep.maximum_temperature,
                         c.sweep.temperature_increment, (long long)c.sim.equilibration_steps,
                         (long long)c.sweep.loop_steps);
            break;
        case ProgramKind::static_hysteresis_loop:
            std::fprintf(out,
                         "Run: field %g T to %g T and back in steps of %g T, relaxed at each "
                         "(at most %lld steps, 0 K)\n",
                         c.sweep.maximum_field, -c.sweep.maximum_field, c.sweep.field_increment,
                         (long long)c.sweep.loop_steps);
            break;
        case ProgramKind::hysteresis_loop:
            std::fprintf(out,
                         "Run: field %g T to %g T and back in steps of %g T, %lld steps each, at "
                         "%g K\n",
                         c.sweep.maximum_field, -c.sweep.maximum_field, c.sweep.field_increment,
                         (long long)c.sweep.loop_steps, c.sim.temperature);
            break;
        case ProgramKind::partial_hysteresis_loop:
            std::fprintf(out,
                         "Run: field %g T to %g T in steps of %g T, %lld steps each, at %g K\n",
                         c.sweep.minimum_field, c.sweep.maximum_field, c.sweep.field_increment,
                         (long long)c.sweep.loop_steps, c.sim.temperature);
            break;
        case ProgramKind::field_sweep:
            std::fprintf(out, "Run: %zu segment(s) of fields from %s, at %g K\n",
                         c.field_sweep.segments.size(), c.field_sweep.path.c_str(),
                         c.sim.temperature);
            break;
        case ProgramKind::gneb:
            std::fprintf(out,
                         "Run: a chain of %lld images, at most %lld iterations, until every "
                         "force is below %g T; end points %s\n",
                         (long long)c.gneb.images, (long long)c.sim.total_steps, c.gneb.tolerance,
                         c.gneb.relax_end_points ? "relaxed first by the minimiser" : "as given");
            break;
        case ProgramKind::relax:
            std::fprintf(out,
                         "Run: at most %lld steps of the minimiser, until every torque |S x H| is "
                         "below %g T\n",
                         (long long)c.sim.total_steps, c.relax.tolerance);
            break;
        default:
            if (c.relax.first)
                std::fprintf(out,
                             "Relax first: by %s, at most %lld steps, until every torque |S x "
                             "H| is below %g T\n",
                             method, (long long)c.relax.max_steps, c.relax.tolerance);
            std::fprintf(out, "Run: %lld equilibration + %lld steps of %g s at %g K\n",
                         (long long)c.sim.equilibration_steps, (long long)c.sim.total_steps,
                         c.sim.time_step, c.sim.temperature);
    }
}

// The Zhang-Li current and each polarised material's spin-drift velocity.
void print_current(const Config& c, const Lattice& l, std::FILE* out) {
    if (!has_current_torque(c)) return;
    const Vec3& j = c.torques.current_density;
    std::fprintf(out, "Current torques: j = (%g, %g, %g) A/m2", j[0], j[1], j[2]);
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        if (c.materials[m].spin_polarisation == 0) continue;
        const Vec3 u = spin_drift_velocity(c, l, int(m));
        std::fprintf(out, "; material %zu: u = (%.4g, %.4g, %.4g) m/s, beta %g", m + 1, u[0] + 0.0,
                     u[1] + 0.0, u[2] + 0.0, c.materials[m].non_adiabaticity);
    }
    std::fprintf(out, "\n");
}

void print_setup(const Simulation& sim, std::FILE* out) {
    const Lattice& l = sim.lattice();
    const parallel::ProcessGrid& g = sim.grid();
    std::fprintf(out, "%s", version_text().c_str());
    std::fprintf(out, "Input: %s\n", sim.config().input_file.c_str());
    const std::string cell = l.from_file ? "the cell of " + sim.config().unit_cell_file.path +
                                               " (" + std::to_string(l.sites()) + " atoms)"
                                         : word_of(l.crystal);
    std::fprintf(out, "System: %s, %lld x %lld x %lld cells, %lld atoms, %zu material(s)\n",
                 cell.c_str(), (long long)l.cells[0], (long long)l.cells[1], (long long)l.cells[2],
                 (long long)l.atoms(), sim.config().materials.size());
    if (!l.particle.origins.empty())
        std::fprintf(
            out,
            "Particles: a %s array of %zu %s(s) of size %g A, pitch %g A, the first "
            "centred at (%g, %g, %g) A, %lld atoms\n",
            l.particle.parameters.array == ParticleParameters::Array::hexagonal ? "hexagonal"
                                                                                : "square",
            l.particle.origins.size(), word_of(l.particle.shape), 2e10 * l.particle.radius,
            1e10 * l.particle.pitch_x, 1e10 * l.particle.origin[0], 1e10 * l.particle.origin[1],
            1e10 * l.particle.origin[2], (long long)l.atoms());
    else if (l.particle.shape != ParticleShape::none)
        std::fprintf(out, "Particle: %s of size %g A centred at (%g, %g, %g) A, %lld atoms\n",
                     word_of(l.particle.shape), 2e10 * l.particle.radius,
                     1e10 * l.particle.origin[0], 1e10 * l.particle.origin[1],
                     1e10 * l.particle.origin[2], (long long)l.atoms());
    std::string terms;
    for (const std::string& t : sim.hamiltonian().term_names())
        terms += (terms.empty() ? "" : ", ") + t;
    std::fprintf(out, "Hamiltonian: %s; %s\n", terms.c_str(),
                 sim.hamiltonian().reach().describe().c_str());
    std::fprintf(out, "%s", describe(summarise_exchange(sim.config(), l, sim.materials())).c_str());
    std::fprintf(out, "%s", describe_dmi(sim.config(), l, sim.materials()).c_str());
    print_current(sim.config(), l, out);
    if (sim.config().sim.integrator == IntegratorKind::llg_heun &&
        sim.config().sim.program != ProgramKind::relax &&
        sim.config().sim.program != ProgramKind::gneb) {
        const TimeStepCheck step = check_time_step(sim.config(), l);
        std::fprintf(out, "%s", describe(step, sim.config().sim.time_step).c_str());
        // The warning goes to stderr as well, for logs that keep only it, unless both streams
        // are one terminal (where it would show twice).
        if (step.too_large() && out != stderr && !(isatty(fileno(out)) && isatty(2)))
            std::fprintf(stderr, "miniasd: %s", describe(step, sim.config().sim.time_step).c_str());
    }
    std::fprintf(out, "Parallel: %d rank(s) as a %d x %d x %d grid, %d OpenMP thread(s) per rank",
                 sim.comm().size(), g.dims[0], g.dims[1], g.dims[2], omp_get_max_threads());
    if (omp_get_max_threads() < sim.threads_allowed())
        std::fprintf(out, " (of %d allowed: %lld atoms per rank, at least %d per thread)",
                     sim.threads_allowed(), (long long)(l.atoms() / sim.comm().size()),
                     min_atoms_per_thread);
    std::fprintf(out, "\n");
    // The estimate the start-up check held the node's memory against (--check prints it too).
    std::fprintf(out, "Memory: %s\n",
                 describe(estimate_run_memory(sim.config(), l, sim.comm().size(),
                                              sim.ranks_per_node(), sim.plan().reach))
                     .c_str());
    const Config& c = sim.config();
    print_program(c, out);
    std::fprintf(out, "%s", describe_initial_state(c, c.sim.seed).c_str());
    std::fflush(out);
}

// -o must name an existing directory; every rank learns rank 0's verdict before anything runs.
void check_output_directory(const parallel::Comm& world, const std::string& dir) {
    int status = 0;
    std::string why;
    if (world.is_root()) {
        std::error_code ec;
        if (!std::filesystem::exists(dir, ec)) {
            status = 1;
            why = "-o " + dir + ": the output directory does not exist (create it first)";
        } else if (!std::filesystem::is_directory(dir, ec)) {
            status = 1;
            why = "-o " + dir + ": is a file, not a directory";
        }
    }
    world.broadcast(status, why);
    if (status != 0) throw Error(why);
}

// What the command line asks for.
struct CommandLine {
    std::string input = "input";
    RunOptions options;
    bool check = false, show_version = false, reference = false, quiet = false,
         compatibility = false;
};

// Parses argv (every rank the same): nullopt to go on, else the exit status (help, a mistake).
std::optional<int> parse_command_line(int argc, char** argv, bool root, CommandLine& cl) {
    CLI::App app{"miniasd: atomistic spin dynamics (stochastic LLG-Heun) on MPI + OpenMP"};
    app.add_option("input", cl.input,
                   "main input file (default: 'input' in the working directory)");
    app.add_option("-o,--output-dir", cl.options.output_dir,
                   "directory for output files (must exist; default: working directory)");
    app.add_flag("--check", cl.check,
                 "parse and validate the input, print the resolved configuration, run nothing");
    app.add_flag("--version", cl.show_version, "print version, git hash, compiler and flags");
    app.add_flag("--input-reference", cl.reference,
                 "print the keyword reference (Markdown) and exit");
    app.add_flag("--vampire-compatibility", cl.compatibility,
                 "print how each VAMPIRE keyword is handled (Markdown) and exit");
    app.add_flag("-q,--quiet", cl.quiet, "no progress lines");
    app.add_flag("-v,--verbose", cl.options.verbose, "more detail (the MPI-IO hints in effect)");
    app.add_flag("--overwrite", cl.options.overwrite,
                 "delete another run's snapshots in the output directory, and let this run's "
                 "checkpoints replace another run's of the same step (a new run refuses to start "
                 "among them otherwise)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // Every rank parses the same argv, so every rank takes this branch.
        if (root) return app.exit(e);
        return e.get_exit_code();
    }
    return std::nullopt;
}

// Collective. Builds the simulation, prints its set-up, runs the program and reports; the exit
// status (exit_stopped_with_checkpoint when a signal or the wall-time limit stopped it).
int simulate(const parallel::Comm& world, Config config, RunOptions options) {
    const bool root = world.is_root();
    // Without OMP_NUM_THREADS, share the node's cores among its ranks instead of letting every
    // rank start one thread per core (which oversubscribes the node and runs many times slower).
    if (!environment_set(EnvVar::omp_num_threads)) {
        const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
        omp_set_num_threads(std::max(1, cores / world.ranks_on_node()));
    }
    options.screen = root ? stdout : nullptr;
    options.fit_threads_to_work = true;

    install_stop_signals();
    const double setup_start = wall_seconds();
    Simulation sim(world, std::move(config), options);
    sim.set_setup_seconds(wall_seconds() - setup_start);
    if (root) print_setup(sim, stdout);
    int status = 0;
    try {
        status = run_program(sim);
    } catch (const RunStopped& stop) {
        // Every rank agreed to stop and the checkpoint is complete: not a failure.
        const std::int64_t relaxed = sim.state().relax_first_step;
        const std::string in_relaxation =
            relaxed >= 0 ? " (in the relaxation before the program, sim:relax-first, after " +
                               std::to_string(relaxed) + " of its steps)"
                         : "";
        if (root)
            std::printf(
                "\nStopped at step %lld%s: %s. Checkpoint: %s\nContinue with "
                "sim:load-checkpoint = continue (exit status %d)\n",
                static_cast<long long>(sim.state().step), in_relaxation.c_str(), stop.what(),
                stop.checkpoint().c_str(), exit_stopped_with_checkpoint);
        sim.report(stop.checkpoint());
        return exit_stopped_with_checkpoint;
    }
    sim.report();
    return status;
}

}  // namespace

int run_app(int argc, char** argv) {
    const parallel::Comm world = parallel::Comm::world();
    const bool root = world.is_root();
    CommandLine cl;
    if (const std::optional<int> exit = parse_command_line(argc, argv, root, cl)) return *exit;
    if (cl.show_version || cl.reference || cl.compatibility) {
        if (root)
            std::fputs(cl.show_version ? version_text().c_str()
                       : cl.reference  ? keyword_reference_markdown().c_str()
                                       : vampire_compatibility_markdown().c_str(),
                       stdout);
        return 0;
    }

    Config config = read_config(cl.input, broadcast_loader(world));
    if (root)
        for (const std::string& w : config.warnings)
            std::fprintf(stderr, "miniasd: warning: %s\n", w.c_str());
    check_for_ranks(config, world.size());
    check_output_directory(world, cl.options.output_dir);
    if (cl.check) {
        const Lattice lattice = make_lattice(config);
        const HamiltonianPlan plan = checked_plan(config, lattice, world);
        const int per_node = static_cast<int>(world.max(double(world.ranks_on_node())));
        // The initial spin file as the run would read it, every atom finding its spin (unless
        // a checkpoint gives the spins: sim:load-checkpoint without -if-exists).
        std::string notes;
        if (config.initial.state == InitialState::file &&
            (config.checkpoint.load == CheckpointLoad::none || config.checkpoint.load_if_exists)) {
            std::string which, note;
            const SpinSource s = load_spin_source(world, config.initial.file, which);
            check_spin_source_covers(world, s, lattice, config.initial.file, note);
            for (const std::string& n : {which, note})
                if (!n.empty()) notes += "# Note: sim:initial-spin-file: " + n + "\n";
        }
        if (root)
            std::printf(
                "%s: input is valid\n%s%s# %lld atoms; memory: about %s on %d rank(s)\n",
                cl.input.c_str(), describe(config).c_str(), notes.c_str(),
                static_cast<long long>(lattice.atoms()),
                describe(estimate_run_memory(config, lattice, world.size(), per_node, plan.reach))
                    .c_str(),
                world.size());
        return 0;
    }
    cl.options.progress = !cl.quiet;
    return simulate(world, std::move(config), cl.options);
}

}  // namespace miniasd
