#include "integrate/constrained_monte_carlo.hpp"
#include "integrate/gpu_llg_heun.hpp"
#include "integrate/gpu_monte_carlo.hpp"
#include "integrate/integrator.hpp"
#include "integrate/llg_heun.hpp"
#include "integrate/monte_carlo.hpp"

namespace miniasd {

std::unique_ptr<Integrator> make_integrator(const IntegratorContext& c) {
    if (c.stepping.device == Device::gpu) {
        if (c.stepping.integrator == IntegratorKind::monte_carlo)
            return std::make_unique<GpuMonteCarlo>(c);
        return std::make_unique<GpuLlgHeun>(c);
    }
    switch (c.stepping.integrator) {
        case IntegratorKind::llg_heun:
            break;
        case IntegratorKind::monte_carlo:
            return std::make_unique<MonteCarlo>(c);
        case IntegratorKind::constrained_monte_carlo:
        case IntegratorKind::hybrid_constrained_monte_carlo:
            return std::make_unique<ConstrainedMonteCarlo>(c);
    }
    return std::make_unique<LlgHeun>(c.config, c.stepping, c.system, c.hamiltonian, c.halo,
                                     c.timers);
}

}  // namespace miniasd
