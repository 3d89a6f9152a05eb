// The statistics of the run: observing the state (the exact sums, the topological charge),
// samples, rows of the table and screen, and snapshots.
#include "run/simulation.hpp"

namespace miniasd {

Observables Simulation::observe() {
    sync_field();
    pull_spins();
    hamiltonian_.prepare(spins_.view());
    halo_.start(spins_.x.data(), spins_.y.data(), spins_.z.data());
    halo_.finish(spins_.x.data(), spins_.y.data(), spins_.z.data());
    const bool material_energies = config_.columns.shows("material-total-energy") ||
                                   config_.columns.shows("material-mean-total-energy") ||
                                   config_.columns.shows("material-mean-specific-heat");
    std::vector<ExactSum> local =
        local_sums(config_, system_, spins_, hamiltonian_, material_energies);
    const std::size_t width = local.size();
    std::size_t texture_width = 0;
    if (measures_.textures) {
        const std::vector<ExactSum> t = measures_.textures->local_sums(spins_.view());
        texture_width = t.size();
        local.insert(local.end(), t.begin(), t.end());
    }
    std::size_t wall_width = 0;
    if (measures_.wall) {
        const std::vector<ExactSum> w = measures_.wall->local_sums(spins_.view());
        wall_width = w.size();
        local.insert(local.end(), w.begin(), w.end());
    }
    if (measures_.heights) {
        const std::vector<ExactSum> h = measures_.heights->local_sums(spins_.view());
        local.insert(local.end(), h.begin(), h.end());
    }
    std::vector<std::int64_t> sums = pack(local);
    comm().sum_in_place(sums);
    std::vector<double> values = reduced_values(sums);
    const auto at = [&](std::size_t k) { return values.begin() + std::ptrdiff_t(k); };
    const std::size_t walls = width + texture_width, heights = walls + wall_width;
    const std::vector<double> textures(at(width), at(walls)), wall(at(walls), at(heights)),
        height(at(heights), values.end());
    values.resize(width);
    Observables o = finish_observables(values, measures_.counted, measures_.counted_atoms);
    if (measures_.textures) measures_.textures->finish(textures, o);
    if (measures_.wall) measures_.wall->finish(wall, o);
    if (measures_.heights) measures_.heights->finish(height, o);
    return o;
}

std::size_t Simulation::series_width() const {
    const int heights = measures_.heights ? measures_.heights->heights() : 0;
    return static_cast<std::size_t>(series::count(config_.materials.size(), heights));
}

std::uint64_t Simulation::spin_hash() const {
    pull_spins();
    return comm().wrapping_sum(local_spin_hash(spins_, system_));
}

std::FILE* Simulation::open_output_file(const std::string& name, std::string& path,
                                        bool* appended) const {
    return rows_.files.open(name, path, appended);
}

void Simulation::agree_table_write(const std::string& why) const {
    // Only rank 0 writes the table; every rank stops at the first failed row, together.
    comm().throw_if_any(why.empty() ? why
                                    : "writing the statistics file '" + rows_.table_path +
                                          "' failed: " + why +
                                          " (the rows before are complete; the run stops here)");
}

void Simulation::write_row(bool snapshot) {
    // The ranks' agreement on the row's write and a snapshot's MPI count as I/O only (counted as
    // MPI too, they made the report's compute part negative under load).
    IoTimer t(timers_, account_.t_output);
    const RowContext row{state_,
                         measures_.sample,
                         measures_.counted_atoms,
                         measures_.total_moment,
                         measures_.material_moment,
                         &measures_.material_atoms,
                         &config_.materials};
    agree_table_write(rows_.table->write_row(row));
    rows_.screen->write_row(row);
    rows_.snapshot_written = false;
    observers_.notify(LoopMoment::row, state_.rows);  // the snapshots at their rate
    if (snapshot && rows_.snapshots && !rows_.snapshot_written) write_snapshot();
    ++state_.rows;
}

void Simulation::write_snapshot() {
    SnapshotState snap;
    snap.step = state_.step;
    snap.time = state_.time();
    snap.dt = config_.sim.time_step;
    snap.temperature = state_.temperature;
    snap.field = state_.field();
    snap.magnetisation = measures_.sample.m;
    pull_spins();
    rows_.snapshots->write_spins(spins_, snap);
    rows_.snapshot_written = true;
}

void Simulation::sample(bool write) {
    timers_.start(account_.t_stats);
    measures_.sample = observe();
    state_.accumulator.add(sample_series(measures_.sample, state_.field_direction));
    timers_.stop(account_.t_stats);
    check_sample();
    if (write) observers_.notify(LoopMoment::sample, state_.step);  // the row at its rate
    ++state_.samples;
}

}  // namespace miniasd
