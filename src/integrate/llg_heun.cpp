#include "integrate/llg_heun.hpp"
#include "integrate/heun_traffic.hpp"
#include "util/environment.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "util/units.hpp"

namespace miniasd {

double thermal_field_sigma(double alpha, double moment, double temperature, double dt,
                           double relative_gamma) {
    return std::sqrt(2.0 * alpha * constants::boltzmann * temperature /
                     (constants::gyromagnetic_ratio * relative_gamma * moment * dt));
}

double thermal_field_sigma(const MaterialConfig& m, double temperature, double dt) {
    return thermal_field_sigma(m.damping, m.moment, rescaled_temperature(m, temperature), dt,
                               m.relative_gamma);
}

std::vector<double> thermal_field_sigmas(const std::vector<MaterialConfig>& materials,
                                         double temperature, double dt,
                                         const std::vector<double>& material_temperatures) {
    const bool local = local_temperatures(materials);
    std::vector<double> sigma;
    sigma.reserve(materials.size());
    for (std::size_t k = 0; k < materials.size(); ++k) {
        const MaterialConfig& m = materials[k];
        const double t = k < material_temperatures.size() ? material_temperatures[k]
                                                          : bath_temperature(m, local, temperature);
        sigma.push_back(thermal_field_sigma(m, t, dt));
    }
    return sigma;
}

LlgHeun::LlgHeun(const SystemSettings& c, const Stepping& stepping, const LocalSystem& sys,
                 Hamiltonian& h, parallel::HaloExchange& halo, Timers& timers)
    : sys_(sys),
      hamiltonian_(h),
      // Planned before the arrays below exist: its scratch (4 B per atom) then adds to no peak.
      sweep_(sys, h, halo, timers, !environment_set(EnvVar::no_fused_heun)),
      dt_(stepping.time_step),
      seed_(stepping.seed),
      ziggurat_(make_ziggurat_tables()) {
    for (const MaterialConfig& m : c.materials) {
        moment_.push_back(m.moment);
        alpha_.push_back(m.damping);
        gamma_eff_.push_back(constants::gyromagnetic_ratio * m.relative_gamma /
                             (1.0 + m.damping * m.damping));
        materials_.push_back(m);
    }
    predicted_.resize(sys.n_storage());
}

void LlgHeun::step(Spins& s, RunState& state) {
    if (state.temperature != temperature_ || state.material_temperatures != material_temperatures_)
        set_temperature(state.temperature, state.material_temperatures);
    // One material: its constants are loop invariants, where per-atom lookups would be gathers.
    // T = 0: no thermal field is drawn, stored or read (the arrays exist for a held field only).
    const auto step = static_cast<std::uint64_t>(state.step);
    hamiltonian_.begin_step(state.step);
    // A field held through the step (the dipolar field) joins the thermal field's arrays, which
    // exist from the first step above 0 K or with a held field. Steps at 0 K never read a drawn
    // field (a held one is copied over it), so one drawn at an earlier temperature cannot linger
    // as a frozen random field.
    const bool one = moment_.size() == 1, thermal = noise_ || hamiltonian_.held_field() != nullptr;
    if (thermal && tx_.empty())
        for (auto* v : {&tx_, &ty_, &tz_})
            v->assign(static_cast<std::size_t>(sys_.n_owned), 0.0);
    if (one && thermal)
        advance<true, true>(s, step);
    else if (one)
        advance<true, false>(s, step);
    else if (thermal)
        advance<false, true>(s, step);
    else
        advance<false, false>(s, step);
}

std::vector<std::pair<std::string, double>> LlgHeun::figures() const {
    const double regions = sweep_.regions_per_step();
    if (regions == 0) return {};
    const HeunFusion& fusion = sweep_.fusion();
    std::int64_t fused = 0;
    fusion.fusable_in(0, sys_.n_core, [&](std::int64_t b, std::int64_t e) { fused += e - b; });
    const double fused_fraction = double(fused) / double(std::max<std::int64_t>(1, sys_.n_owned));
    // The traffic model at the last step's temperature, fused where most atoms are.
    const double bytes =
        heun_bytes_per_atom_step(sys_.width, noise_ || hamiltonian_.held_field() != nullptr,
                                 !sys_.nbr.empty(), moment_.size() > 1, fused_fraction > 0.5);
    return {{"parallel_regions_per_step", regions},
            {"fused_fraction", fused_fraction},
            {"corrector_window_atoms", double(fusion.window)},
            {"model_bytes_per_atom_step", bytes}};
}

std::string LlgHeun::summary() const {
    const std::vector<std::pair<std::string, double>> f = figures();
    if (f.empty()) return "";
    const double regions = f[0].second;
    const HeunFusion& fusion = sweep_.fusion();
    char line[320];
    const int n = std::snprintf(
        line, sizeof line,
        "LLG-Heun: %.3g OpenMP parallel regions (thread barriers) per step on rank 0; ", regions);
    if (fusion.window > 0)
        std::snprintf(line + n, sizeof line - std::size_t(n),
                      "stages fused for %.1f%% of its atoms (corrector %lld atoms behind the "
                      "predictor)",
                      100.0 * f[1].second, static_cast<long long>(fusion.window));
    else
        std::snprintf(line + n, sizeof line - std::size_t(n), "stages in two passes");
    return line;
}

void LlgHeun::set_temperature(double kelvin, const std::vector<double>& material_temperatures) {
    temperature_ = kelvin;
    material_temperatures_ = material_temperatures;
    sigma_ = thermal_field_sigmas(materials_, kelvin, dt_, material_temperatures);
    noise_ = std::any_of(sigma_.begin(), sigma_.end(), [](double s) { return s > 0; });
}

// One step of the kernels (integrate/heun_kernels.hpp) over the sweep's traversal.
template <bool OneMaterial, bool Thermal>
void LlgHeun::advance(Spins& s, std::uint64_t step) {
    const HeunData d{sys_.material.data(),
                     gamma_eff_.data(),
                     alpha_.data(),
                     sigma_.data(),
                     dt_,
                     tx_.data(),
                     ty_.data(),
                     tz_.data(),
                     s.x.data(),
                     s.y.data(),
                     s.z.data(),
                     predicted_.x.data(),
                     predicted_.y.data(),
                     predicted_.z.data(),
                     sys_.gid.data(),
                     &ziggurat_,
                     seed_,
                     step,
                     noise_,
                     hamiltonian_.held_field(),
                     sys_.n_owned};
    sweep_.run(s, predicted_, HeunPredict<OneMaterial, Thermal>{d},
               HeunCorrect<OneMaterial, Thermal>{d});
}

}  // namespace miniasd
