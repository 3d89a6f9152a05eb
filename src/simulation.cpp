#include "simulation.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "system/materials.hpp"
#include "util/error.hpp"
#include "util/progress.hpp"

namespace miniasd {

namespace {

std::FILE* open_table(const parallel::Comm& comm, const RunOptions& o, std::string& path) {
    path = (std::filesystem::path(o.output_dir) / "output").string();
    std::FILE* f = nullptr;
    int status = 0;
    std::string why;
    if (comm.is_root() && !std::filesystem::is_directory(o.output_dir)) {
        status = ENOTDIR;
        why = "the output directory '" + o.output_dir + "' does not exist";
    } else if (comm.is_root()) {
        f = std::fopen(path.c_str(), "w");
        if (!f) {
            status = errno ? errno : EIO;
            why = std::strerror(status);
        }
    }
    comm.broadcast(status, why);  // every rank learns whether rank 0 could open it
    if (status != 0) throw Error("cannot create the statistics file '" + path + "': " + why);
    return f;
}

}  // namespace

Simulation::Simulation(const parallel::Comm& world, Config config, RunOptions options)
    : config_(std::move(config)),
      options_(std::move(options)),
      lattice_(make_lattice(config_)),
      decomposition_(parallel::decompose(world, lattice_.cells, lattice_.periodic)),
      system_(build_local_system(lattice_, decomposition_.grid, MaterialMap(config_, lattice_))),
      spins_(initial_spins(config_, system_)),
      hamiltonian_(config_, system_),
      halo_(decomposition_.comm, system_.peers),
      integrator_(config_, system_, hamiltonian_, halo_, timers_) {
    timers_.add("statistics");
    timers_.add("output");
}

std::uint64_t Simulation::spin_hash() const {
    return comm().wrapping_sum(local_spin_hash(spins_, system_));
}

Observables Simulation::observe() {
    halo_.start(spins_.x.data(), spins_.y.data(), spins_.z.data());
    halo_.finish(spins_.x.data(), spins_.y.data(), spins_.z.data());
    std::vector<double> sums = local_sums(config_, system_, spins_, hamiltonian_);
    comm().sum_in_place(sums);
    return finish_observables(sums, config_.materials.size(), system_.n_global);
}

void Simulation::start() {
    if (options_.write_files) table_file_ = open_table(comm(), options_, table_path_);
    std::vector<Column> columns = config_.output_columns;
    if (columns.empty()) columns = default_output_columns();
    std::vector<std::string> names;
    for (const MaterialConfig& m : config_.materials)
        names.push_back(m.name);
    const bool root = comm().is_root();
    table_ = std::make_unique<TimeSeriesTable>(root ? table_file_ : nullptr, columns, names);
    screen_ = std::make_unique<TimeSeriesTable>(
        root && !config_.screen_columns.empty() ? options_.screen : nullptr, config_.screen_columns,
        names);
    table_->write_header();
    screen_->write_header();
    if (config_.output.atoms && options_.write_files) {
        const std::int64_t rows = config_.total_steps / config_.steps_increment + 1;
        snapshots_ = std::make_unique<SnapshotOutput>(
            config_, lattice_, system_, comm(), options_.output_dir,
            (rows + config_.output.atoms_output_rate - 1) / config_.output.atoms_output_rate,
            options_.verbose);
        ScopedTimer t(timers_, timers_.find("output"));
        snapshots_->write_coordinates();
    }
    started_ = true;
}

Phase time_series_phase(const Config& c) {
    Phase p;
    p.equilibration_steps = c.equilibration_steps;
    p.steps = c.total_steps;
    p.increment = c.steps_increment;
    p.temperature = c.temperature;
    p.equilibration_temperature =
        c.equilibration_temperature >= 0 ? c.equilibration_temperature : c.temperature;
    return p;
}

void Simulation::run(const Phase& phase) {
    if (!started_) start();
    const bool root = comm().is_root();
    const int t_stats = timers_.find("statistics"), t_output = timers_.find("output");
    const std::int64_t equil = phase.equilibration_steps, total = phase.steps;
    Progress progress("steps", equil + total, system_.n_global, root && options_.progress,
                      options_.screen ? options_.screen : stdout);
    double sum_m = 0, sum_e = 0;  // running means over this phase's statistics rows
    std::int64_t samples = 0;
    const double start = wall_seconds();
    const std::int64_t first = steps_done_;  // global step number of this phase's first step

    // The time loop: equilibration steps first (no statistics), then the run.
    for (std::int64_t n = 0; n <= equil + total; ++n) {
        const bool running = n >= equil;
        if (running && (n - equil) % phase.increment == 0) {
            timers_.start(t_stats);
            StatsRow row;
            row.obs = observe();
            sum_m += row.obs.m_length;
            sum_e += row.obs.total;
            ++samples;
            row.step = first + n;
            row.time = double(first + n) * config_.time_step;
            row.temperature = integrator_.temperature();
            row.field_strength = config_.field_strength;
            row.field_direction = config_.field_direction;
            row.mean_m_length = sum_m / samples;
            row.mean_total_energy = sum_e / samples;
            timers_.stop(t_stats);
            ScopedTimer t(timers_, t_output);
            table_->write_row(row);
            screen_->write_row(row);
            if (snapshots_ && rows_ % config_.output.atoms_output_rate == 0) {
                SnapshotState state;
                state.step = row.step;
                state.time = row.time;
                state.dt = config_.time_step;
                state.temperature = row.temperature;
                for (int a = 0; a < 3; ++a)
                    state.field[a] = config_.field_strength * config_.field_direction[a];
                state.magnetisation = row.obs.m;
                snapshots_->write_spins(spins_, state);
            }
            ++rows_;
        }
        if (n == equil + total) break;
        if (n == 0 || n == equil)
            integrator_.set_temperature(running ? phase.temperature
                                                : phase.equilibration_temperature);
        integrator_.step(spins_, static_cast<std::uint64_t>(first + n));
        ++steps_done_;
        progress.update(n + 1);
    }
    loop_seconds_ += wall_seconds() - start;
    progress.finish(equil + total);
    if (table_file_ && (std::fflush(table_file_) != 0 || std::ferror(table_file_)))
        throw LocalError("writing the statistics file '" + table_path_ + "' failed");
}

Simulation::~Simulation() {
    if (table_file_) std::fclose(table_file_);
}

}  // namespace miniasd
