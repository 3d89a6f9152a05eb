// A skyrmion drifting under Zhang-Li current torques (hamiltonian/current_torque.hpp) moves at the
// velocity of Thiele's equation for a rigid texture,
//     sum_j (alpha D_ij - G_ij) v_j = sum_j (beta D_ij - G_ij) u_j,
// with the gyrotropic tensor G_xy = -G_yx = 4 pi Q (the topological-charge column's Q) and the
// dissipation tensor D_ij = sum over atoms of d_i S . d_j S (dimensionless), measured on the run's
// own final spins (central differences, the gradient the torque uses): its speed and its skyrmion
// Hall angle within 5 %. (Thiele's equation: for S(r - v t), dot the Gilbert equation with the
// current torques with S x d_i S and integrate; the exchange, DMI and anisotropy forces vanish for
// a free texture.)
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "physics/wire_tracks.hpp"

using namespace miniasd;
using namespace test::wires;

namespace {

// A Neel skyrmion in a periodic sc monolayer of 45 x 45 atoms (J = 1e-21 J, interfacial DMI
// 1.4e-22 J = 0.9 D_c, k = 3e-23 J; radius 28 A), alpha = 0.3, beta = 2 alpha, P = 0.5 and
// j = 7.12e11 A/m^2 along x: u = 30 m/s along -x.
const std::string skyrmion_film =
    "create:crystal-structure = sc\ncreate:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
    "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 13.5 !nm\n"
    "dimensions:system-size-y = 13.5 !nm\ndimensions:system-size-z = 3 !A\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:damping-constant = 0.3\n"
    "material[1]:exchange-matrix[1] = 1e-21\nmaterial[1]:interfacial-dmi-constant[1] = 1.4e-22\n"
    "material[1]:second-order-uniaxial-anisotropy-constant = 3e-23\n"
    "material[1]:spin-polarisation = 0.5\nmaterial[1]:non-adiabaticity = 0.6\n"
    "sim:current-density = 7.12e11, 0, 0 !A/m2\n"
    "sim:initial-spin-configuration = skyrmion\nsim:initial-skyrmion-radius = 2.5 !nm\n"
    "sim:time-step = 1 !fs\nsim:total-time-steps = 0\n"
    "output:topological-charge\noutput:skyrmion-centre\n";
constexpr int film = 45;

// D_xx, D_yy, D_xy of the gathered spins on the periodic film (dimensionless).
std::array<double, 3> dissipation(const Simulation& sim) {
    const std::vector<double> all = test::gather_spins(sim);
    auto at = [&](long x, long y, int c) {  // gid = x + film y on a one-site lattice
        const long g = (x + film) % film + film * ((y + film) % film);
        return all[std::size_t(3 * g + c)];
    };
    std::array<double, 3> d{0, 0, 0};
    for (long y = 0; y < film; ++y)
        for (long x = 0; x < film; ++x)
            for (int c = 0; c < 3; ++c) {
                const double dx = (at(x + 1, y, c) - at(x - 1, y, c)) / 2;
                const double dy = (at(x, y + 1, c) - at(x, y - 1, c)) / 2;
                d[0] += dx * dx, d[1] += dy * dy, d[2] += dx * dy;
            }
    return d;
}

}  // namespace

TEST(CurrentTorqueDrift, SkyrmionFollowsThieleWithItsHallAngle) {
    std::vector<double> t, x, y;
    std::array<double, 3> d{};
    double q = 0;
    const std::string error = test::run_on_first_ranks(
        parallel::Comm::world().size(), 1, skyrmion_film, [&](Simulation& sim) {
            for (int p = 1; p <= 30; ++p) {  // 150 ps
                Phase phase = time_series_phase(sim.config());
                phase.steps = phase.increment = 5000;
                phase.sample_at_start = false;
                sim.run(phase);
                const Observables& o = sim.last_sample();
                t.push_back(p * 5e-12);
                x.push_back(o.skyrmion_centre[0]);
                y.push_back(o.skyrmion_centre[1]);
                q = o.topological_charge;
            }
            d = dissipation(sim);
        });
    ASSERT_EQ(error, "");
    if (!parallel::Comm::world().is_root()) return;
    ASSERT_NEAR(q, -1, 1e-9);
    // Velocity: least squares over 40 to 150 ps, after the skyrmion has settled.
    auto fit = [&](const std::vector<double>& c) {
        double n = 0, st = 0, sc = 0, stt = 0, stc = 0;
        for (std::size_t i = 0; i < t.size(); ++i)
            if (t[i] >= 40e-12)
                n += 1, st += t[i], sc += c[i], stt += t[i] * t[i], stc += t[i] * c[i];
        return (n * stc - st * sc) / (n * stt - st * st);
    };
    const double vx = fit(x), vy = fit(y);
    // Thiele, u = (u, 0): solve (alpha D - G) v = (beta D - G) u for v, a 2 x 2 system.
    const double alpha = 0.3, beta = 0.6, g = 4 * M_PI * q;
    const double u = -drift(0.5, 7.12e11, 2 * mu_b);
    const double m00 = alpha * d[0], m01 = alpha * d[2] - g, m10 = alpha * d[2] + g,
                 m11 = alpha * d[1];
    const double r0 = beta * d[0] * u, r1 = (beta * d[2] + g) * u;
    const double det = m00 * m11 - m01 * m10;
    const double wx = (r0 * m11 - m01 * r1) / det, wy = (m00 * r1 - m10 * r0) / det;
    const double angle = std::atan2(vy, -vx), want_angle = std::atan2(wy, -wx);  // from -x
    std::printf(
        "D = (%.3f, %.3f, %.4f), Q = %.9f; v = (%.3f, %.3f) m/s, Thiele (%.3f, %.3f) m/s; "
        "Hall angle %.3f against %.3f degrees\n",
        d[0], d[1], d[2], q, vx, vy, wx, wy, angle * 180 / M_PI, want_angle * 180 / M_PI);
    EXPECT_NEAR(std::hypot(vx, vy) / std::hypot(wx, wy), 1, 0.05);
    EXPECT_NEAR(angle / want_angle, 1, 0.05);
    EXPECT_GT(std::abs(want_angle), 0.2);  // a Hall angle worth the name (about 18 degrees)
}
