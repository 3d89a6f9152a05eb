// The Zhang-Li current torques of sim:current-density as the effective field of
// kernels/current_torque.hpp (docs/physics.md, "Current torques"). Its reach: the same basis
// site one cell ahead and one behind along each axis the current has a component on. Not
// conservative: no energy (LocalTerm::conservative).
#pragma once

#include <vector>

#include "hamiltonian/current_driven.hpp"
#include "hamiltonian/kernel_term.hpp"
#include "hamiltonian/reach.hpp"
#include "hamiltonian/spin_torque_section.hpp"
#include "kernels/current_torque.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

namespace miniasd {

class CurrentTorque final : public KernelTerm<kernels::CurrentTorqueView>, public CurrentDriven {
  public:
    // The offsets it reads, per basis site: (+1, -1) cell along each axis with a current
    // component, in the order x, y, z.
    static Reach reach(const SpinTorqueSettings& c, const Lattice& l);
    // columns[site][k]: the neighbour-table column of the k-th offset of reach().
    CurrentTorque(const LocalSystem& sys, const Lattice& l, const SpinTorqueSettings& c,
                  const std::vector<std::vector<int>>& columns);
    const char* name() const override { return "current-torque"; }
    // No energy: the statistics skip it (conservative() is false); a kind is still required.
    TermKind kind() const override { return TermKind::applied_field; }
    bool conservative() const override { return false; }
    bool active() const override { return current_ != 0; }
    // The kernel over owned atoms [begin, end) with the axis count fixed at compile time.
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override;
    double current() const override { return current_; }
    void set_current(double fraction) override;
    // The spin-drift velocity of material m (m/s, along the electrons' flow).
    Vec3 drift_velocity(int m) const { return velocity_[std::size_t(m)]; }

  private:
    double current_ = 1;
    std::vector<std::int32_t> ahead_, behind_;  // [a * n_owned + i]
    std::vector<std::uint8_t> span_;
    std::vector<double> drift_, beta_;  // [material * 3 + a] (1/s), [material]
    std::vector<Vec3> velocity_;        // [material] u, m/s
};

// The spin-drift velocity u = -P g mu_B j / (2 |e| M_s) of a material (m/s), g = 2, with
// M_s = mu_s / (the cell's volume / its sites) (A/m).
Vec3 spin_drift_velocity(const SpinTorqueSettings& c, const Lattice& l, int material);

}  // namespace miniasd
