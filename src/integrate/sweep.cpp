#include "integrate/sweep.hpp"

namespace miniasd {

HeunSweep::HeunSweep(const LocalSystem& sys, Hamiltonian& h, parallel::HaloExchange& halo,
                     Timers& timers, bool fuse)
    : sys_(sys),
      hamiltonian_(h),
      halo_(halo),
      timers_(timers),
      t_field_(timers.add("field")),
      t_halo_(timers.add("halo")),
      t_integrate_(timers.add("integrate")) {
    if (fuse) fusion_ = plan_heun_fusion(sys, h);
}

void HeunSweep::halo_start(const Spins& s) {
    timers_.start(t_halo_);
    halo_.start(s.x.data(), s.y.data(), s.z.data());
    timers_.stop(t_halo_);
}

void HeunSweep::halo_finish(Spins& s) {
    timers_.start(t_halo_);
    halo_.finish(s.x.data(), s.y.data(), s.z.data());
    timers_.stop(t_halo_);
}

void HeunSweep::prepare(const Spins& s) {
    if (!hamiltonian_.non_local()) return;
    timers_.start(t_field_);
    hamiltonian_.prepare(s.view());  // collective
    timers_.stop(t_field_);
}

CarryLinear HeunSweep::linear(std::int64_t begin, std::int64_t end) {
    const std::size_t need = 3 * static_cast<std::size_t>(end - begin);
    if (carry_.size() < need) carry_.assign(need, 0.0);
    return {carry_.data(), end - begin, begin};
}

// The fused corrector of atom i runs once the predictor has done a chunk ending more than the
// window above i, so at most window + chunk atoms are in flight: the next power of two holds them.
std::int64_t HeunSweep::ring_atoms() const {
    std::int64_t r = chunk;
    while (r < fusion_.window + chunk)
        r *= 2;
    return r;
}

double* HeunSweep::rings(int threads) {
    const std::size_t need =
        3 * static_cast<std::size_t>(ring_atoms()) * static_cast<std::size_t>(threads);
    if (ring_.size() < need) ring_.assign(need, 0.0);
    return ring_.data();
}

void HeunSweep::add_times(double field_s, double update_s) {
    const int threads = omp_get_max_threads();
    timers_.add_seconds(t_field_, field_s / threads);
    timers_.add_seconds(t_integrate_, update_s / threads);
}

}  // namespace miniasd
