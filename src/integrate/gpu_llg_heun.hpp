// LLG-Heun on a GPU (sim:device = gpu, docs/gpu.md): LlgHeun's step, each owned atom's predictor
// and corrector computed by a device thread (gpu/atom_stages.hpp), the thermal field drawn in
// both stages from (seed, id, step) rather than stored. The spins are the CPU run's bits.
#pragma once

#include <string>
#include <vector>

#include "integrate/gpu_integrator.hpp"

namespace miniasd {

class GpuLlgHeun final : public GpuIntegrator {
  public:
    explicit GpuLlgHeun(const IntegratorContext& c);
    const char* name() const override { return "llg-heun (gpu)"; }
    void step(Spins& s, RunState& state) override;
    std::string summary() const override;

  private:
    double bytes_per_atom_step() const override;

    double dt_;                              // s
    std::vector<MaterialConfig> materials_;  // their settings (the thermal field's sigma)
    double temperature_ = -1;                // K; < 0: not set yet
};

}  // namespace miniasd
