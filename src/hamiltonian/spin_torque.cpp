#include "hamiltonian/spin_torque.hpp"

namespace miniasd {

namespace {

void fill(const std::vector<double>& a, const std::vector<double>& b,
          const std::vector<double>& lambda, const Vec3& p, kernels::TorqueTable& t) {
    t.a = a.data();
    t.b = b.data();
    t.lambda = lambda.data();
    for (int c = 0; c < 3; ++c)
        t.p[c] = p[c];
    t.acts = false;
    for (std::size_t m = 0; m < a.size(); ++m)
        t.acts = t.acts || a[m] != 0 || b[m] != 0;
}

}  // namespace

SpinTorque::SpinTorque(const std::int32_t* material, const SpinTorqueSettings& c) {
    for (const MaterialConfig& m : c.materials) {
        const double alpha = m.damping;
        // VAMPIRE's coefficients: with them the LLG's 1/(1 + alpha^2) and its damping term leave
        // exactly a_j S x (S x p) + b_j S x p (kernels/spin_torque.hpp).
        stt_a_.push_back(m.stt.relaxation - alpha * m.stt.precession);
        stt_b_.push_back(m.stt.precession + alpha * m.stt.relaxation);
        stt_lambda_.push_back(m.stt.asymmetry);
        sot_a_.push_back(m.sot.relaxation - alpha * m.sot.precession);
        sot_b_.push_back(m.sot.precession + alpha * m.sot.relaxation);
        sot_lambda_.push_back(m.sot.asymmetry);
    }
    view_.material = material;
    view_.current = 1;
    fill(stt_a_, stt_b_, stt_lambda_, c.torques.stt_polarisation, view_.stt);
    fill(sot_a_, sot_b_, sot_lambda_, c.torques.sot_polarisation, view_.sot);
}

}  // namespace miniasd
