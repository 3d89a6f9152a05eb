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

void HeunSweep::add_times(double field_s, double update_s) {
    const int threads = omp_get_max_threads();
    timers_.add_seconds(t_field_, field_s / threads);
    timers_.add_seconds(t_integrate_, update_s / threads);
}

}  // namespace miniasd
