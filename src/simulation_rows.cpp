// The statistics of the run: observing the state (the exact sums, the topological charge),
// samples, rows of the table and screen, and snapshots.
#include "simulation.hpp"

namespace miniasd {

Observables Simulation::observe() {
    sync_field();
    pull_spins();
    hamiltonian_.prepare(spins_.view());
    halo_.start(spins_.x.data(), spins_.y.data(), spins_.z.data());
    halo_.finish(spins_.x.data(), spins_.y.data(), spins_.z.data());
    std::vector<ExactSum> local = local_sums(config_, system_, spins_, hamiltonian_);
    const std::size_t width = local.size();
    std::size_t texture_width = 0;
    if (textures_) {
        const std::vector<ExactSum> t = textures_->local_sums(spins_.view());
        texture_width = t.size();
        local.insert(local.end(), t.begin(), t.end());
    }
    if (wall_) {
        const std::vector<ExactSum> w = wall_->local_sums(spins_.view());
        local.insert(local.end(), w.begin(), w.end());
    }
    std::vector<std::int64_t> sums = pack(local);
    comm().sum_in_place(sums);
    std::vector<double> values = reduced_values(sums);
    const auto at = [&](std::size_t k) { return values.begin() + std::ptrdiff_t(k); };
    const std::vector<double> textures(at(width), at(width + texture_width)),
        wall(at(width + texture_width), values.end());
    values.resize(width);
    Observables o = finish_observables(values, counted_, counted_atoms_);
    if (textures_) textures_->finish(textures, o);
    if (wall_) wall_->finish(wall, o);
    return o;
}

void Simulation::agree_table_write(const std::string& why) const {
    // Only rank 0 writes the table; every rank stops at the first failed row, together.
    comm().throw_if_any(why.empty()
                            ? why
                            : "writing the statistics file '" + table_path_ + "' failed: " + why +
                                  " (the rows before are complete; the run stops here)");
}

void Simulation::write_row(bool snapshot) {
    // The ranks' agreement on the row's write and a snapshot's MPI count as I/O only (counted as
    // MPI too, they made the report's compute part negative under load).
    IoTimer t(timers_, t_output_);
    const RowContext row{state_, sample_, counted_atoms_, total_moment_, material_moment_};
    agree_table_write(table_->write_row(row));
    screen_->write_row(row);
    snapshot_written_ =
        snapshots_ && (snapshot || state_.rows % config_.output.atoms_output_rate == 0);
    if (snapshot_written_) write_snapshot();
    ++state_.rows;
}

void Simulation::write_snapshot() {
    SnapshotState snap;
    snap.step = state_.step;
    snap.time = state_.time();
    snap.dt = config_.time_step;
    snap.temperature = state_.temperature;
    snap.field = state_.field();
    snap.magnetisation = sample_.m;
    pull_spins();
    snapshots_->write_spins(spins_, snap);
    snapshot_written_ = true;
}

void Simulation::sample(bool write) {
    timers_.start(t_stats_);
    sample_ = observe();
    state_.accumulator.add(sample_series(sample_, state_.field_direction));
    timers_.stop(t_stats_);
    check_sample();
    // VAMPIRE's output-rate counts time steps: a sample's row is written when its step is a
    // multiple of the rate (with a rate that no sample step divides, no row at all).
    if (write && state_.step % config_.columns.rate == 0) write_row();
    ++state_.samples;
}

}  // namespace miniasd
