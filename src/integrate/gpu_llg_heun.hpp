// LLG-Heun on a GPU (sim:device = gpu, docs/gpu.md): the same step as LlgHeun, each owned atom
// computed by a device thread with the shared per-atom kernels, so the spins have the CPU run's
// bits. The spins stay on the device between steps; the simulation asks for them (to_host) before
// it reads them and hands them back (from_host) after it changed them.
//
// Across ranks (one GPU per rank, by node-local rank): before each stage the device packs the
// atoms the halo sends, the host exchanges them with the CPU's halo (parallel/halo.hpp) and the
// ghosts go back to the device. What runs on the device: every local term, the thermal field,
// both stages. Not yet: non-local stages (the dipolar field) and Monte Carlo, refused by name.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gpu/device_heun.hpp"
#include "integrate/integrator.hpp"
#include "util/gaussian.hpp"

namespace miniasd {

class GpuLlgHeun final : public Integrator {
  public:
    explicit GpuLlgHeun(const IntegratorContext& c);
    const char* name() const override { return "llg-heun (gpu)"; }
    void step(Spins& s, RunState& state) override;
    bool keeps_spins() const override { return true; }
    void to_host(Spins& s) override;
    void from_host(const Spins& s) override;
    std::string summary() const override;
    std::vector<std::pair<std::string, double>> figures() const override;

  private:
    void take_views();                   // the active terms' views, pointing into device copies
    void exchange_halo(bool predicted);  // ghosts of S (or S') on the device, from the peers
    double bytes_per_atom_step() const;  // the traffic model (docs/gpu.md)
    template <typename T>
    double per_atom_bytes(const T* table, std::int64_t count) const;  // its share of the model

    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    parallel::HaloExchange& halo_;
    Timers& timers_;
    int t_step_, t_halo_, t_copy_;
    double dt_;
    ZigguratTables ziggurat_;
    std::vector<double> moment_, alpha_;
    double temperature_ = -1;  // K; < 0: not set yet
    Vec3 field_;               // the applied field the views were taken with
    gpu::DeviceInfo device_;
    std::unique_ptr<gpu::DeviceHeun> dev_;
    std::vector<double> send_x_, send_y_, send_z_;  // the halo's faces, host side
    Spins stage_;                                   // host arrays the halo reads and writes
    bool uploaded_ = false;
    int terms_ = 0;           // active terms on the device
    double index_bytes_ = 0;  // B per atom and stage of the terms' per-atom tables
};

}  // namespace miniasd
