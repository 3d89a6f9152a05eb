#include "simulation.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "programs/program.hpp"
#include "system/materials.hpp"
#include "util/error.hpp"
#include "util/progress.hpp"

namespace miniasd {

Simulation::Simulation(const parallel::Comm& world, Config config, RunOptions options)
    : config_(std::move(config)),
      options_(std::move(options)),
      lattice_(make_lattice(config_)),
      decomposition_(parallel::decompose(world, lattice_.cells, lattice_.periodic)),
      system_(build_local_system(lattice_, decomposition_.grid, MaterialMap(config_, lattice_))),
      spins_(initial_spins(config_, system_)),
      hamiltonian_(config_, system_),
      halo_(decomposition_.comm, system_.peers) {
    integrator_ = make_integrator(IntegratorContext{config_, lattice_, system_, hamiltonian_, halo_,
                                                    decomposition_.comm, timers_});
    t_stats_ = timers_.add("statistics");
    t_output_ = timers_.add("output");
    state_.time_step = config_.time_step;
    state_.temperature = state_.phonon_temperature = config_.temperature;
    state_.field_strength = config_.field_strength;
    state_.field_direction = config_.field_direction;
    material_moment_.assign(config_.materials.size(), 0.0);
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        const auto m = static_cast<std::size_t>(system_.material[i]);
        material_moment_[m] += config_.materials[m].moment;
    }
    comm().sum_in_place(material_moment_);
    for (double mu : material_moment_)
        total_moment_ += mu;
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

std::FILE* Simulation::open_output_file(const std::string& name, std::string& path) const {
    if (!options_.write_files) return nullptr;
    path = (std::filesystem::path(options_.output_dir) / name).string();
    std::FILE* f = nullptr;
    int status = 0;
    std::string why;
    if (comm().is_root() && !std::filesystem::is_directory(options_.output_dir)) {
        status = ENOTDIR;
        why = "the output directory '" + options_.output_dir + "' does not exist";
    } else if (comm().is_root()) {
        f = std::fopen(path.c_str(), "w");
        if (!f) {
            status = errno ? errno : EIO;
            why = std::strerror(status);
        }
    }
    comm().broadcast(status, why);  // every rank learns whether rank 0 could open it
    if (status != 0) throw Error("cannot create the output file '" + path + "': " + why);
    return f;
}

void Simulation::start() {
    table_file_ = open_output_file("output", table_path_);
    const std::vector<std::string> columns = config_.output_columns.empty()
                                                 ? default_output_columns(config_.program)
                                                 : config_.output_columns;
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
        const std::int64_t rows =
            planned_rows_ >= 0
                ? planned_rows_
                : config_.total_steps / config_.steps_increment / config_.output_rate + 1;
        snapshots_ = std::make_unique<SnapshotOutput>(
            config_, lattice_, system_, comm(), options_.output_dir,
            (rows + config_.output.atoms_output_rate - 1) / config_.output.atoms_output_rate,
            options_.verbose);
        ScopedTimer t(timers_, t_output_);
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
    p.field_strength = c.field_strength;
    return p;
}

void Simulation::run() {
    make_program(config_)->run(*this);
}

void Simulation::write_row() {
    ScopedTimer t(timers_, t_output_);
    const RowContext row{state_, sample_, system_.n_global, total_moment_, material_moment_};
    table_->write_row(row);
    screen_->write_row(row);
    if (snapshots_ && state_.rows % config_.output.atoms_output_rate == 0) {
        SnapshotState snap;
        snap.step = state_.step;
        snap.time = state_.time();
        snap.dt = config_.time_step;
        snap.temperature = state_.temperature;
        snap.field = state_.field();
        snap.magnetisation = sample_.m;
        snapshots_->write_spins(spins_, snap);
    }
    ++state_.rows;
}

void Simulation::sample(bool write) {
    timers_.start(t_stats_);
    sample_ = observe();
    state_.accumulator.add(sample_series(sample_, state_.field_direction));
    timers_.stop(t_stats_);
    if (write && samples_ % config_.output_rate == 0) write_row();
    ++samples_;
}

void Simulation::advance() {
    const Vec3 b = state_.field();
    if (b != hamiltonian_.applied_field()) hamiltonian_.set_applied_field(b);
    integrator_->step(spins_, state_);
    ++state_.step;
}

void Simulation::begin_phase(const Phase& p) {
    if (!started_) start();
    if (p.field_strength) state_.field_strength = *p.field_strength;
    state_.temperature = p.equilibration_steps > 0 ? p.equilibration_temperature : p.temperature;
    state_.phonon_temperature = state_.temperature;
}

void Simulation::run(const Phase& phase) {
    begin_phase(phase);
    const std::int64_t equil = phase.equilibration_steps, total = phase.steps;
    Progress progress("steps", equil + total, system_.n_global,
                      comm().is_root() && options_.progress,
                      options_.screen ? options_.screen : stdout);
    const double start = wall_seconds();

    // The time loop: equilibration steps first (no statistics), then the sampled steps.
    for (std::int64_t n = 0; n <= equil + total; ++n) {
        if (n == equil) {
            state_.temperature = state_.phonon_temperature = phase.temperature;
            const std::int64_t samples = total / phase.increment + (phase.sample_at_start ? 1 : 0);
            state_.accumulator.reset(
                static_cast<std::size_t>(series::count(config_.materials.size())), samples);
        }
        const bool sampled = n >= equil && (n - equil) % phase.increment == 0 &&
                             (phase.sample_at_start || n > equil);
        if (sampled || (n == equil + total && !phase.sample_at_start)) sample(phase.row_per_sample);
        if (n == equil + total) break;
        if (phase.drive) phase.drive(state_, n);
        advance();
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
