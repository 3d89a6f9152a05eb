#include "integrate/gpu_llg_heun.hpp"

#include "integrate/llg_heun.hpp"

namespace miniasd {

GpuLlgHeun::GpuLlgHeun(const IntegratorContext& c)
    : GpuIntegrator(c, false), dt_(c.stepping.time_step) {
    for (const MaterialConfig& m : c.config.materials)
        materials_.push_back(m);
}

void GpuLlgHeun::step(Spins&, RunState& state) {  // the spins are the device's
    begin_step();
    if (state.temperature != temperature_) {
        temperature_ = state.temperature;
        // all zero: the device draws no noise
        dev_->set_sigma(thermal_field_sigmas(materials_, temperature_, dt_));
    }
    hamiltonian_.begin_step(state.step);
    prepare_stages(state.step);  // the dipolar field, held through the step
    const auto step = static_cast<std::uint64_t>(state.step);
    exchange_halo(false);  // timed as "halo", the stages as "gpu step"
    timers_.start(t_step_);
    dev_->predict(step);
    timers_.stop(t_step_);
    exchange_halo(true);
    timers_.start(t_step_);
    dev_->correct(step);  // returns when the device has finished the step
    dev_->finish_step();
    timers_.stop(t_step_);
}

double GpuLlgHeun::bytes_per_atom_step() const {
    // S read by the predictor, S' written; S and S' read and S written by the corrector (5 x 24
    // B); per stage the material index (4 B), the terms' per-atom tables and, with noise, the
    // global id (8 B). Neighbours' spins are taken to come from cache (they are the next rows'
    // own spins). The thermal field is drawn in both stages, not stored.
    const double held = hamiltonian_.held_field() ? 24.0 : 0.0;  // the dipolar field, read twice
    return 5 * 24.0 + 2 * (4.0 + index_bytes_ + held + (temperature_ > 0 ? 8.0 : 0.0));
}

std::string GpuLlgHeun::summary() const {
    return device_line();
}

}  // namespace miniasd
