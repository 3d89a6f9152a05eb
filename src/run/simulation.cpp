#include "run/simulation.hpp"

#include <omp.h>

#include <ctime>
#include <numeric>

#include "output/pipeline/initial_spin_file.hpp"
#include "output/pipeline/run_directory.hpp"
#include "parallel/mpi_clock.hpp"
#include "run/foreign_checkpoints.hpp"
#include "system/materials.hpp"
#include "util/building.hpp"
#include "util/error.hpp"
#include "util/memory_bandwidth.hpp"
#include "util/placement.hpp"
#include "util/progress.hpp"
#include "util/run_id.hpp"

namespace miniasd {

namespace {

// Whether the run measures the layers' textures: a column shows them, or a relaxation starts from
// a prepared skyrmion (the relaxation then says when it lost it).
bool measures_textures(const Config& c) {
    const bool relaxes = c.sim.program == ProgramKind::relax || c.relax.first;
    return c.columns.shows("topological-charge") || c.columns.shows("skyrmion-") ||
           (relaxes && c.initial.state == InitialState::skyrmion);
}

// The offsets the textures' triangles read, observed by the halo (none without textures).
SiteOffsets texture_reach(const Config& c, const Lattice& l) {
    if (!measures_textures(c)) return {};
    return layer_triangle_offsets(layer_triangles(l.basis, l.cell_size));
}

}  // namespace

Simulation::Simulation(const parallel::Comm& world, Config config, RunOptions options)
    : config_(std::move(config)),
      options_(std::move(options)),
      // Throws for sizes global ids cannot number.
      lattice_(building("the lattice (the cell's sites and bonds)",
                        [&] { return make_lattice(config_); })),
      // The plan first: the memory its reach needs is checked before the system is built.
      plan_(checked_plan(config_, lattice_, world)),
      decomposition_(parallel::decompose(world, lattice_.cells, lattice_.periodic)),
      materials_(building("the material map", [&] { return MaterialMap(config_, lattice_); })),
      system_(building("this rank's atoms, ghosts and neighbour table",
                       [&] {
                           return build_local_system(lattice_, decomposition_.grid, materials_,
                                                     plan_.reach.offsets(),
                                                     texture_reach(config_, lattice_));
                       })),
      spins_(building("the spins",
                      [&] { return initial_spins(config_, config_.sim.seed, lattice_, system_); })),
      hamiltonian_(building("the Hamiltonian's terms (their tables, the dipolar solver)",
                            [&] {
                                return Hamiltonian(plan_, config_, applied_field(config_.sim),
                                                   lattice_, materials_, system_,
                                                   decomposition_.comm);
                            })),
      halo_(decomposition_.comm, system_.peers),
      rows_(decomposition_.comm, options_.output_dir, options_.write_files),
      continuation_(decomposition_.comm, config_.limits.wall_time, lattice_.atoms()) {
    // The thread count follows the work before anything plans by it (the Heun sweep's chunks);
    // from the global atom count, so every rank takes the same.
    account_.threads_allowed = omp_get_max_threads();
    account_.ranks_per_node = static_cast<int>(comm().max(double(comm().ranks_on_node())));
    {
        const std::time_t now = std::time(nullptr);
        char text[32];
        std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
        account_.start_time = text;
    }
    {
        int status = 0;
        if (comm().is_root()) continuation_.run_id = new_run_id();
        comm().broadcast(status, continuation_.run_id);
    }
    if (options_.fit_threads_to_work)
        omp_set_num_threads(
            threads_for_work(lattice_.atoms() / comm().size(), account_.threads_allowed));
    check_for_ranks(config_, comm().size());  // before any file is written
    bandwidth_policy();  // a bad MINIASD_MEASURE_BANDWIDTH ends the run now, not after its loop
    // The initial spin file, unless a checkpoint gives the spins (load_checkpoint reads the file
    // when sim:load-checkpoint-if-exists finds none): a continued run never needs it.
    if (config_.initial.state == InitialState::file &&
        config_.checkpoint.load == CheckpointLoad::none)
        load_initial_spins();
    if (!hamiltonian_.needs_neighbour_table()) system_.release_neighbour_table();
    {
        const Building scope("the integrator's arrays");
        const auto& [comm, grid] = decomposition_;
        integrator_ =
            make_integrator(IntegratorContext{config_, stepping(config_.sim), lattice_, system_,
                                              hamiltonian_, halo_, comm, timers_, grid});
    }
    {
        if (measures_textures(config_)) {
            const auto triangles = layer_triangles(lattice_.basis, lattice_.cell_size);
            const bool shown =
                config_.columns.shows("topological-charge") || config_.columns.shows("skyrmion-");
            try {
                measures_.textures = std::make_unique<LayerTextures>(
                    config_, lattice_, system_, triangles, decomposition_.comm);
            } catch (const Error&) {
                if (shown) throw;  // a column asked for what is not defined here
            }
        }
        if (config_.columns.shows("domain-wall-"))
            measures_.wall =
                std::make_unique<WallProfile>(config_, lattice_, system_, decomposition_.comm);
        if (config_.columns.shows("height-magnetisation"))
            measures_.heights =
                std::make_unique<HeightProfile>(config_, lattice_, system_, decomposition_.comm);
    }
    account_.t_stats = timers_.add("statistics");
    account_.t_output = timers_.add("output");
    account_.t_checkpoint = timers_.add("checkpoint");
    state_.time_step = config_.sim.time_step;
    state_.temperature = state_.phonon_temperature = config_.sim.temperature;
    state_.field_strength = config_.sim.field_strength;
    state_.field_direction = config_.sim.field_direction;
    // Atoms per material, counted exactly, so the moments are the same on any decomposition.
    auto& count = measures_.material_atoms = std::vector<std::int64_t>(config_.materials.size());
    for (std::int64_t i = 0; i < system_.n_owned; ++i)
        ++count[static_cast<std::size_t>(system_.material[i])];
    comm().sum_in_place(count);
    for (std::size_t m = 0; m < count.size(); ++m) {
        measures_.material_moment.push_back(double(count[m]) * config_.materials[m].moment);
        measures_.counted.push_back(!config_.materials[m].non_magnetic);
        if (!measures_.counted.back()) continue;
        measures_.total_moment += measures_.material_moment.back();
        measures_.counted_atoms += count[m];
    }
    build_structure_factor();
    register_observers();
}

void Simulation::load_initial_spins() {
    // Read once on rank 0, sent to every rank; each takes its own atoms' spins.
    std::string which, note;
    const SpinSource source = load_spin_source(comm(), config_.initial.file, which);
    const std::string why = spins_from_source(source, lattice_, system_, spins_, note);
    comm().throw_if_any(
        why.empty() ? why : "sim:initial-spin-file '" + config_.initial.file + "': " + why);
    if (comm().is_root() && options_.screen)
        for (const std::string& n : {which, note})
            if (!n.empty())
                std::fprintf(options_.screen, "Note: sim:initial-spin-file: %s\n", n.c_str());
}

void Simulation::pull_spins() const {
    if (!sync_.device_ahead) return;
    integrator_->to_host(spins_);
    sync_.device_ahead = false;
}

void Simulation::sync_field() {
    // The Hamiltonian's applied field follows the run state, which programs change between
    // steps; a sample at a phase's first step must already see the new field.
    if (config_.sim.demag_factor != Vec3{0, 0, 0})
        state_.demag_field = demag_field(config_.sim.demag_factor, magnetisation(),
                                         measures_.total_moment, lattice_.extent);
    const Vec3 b = state_.field();
    if (b != hamiltonian_.applied_field()) hamiltonian_.set_applied_field(b);
    const std::vector<double>* now = hamiltonian_.material_oscillating_field();
    if (now && *now != state_.material_fmr_field)
        hamiltonian_.set_material_oscillating_field(state_.material_fmr_field);
    if (state_.current != hamiltonian_.current()) hamiltonian_.set_current(state_.current);
}

void Simulation::claim_directories() {
    if (!options_.write_files || rows_.claimed) return;
    std::FILE* screen = comm().is_root() ? options_.screen : nullptr;
    claim_run_directory(comm(), options_.output_dir, continuation_.run_id,
                        continuation_.unnamed_run, options_.overwrite, screen);
    // A continued run's directory was claimed when its run began.
    if (!continuation_.continued)
        claim_checkpoint_directory(comm(), config_, options_.output_dir, continuation_.run_id,
                                   continuation_.unnamed_run, options_.overwrite, screen);
    rows_.claimed = true;
}

void Simulation::start() {
    // The snapshot output first: its start-up checks (another run's snapshots, the directory,
    // room on the disk) then fail before any output file exists.
    if (continuation_.continued) rows_.files.check_continuable();
    claim_directories();
    if (config_.output.atoms && options_.write_files) {
        const std::int64_t rows =
            rows_.planned_rows >= 0
                ? rows_.planned_rows
                : rows_of_phase(config_.sim.equilibration_steps, config_.sim.total_steps,
                                config_.sim.steps_increment, config_.columns.rate);
        const std::int64_t rate = config_.output.atoms_output_rate;
        SnapshotSeries series;
        series.run_id = continuation_.run_id;
        if (continuation_.continued) {
            // The snapshots go on with the next number. Their records may come in another
            // order (another rank count or mode), so they get coordinates of their own; the
            // earlier snapshots keep naming theirs.
            series.first_snapshot = (state_.rows + rate - 1) / rate;
            char stem[48];
            std::snprintf(stem, sizeof stem, "coordinates_from_%08lld",
                          static_cast<long long>(series.first_snapshot));
            series.coordinates_stem = stem;
            series.append_log = true;
        }
        rows_.snapshots = std::make_unique<SnapshotOutput>(
            config_, config_.sim.time_step, lattice_, system_, comm(), options_.output_dir,
            (rows + rate - 1) / rate - series.first_snapshot, options_.verbose, series);
        // Asked for by name, and the MPI library cannot give it: said on stderr (without the
        // keyword, the default gives way silently; the run report says why either way).
        if (comm().is_root() && !rows_.snapshots->synchronous_reason().empty() &&
            config_.given.count("config:output-asynchronous"))
            std::fprintf(stderr,
                         "miniasd: warning: config:output-asynchronous: %s; snapshots are "
                         "written synchronously\n",
                         rows_.snapshots->synchronous_reason().c_str());
    }
    bool appended = false;
    rows_.table_file = open_output_file("output", rows_.table_path, &appended);
    const std::vector<std::string> columns = config_.columns.file.empty()
                                                 ? default_output_columns(config_.sim.program)
                                                 : config_.columns.file;
    std::vector<std::string> names;
    for (const MaterialConfig& m : config_.materials)
        names.push_back(m.name);
    const bool root = comm().is_root(), dmi = hamiltonian_.has_dmi();
    const int heights = measures_.heights ? measures_.heights->heights() : 0;
    rows_.table =
        std::make_unique<TimeSeriesTable>(root ? rows_.table_file : nullptr, columns, names,
                                          config_.columns.energy_unit, dmi, heights);
    rows_.screen = std::make_unique<TimeSeriesTable>(
        root && !config_.columns.screen.empty() ? options_.screen : nullptr, config_.columns.screen,
        names, config_.columns.energy_unit, dmi, heights);
    if (!appended) agree_table_write(rows_.table->write_header());
    rows_.screen->write_header();
    if (rows_.snapshots) {
        IoTimer t(timers_, account_.t_output);
        rows_.snapshots->write_coordinates();
    }
    rows_.started = true;
}

std::int64_t rows_of_phase(std::int64_t equil, std::int64_t total, std::int64_t increment,
                           std::int64_t rate) {
    const std::int64_t samples = total / increment + 1;
    // k * increment = -equil (mod rate) holds for k = k0, k0 + period, ... (period =
    // rate / gcd), or for no k; k0 < period <= rate (at most 1e6, the input's limit).
    const std::int64_t period = rate / std::gcd(increment % rate, rate);
    for (std::int64_t k = 0; k < period && k < samples; ++k)
        if ((equil + k * increment) % rate == 0) return (samples - 1 - k) / period + 1;
    return 0;
}

Phase time_series_phase(const Config& c) {
    Phase p;
    p.equilibration_steps = c.sim.equilibration_steps;
    p.steps = c.sim.total_steps;
    p.increment = c.sim.steps_increment;
    p.temperature = c.sim.temperature;
    p.equilibration_temperature = equilibration_or_temperature(c.sim);
    p.field_strength = c.sim.field_strength;
    return p;
}

void Simulation::start_run() {
    load_checkpoint();
    continuation_.first_step = state_.step;
}

void Simulation::finish_run() {
    state_.complete = true;
    if (rows_.snapshots) {  // every snapshot complete (and a failed one reported) before the end
        // Part of the loop's time: a run is not done before its output is.
        const double start = wall_seconds();
        const LoopCounters from = counters();
        {
            IoTimer t(timers_, account_.t_output);
            rows_.snapshots->wait_all();
        }
        end_loop_stretch(start, from);
    }
    check_finite("by the end of the run");
    // The end checkpoint (none again when a continued run had nothing left to do).
    if (config_.checkpoint.save != CheckpointSave::none && options_.write_files &&
        (state_.step != continuation_.first_step || !continuation_.continued))
        write_checkpoint();
    if (continuation_.continued && state_.step == continuation_.first_step && comm().is_root() &&
        options_.screen)
        std::fprintf(options_.screen, "The run had finished at step %lld: nothing more to do\n",
                     static_cast<long long>(state_.step));
}

void Simulation::after_step(std::int64_t next) {
    state_.phase_step = next;
    observers_.notify(LoopMoment::after_step, state_.step);
}

void Simulation::advance() {
    continuation_.stop_policy
        .before_step();  // the step's vote on a stop signal travels while it computes
    sync_field();
    if (sync_.host_ahead) integrator_->from_host(spins_);
    sync_.host_ahead = false;
    integrator_->step(spins_, state_);
    sync_.device_ahead = integrator_->keeps_spins();
    ++state_.step;
}

void Simulation::begin_phase(const Phase& p) {
    if (!rows_.started) start();
    if (p.field_strength) state_.field_strength = *p.field_strength;
    state_.current = p.current;
    state_.temperature = p.equilibration_steps > 0 ? p.equilibration_temperature : p.temperature;
    state_.phonon_temperature = state_.temperature;
}

bool Simulation::run(const Phase& phase) {
    const std::int64_t index = continuation_.phase_calls++;
    if (continuation_.resuming && index < state_.phase)
        return false;  // finished before the checkpoint
    const std::int64_t equil = phase.equilibration_steps, total = phase.steps;
    std::int64_t first = 0;
    bool skip_sample = false;      // at `first`: the checkpoint's run had taken it
    if (continuation_.resuming) {  // the checkpoint's phase: the state is as it was at its step
        continuation_.resuming = false;
        first = state_.phase_step;
        skip_sample = continuation_.sampled_at_resume;
        if (skip_sample && first >= equil + total) return false;  // nothing left of it
        if (!rows_.started) start();
    } else {
        begin_phase(phase);
        state_.phase = index;
        state_.phase_step = 0;
    }
    if (comm().is_root() && options_.progress)
        rows_.progress = std::make_unique<Progress>("steps", equil + total, system_.n_global, true,
                                                    options_.screen ? options_.screen : stdout);
    continuation_.phase = &phase;
    const double start = wall_seconds();
    const LoopCounters from = counters();
    try {
        // The time loop: equilibration steps first (no statistics), then the sampled steps.
        for (std::int64_t n = first; n <= equil + total; ++n) {
            if (n == equil) {
                state_.temperature = state_.phonon_temperature = phase.temperature;
                const std::int64_t samples =
                    total / phase.increment + (phase.sample_at_start ? 1 : 0);
                state_.accumulator.reset(series_width(), samples);
            }
            const bool sampled = n >= equil && (n - equil) % phase.increment == 0 &&
                                 (phase.sample_at_start || n > equil);
            if ((sampled || (n == equil + total && !phase.sample_at_start)) &&
                !(skip_sample && n == first)) {
                if (phase.on_sample) phase.on_sample(state_);
                sample(phase.row_per_sample);
            }
            if (n == equil + total) break;
            observers_.notify(LoopMoment::before_step, n);
            advance();
            after_step(n + 1);
        }
    } catch (...) {
        continuation_.phase = nullptr;
        rows_.progress.reset();
        end_loop_stretch(start, from);
        throw;
    }
    continuation_.phase = nullptr;
    end_loop_stretch(start, from);
    if (rows_.progress) rows_.progress->finish(equil + total);
    rows_.progress.reset();
    if (rows_.table_file && (std::fflush(rows_.table_file) != 0 || std::ferror(rows_.table_file)))
        throw LocalError("writing the statistics file '" + rows_.table_path + "' failed");
    return true;
}

LoopCounters Simulation::counters() const {
    return {parallel::mpi_seconds(), halo_.wait_seconds(), halo_.busy_seconds(),
            timers_.seconds(account_.t_output) + timers_.seconds(account_.t_checkpoint)};
}

void Simulation::end_loop_stretch(double wall, const LoopCounters& from) {
    account_.loop_seconds += wall_seconds() - wall;
    const LoopCounters now = counters();
    account_.loop_counters.mpi += now.mpi - from.mpi;
    account_.loop_counters.halo_wait += now.halo_wait - from.halo_wait;
    account_.loop_counters.halo_busy += now.halo_busy - from.halo_busy;
    account_.loop_counters.io += now.io - from.io;
}

Simulation::~Simulation() = default;

}  // namespace miniasd
