// The Slonczewski-type spin torques, spin-transfer (STT) and spin-orbit (SOT), as the effective
// field of kernels/spin_torque.hpp (docs/physics.md, "Spin torques"). Not conservative: no
// energy, and its field is not the gradient of one (LocalTerm::conservative).
#pragma once

#include <vector>

#include "hamiltonian/current_driven.hpp"
#include "hamiltonian/kernel_term.hpp"
#include "hamiltonian/spin_torque_section.hpp"
#include "kernels/spin_torque.hpp"

namespace miniasd {

class SpinTorque final : public KernelTerm<kernels::SpinTorqueView, true>, public CurrentDriven {
  public:
    // The materials' constants and damping, the polarisers of c.torques.
    SpinTorque(const std::int32_t* material, const SpinTorqueSettings& c);
    const char* name() const override { return "spin-torque"; }
    // No energy: the statistics skip it (conservative() is false); a kind is still required.
    TermKind kind() const override { return TermKind::applied_field; }
    bool conservative() const override { return false; }
    bool active() const override { return view_.current != 0; }
    double current() const override { return view_.current; }
    void set_current(double fraction) override { view_.current = fraction; }

  private:
    // [material]: A = a_j - alpha b_j, B = b_j + alpha a_j (T), lambda; STT then SOT.
    std::vector<double> stt_a_, stt_b_, stt_lambda_, sot_a_, sot_b_, sot_lambda_;
};

}  // namespace miniasd
