// What the GPU integrators (sim:device = gpu, docs/gpu.md) share: the rank's device (by its place
// on its node), the device's copy of the system (gpu/device_system.hpp) with the active terms'
// views pointing into device copies of their tables, the halo through the host, and the spins'
// copies between host and device. The spins stay on the device between steps; the simulation
// asks for them (to_host) before it reads them and hands them back (from_host) after it changed
// them. Each step computes every atom with the per-atom functions the CPU integrators use, so a
// run has the CPU run's bits.
//
// Across ranks (one GPU per rank): the device packs the atoms the halo sends, the host exchanges
// them with the CPU's halo (parallel/halo.hpp), and the ghosts go back to the device. Non-local
// stages (the dipolar field) run on the host at their update rate, from a copy of the spins, and
// their held field goes to the device when it changes.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gpu/device_system.hpp"
#include "integrate/integrator.hpp"
#include "util/gaussian.hpp"

namespace miniasd {

class GpuIntegrator : public Integrator {
  public:
    bool keeps_spins() const override { return true; }
    void to_host(Spins& s) override;
    void from_host(const Spins& s) override;
    // The device, its copy bandwidth, the traffic model and what was achieved (report.json).
    std::vector<std::pair<std::string, double>> figures() const override;

  protected:
    // Collective: every rank takes its device or every rank fails with the reason. held_as_term:
    // a held field (the dipolar field's) is one of the terms (Monte Carlo's energy changes), or
    // (LLG) added once per step with the thermal field.
    GpuIntegrator(const IntegratorContext& c, bool held_as_term);
    // At the start of a step: the views current with the applied field.
    void begin_step();
    // Collective, after the Hamiltonian's begin_step(step): the non-local stages prepared from
    // the spins (copied to the host only when a stage computes afresh), their held values sent
    // to the device when they changed.
    void prepare_stages(std::int64_t step);
    // The ghosts of S (or S') on the device, from the peers; timed as "halo".
    void exchange_halo(bool predicted);
    // The summary's device part: name, ns per atom-step, bandwidth, memory.
    std::string device_line() const;
    // Bytes per atom-step the step moves through device memory (docs/gpu.md).
    virtual double bytes_per_atom_step() const = 0;

    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    const parallel::Comm& comm_;
    Timers& timers_;
    int t_step_;                  // "gpu step": the device's kernels, as the host waits for them
    ZigguratTables ziggurat_;     // the Gaussian tables (thermal field, Gaussian moves)
    std::vector<double> moment_;  // per material, J/T
    std::unique_ptr<gpu::DeviceSystem> dev_;
    double index_bytes_ = 0;  // B per atom and pass of the terms' per-atom tables

  private:
    void take_views();  // the active terms' views, pointing into device copies
    bool held_as_term_;
    template <typename T>
    double per_atom_bytes(const T* table, std::int64_t count) const;

    parallel::HaloExchange& halo_;
    int t_halo_, t_copy_;
    gpu::DeviceInfo device_;
    std::vector<double> send_x_, send_y_, send_z_;  // the halo's faces, host side
    Spins stage_;                                   // host arrays the halo reads and writes
    std::vector<std::int64_t> held_versions_;       // per stage, of the values on the device
    Vec3 field_;                                    // the applied field the views were taken with
    double current_ = 1;                            // and the spin torques' current
    int terms_ = 0;                                 // active terms on the device
};

}  // namespace miniasd
