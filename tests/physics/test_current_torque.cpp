// The Zhang-Li current torques (hamiltonian/current_torque.hpp) against exact and analytic results:
//  - on a spin spiral S = (cos qx, sin qx, 0) the lattice gradient is exact in closed form,
//    (S_{i+1} - S_{i-1}) / 2a = (sin qa / a) z x S, so the field is
//    H = -(u sin(qa) / (gamma a)) (beta z x S + z) at every atom (periodic, sc and bcc, with a
//    current component across the spiral that must add nothing); at an open end the one-sided
//    difference (S_1 - S_0) / a;
//  - a wall in a wire with an easy axis and a hard axis, below Walker breakdown, moves steadily at
//    v = (beta / alpha) u (Thiele's force balance for a 1D wall), and at v = u when beta = alpha;
//  - with no current and a field along the easy axis the same wall follows Walker's solution:
//    v = gamma delta B / alpha below B_W = alpha B_K / 2, and above it the mean velocity
//    gamma delta (B / alpha - sqrt(B^2 - B_W^2) / (alpha (1 + alpha^2))) over whole precession
//    periods;
//  - inputs where the current torque has no meaning or no effect are refused by name.
// The wall's velocity is read from the domain-wall-centre column's observable; the last position
// is also found from the gathered spins themselves.
#include <gtest/gtest.h>

#include <cmath>

#include "hamiltonian/term_registry.hpp"
#include "physics/wire_tracks.hpp"
#include "run/programs/program.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

using namespace test::wires;
const double gamma_e = constants::gyromagnetic_ratio;

// The field of every owned atom (T) and its spin.
struct AtomField {
    Vec3 position, s, h;
};
std::vector<AtomField> fields_of(Simulation& sim) {
    sim.observe();  // ghosts current
    const LocalSystem& sys = sim.system();
    std::vector<AtomField> out;
    std::vector<double> hx(1), hy(1), hz(1);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        sim.hamiltonian().field(sim.spins().view(), i, i + 1,
                                FieldView{hx.data(), hy.data(), hz.data()});
        const Spins& s = sim.spins();
        out.push_back({sim.lattice().position(sys.gid[std::size_t(i)]),
                       {s.x[std::size_t(i)], s.y[std::size_t(i)], s.z[std::size_t(i)]},
                       {hx[0], hy[0], hz[0]}});
    }
    return out;
}

// A spiral of one turn over 12 cells along x about z, a current along (x, y); only the torque
// acts (no exchange, anisotropy or field).
std::string spiral_input(const char* crystal, bool periodic_x, double beta) {
    char text[1024];
    std::snprintf(text, sizeof text,
                  "create:crystal-structure = %s\n%s"
                  "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
                  "dimensions:unit-cell-size = 3 !A\n"
                  "dimensions:system-size-x = 36 !A\ndimensions:system-size-y = 9 !A\n"
                  "dimensions:system-size-z = 6 !A\n"
                  "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 0\n"
                  "material[1]:spin-polarisation = 0.6\nmaterial[1]:non-adiabaticity = %.17g\n"
                  "sim:current-density = 1e12, 3e11, 0 !A/m2\n"
                  "sim:initial-spin-configuration = spiral\n"
                  "sim:initial-spiral-wave-vector = 0.083333333333333333, 0, 0\n"
                  "sim:total-time-steps = 0\n",
                  crystal, periodic_x ? "create:periodic-boundaries-x\n" : "", beta);
    return text;
}

}  // namespace

TEST(CurrentTorque, SpiralFieldIsTheExactLatticeGradient) {
    const int world = parallel::Comm::world().size();
    const double beta = 0.3, theta = 2 * M_PI / 12;
    for (const char* crystal : {"sc", "bcc"}) {
        const std::string error = test::run_on_first_ranks(
            world, 1, spiral_input(crystal, true, beta), [&](Simulation& sim) {
                const double sites = double(sim.lattice().sites());
                // M_s = sites mu / a^3: u is the sc value over the sites per cell.
                const double u = -drift(0.6, 1e12, 2 * mu_b) / sites;  // along the electrons
                const double c = -u * std::sin(theta) / (gamma_e * a);
                double worst = 0;
                for (const AtomField& f : fields_of(sim)) {
                    const Vec3 zxs{-f.s[1], f.s[0], 0};
                    const Vec3 want{c * beta * zxs[0], c * beta * zxs[1], c};
                    for (int k = 0; k < 3; ++k)
                        worst =
                            std::max(worst, std::abs(f.h[std::size_t(k)] - want[std::size_t(k)]));
                }
                EXPECT_LT(worst, 1e-12 * std::abs(c)) << crystal;
            });
        EXPECT_EQ(error, "");
    }
}

TEST(CurrentTorque, OpenEndsTakeTheOneSidedDifference) {
    const int world = parallel::Comm::world().size();
    const double beta = 0.3, theta = 2 * M_PI / 12;
    const std::string error =
        test::run_on_first_ranks(world, 1, spiral_input("sc", false, beta), [&](Simulation& sim) {
            const double u = -drift(0.6, 1e12, 2 * mu_b);
            auto spin = [](double phase) { return Vec3{std::cos(phase), std::sin(phase), 0}; };
            for (const AtomField& f : fields_of(sim)) {
                const int cell = int(std::lround(f.position[0] / a));
                if (cell != 0 && cell != 11) continue;
                // One neighbour, inside: (S_ahead - S_behind) / a with the atom itself outside.
                const Vec3 ahead = cell == 0 ? spin(theta) : spin(cell * theta);
                const Vec3 behind = cell == 0 ? spin(0) : spin((cell - 1) * theta);
                const Vec3 d{u * (ahead[0] - behind[0]) / a, u * (ahead[1] - behind[1]) / a, 0};
                const Vec3 sxd{f.s[1] * d[2] - f.s[2] * d[1], f.s[2] * d[0] - f.s[0] * d[2],
                               f.s[0] * d[1] - f.s[1] * d[0]};
                for (std::size_t k = 0; k < 3; ++k)
                    EXPECT_NEAR(f.h[k], -(beta * d[k] + sxd[k]) / gamma_e,
                                1e-9 * std::abs(u) / (gamma_e * a))
                        << "cell " << cell << " component " << k;
            }
        });
    EXPECT_EQ(error, "");
}

TEST(CurrentTorque, InputsWithoutAnEffectAreRefused) {
    const std::string base =
        "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 12 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\n";
    EXPECT_NE(test::input_refusal(base + "sim:current-density = 1e12, 0, 0\n")
                  .find("no material carries a spin-polarised current"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(base + "material[1]:spin-polarisation = 0.5\n")
                  .find("acts only with a current"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(
                  base + "sim:current-density = 1e12, 0, 0\nmaterial[1]:non-adiabaticity = 0.1\n")
                  .find("material[1]:spin-polarisation and sim:current-density"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(
                  base + "sim:current-density = 1e12\nmaterial[1]:spin-polarisation = 0.5\n")
                  .find("expected three components"),
              std::string::npos);
    const std::string driven =
        base + "sim:current-density = 1e12, 0, 0 !A/m2\nmaterial[1]:spin-polarisation = 0.5\n";
    EXPECT_NE(test::input_refusal(driven + "sim:integrator = monte-carlo\n")
                  .find("monte-carlo has no spin torques"),
              std::string::npos);
    EXPECT_NE(test::input_refusal(driven + "sim:program = relax\nsim:total-time-steps = 100\n")
                  .find("relax minimises the energy"),
              std::string::npos);
    EXPECT_EQ(test::input_refusal(driven + "sim:program = electrical-pulse\n"), "");
    const Config c = test::config_from_text(base +
                                            "sim:current-density = 1, 0, 0 !MA/cm2\n"
                                            "material[1]:spin-polarisation = 0.5\n");
    EXPECT_EQ(c.torques.current_density[0], 1e10);  // 1 MA/cm^2 = 1e10 A/m^2
}

// Below Walker breakdown (u_W = alpha gamma delta B_K / (2 |beta - alpha|) = 57 m/s here) the wall
// settles into steady motion along the electrons' flow (-x for j along +x) at (beta / alpha) u.
// The lattice gradient's error, (a / delta)^2 / 6 = 0.7 % at delta = 5a, is inside the 3 %.
TEST(CurrentTorque, WallMovesAtBetaOverAlphaTimesU) {
    const double u = drift(wire_p, 4e11, wire_mu);  // 16.0 m/s
    for (const double beta : {0.25, 0.5}) {
        Wire w;
        w.beta = beta;
        w.j = 4e11;
        w.position = 0.7;
        const Track k = track(w, 400);
        if (!parallel::Comm::world().is_root()) continue;
        const double v = -slope(k, 200e-12), want = beta / w.alpha * u;
        std::printf("beta/alpha %.2f: v = %.4f m/s, (beta/alpha) u = %.4f m/s\n", beta / w.alpha, v,
                    want);
        EXPECT_NEAR(v / want, 1, beta == w.alpha ? 0.02 : 0.03) << "beta " << beta << ": " << v;
        EXPECT_NEAR(k.last_from_spins, k.x.back(), 1e-12);
    }
}

// No current; a field along the easy axis. B_W = alpha B_K / 2 = 0.054 T.
TEST(CurrentTorque, FieldDrivenWallFollowsWalkersSolution) {
    const double alpha = 0.5, b_w = alpha * (2 * wire_kh / wire_mu) / 2;
    for (const double ratio : {0.5, 3.0}) {
        Wire w;
        w.field = ratio * b_w;
        w.position = 0.3;
        const Track k = track(w, ratio < 1 ? 500 : 600);
        if (!parallel::Comm::world().is_root()) continue;
        const double b = w.field;
        if (ratio < 1) {
            const double v = slope(k, 250e-12), want = gamma_e * wire_delta * b / alpha;
            std::printf("B = %.1f B_W: v = %.4f m/s, Walker %.4f m/s\n", ratio, v, want);
            EXPECT_NEAR(v / want, 1, 0.03) << "below: " << v << " against " << want;
            // Steady: the wall's angle has settled.
            EXPECT_NEAR(k.phi.back(), k.phi[k.phi.size() - 50], 1e-3);
        } else {
            int turns = 0;
            const double v = periodic_mean(k, 100e-12, &turns);
            const double s = std::sqrt(b * b - b_w * b_w);
            const double want =
                gamma_e * wire_delta * (b / alpha - s / (alpha * (1 + alpha * alpha)));
            std::printf("B = %.1f B_W: mean v = %.4f m/s over %d half-turns, Walker %.4f m/s\n",
                        ratio, v, turns, want);
            EXPECT_GE(turns, 2);
            EXPECT_NEAR(v / want, 1, 0.03) << "above: " << v << " against " << want;
        }
        EXPECT_NEAR(k.last_from_spins, k.x.back(), 1e-12);
    }
}

// A current component along an axis the system is one cell long (or a periodic two) has no
// change of the spins from cell to cell to act on: refused by name (it was accepted and did
// nothing).
TEST(CurrentTorque, ACurrentAlongAnAxisOfOneCellIsRefused) {
    const std::string film =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 30 !A\ndimensions:system-size-y = 30 !A\n"
        "dimensions:system-size-z = 3 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 1e-21\nmaterial[1]:spin-polarisation = 0.5\n"
        "sim:total-time-steps = 0\n";
    for (const char* current : {"0, 0, 1e12", "1e12, 0, 1e11"}) {
        const Config c =
            test::config_from_text(film + "sim:current-density = " + current + " !A/m2\n");
        try {
            plan_hamiltonian(c, make_lattice(c));
            ADD_FAILURE() << current;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("sim:current-density has a component along z, but "
                                                 "the system is one unit cell long along z"),
                      std::string::npos)
                << e.what();
        }
    }
    const Config ok = test::config_from_text(film + "sim:current-density = 1e12, 0, 0 !A/m2\n");
    EXPECT_NO_THROW(plan_hamiltonian(ok, make_lattice(ok)));
}
