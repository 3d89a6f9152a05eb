// Metropolis Monte Carlo on a GPU (sim:device = gpu, docs/gpu.md): MonteCarlo's sweep, colour by
// colour, each atom of a colour tried by a device thread (gpu/atom_stages.hpp: the move, its
// energy change over every term, the acceptance, with the CPU's random numbers), the moves taken
// counted by a tree in shared memory, the halo between colours, the adaptive width from the
// counts summed over ranks. The spins are the CPU run's bits.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "integrate/gpu_integrator.hpp"
#include "integrate/monte_carlo.hpp"

namespace miniasd {

class GpuMonteCarlo final : public GpuIntegrator {
  public:
    explicit GpuMonteCarlo(const IntegratorContext& c);
    const char* name() const override { return "monte-carlo (gpu)"; }
    void step(Spins& s, RunState& state) override;
    std::string summary() const override;
    std::vector<std::pair<std::string, double>> figures() const override;

  private:
    double bytes_per_atom_step() const override;

    MonteCarloMove move_;
    double rescaling_curie_, rescaling_exponent_;  // the materials' (MonteCarlo's)
    int colours_ = 0;
    std::int64_t trials_ = 0, accepted_ = 0;  // over the whole run and all ranks
};

}  // namespace miniasd
