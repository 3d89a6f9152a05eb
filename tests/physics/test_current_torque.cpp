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

#include "programs/program.hpp"
#include "programs/programs.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

constexpr double mu_b = 9.2740100783e-24;   // J/T
constexpr double charge = 1.602176634e-19;  // C
const double gamma_e = constants::gyromagnetic_ratio;
constexpr double a = 3e-10;  // m, the cells' edge in every input here

// u = P mu_B j / (|e| M_s) with M_s = mu / a^3 (one atom per simple-cubic cell), m/s.
double drift(double polarisation, double j, double mu) {
    return polarisation * mu_b * j / (charge * (mu / (a * a * a)));
}

std::string refusal(const std::string& text) {
    try {
        test::config_from_text(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

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

// A wire along x, 100 x 1 x 2 simple-cubic cells, J = 1e-21 J, mu = 2 mu_B: its lower layer has
// an easy axis z (k = 4e-23 J), its upper one a hard axis x (k = -4e-24 J). Exchange makes the
// two layers one spin, so per atom K = 2e-23 J (easy z) and K_h = 2e-24 J (hard x): a Bloch
// wall of width delta = a sqrt(J / 2K) = 5a, B_K = 2 K_h / mu = 0.216 T across it. Both layers
// carry the current.
struct Wire {
    double alpha = 0.5, beta = 0, j = 0, field = 0;  // j in A/m^2, field (T) along +z
    double position = 0.5;                           // of the wall, as a fraction of the wire
};
constexpr double wire_j = 1e-21, wire_k = 2e-23, wire_kh = 2e-24, wire_mu = 2 * mu_b, wire_p = 0.5;
const double wire_delta = a * std::sqrt(wire_j / (2 * wire_k));

std::string wire_input(const Wire& w) {
    std::string text =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 30 !nm\ndimensions:system-size-y = 3 !A\n"
        "dimensions:system-size-z = 6 !A\nmaterial:num-materials = 2\n";
    char m[1024];
    for (int k = 1; k <= 2; ++k) {
        std::snprintf(m, sizeof m,
                      "material[%d]:atomic-spin-moment = 2 !muB\n"
                      "material[%d]:damping-constant = %.17g\n"
                      "material[%d]:exchange-matrix[%d] = 1e-21\n"
                      "material[%d]:initial-spin-direction = 0,0,1\n"
                      "material[%d]:domain-wall-second-magnetisation-vector = 0,0,-1\n",
                      k, k, w.alpha, k, k == 1 ? 1 : 2, k, k);
        text += m;
        if (w.j != 0) {
            std::snprintf(m, sizeof m,
                          "material[%d]:spin-polarisation = %.17g\n"
                          "material[%d]:non-adiabaticity = %.17g\n",
                          k, wire_p, k, w.beta);
            text += m;
        }
    }
    std::snprintf(m, sizeof m,
                  "material[1]:exchange-matrix[2] = 1e-21\n"
                  "material[1]:second-order-uniaxial-anisotropy-constant = %.17g\n"
                  "material[1]:maximum-height = 0.5\n"
                  "material[2]:second-order-uniaxial-anisotropy-constant = %.17g\n"
                  "material[2]:uniaxial-anisotropy-direction = 1,0,0\n"
                  "material[2]:minimum-height = 0.5\n"
                  "sim:initial-spin-configuration = domain-wall\nsim:domain-wall-axis = x\n"
                  "sim:domain-wall-position = %.17g\nsim:domain-wall-width = %.17g !m\n"
                  "sim:applied-field-strength = %.17g !T\nsim:applied-field-unit-vector = 0,0,1\n"
                  "sim:time-step = 1 !fs\nsim:total-time-steps = 0\noutput:domain-wall-centre\n",
                  2 * wire_k, -2 * wire_kh, w.position, M_PI * wire_delta, w.field);
    text += m;
    if (w.j != 0) {
        std::snprintf(m, sizeof m, "sim:current-density = %.17g, 0, 0 !A/m2\n", w.j);
        text += m;
    }
    return text;
}

// The wall's centre (m) and the wall's in-plane angle atan2(m_x, m_y) (unwrapped) every ps.
struct Track {
    std::vector<double> t, x, phi;
    double last_from_spins = 0;  // the last centre, found from the gathered spins
};

// Where the layer-averaged S_z first changes sign along the wire, interpolated (m).
double centre_from_spins(const Simulation& sim) {
    const std::vector<double> all = test::gather_spins(sim);
    std::vector<double> sz(100, 0.0);
    for (std::int64_t g = 0; g < sim.lattice().atoms(); ++g)
        sz[std::size_t(std::lround(sim.lattice().position(g)[0] / a))] +=
            all[std::size_t(3 * g + 2)];
    for (std::size_t k = 0; k + 1 < sz.size(); ++k)
        if ((sz[k] > 0) != (sz[k + 1] > 0)) return a * (double(k) + sz[k] / (sz[k] - sz[k + 1]));
    return std::nan("");
}

Track track(const Wire& w, int picoseconds) {
    Track out;
    const std::string error = test::run_on_first_ranks(
        parallel::Comm::world().size(), 1, wire_input(w), [&](Simulation& sim) {
            for (int p = 1; p <= picoseconds; ++p) {
                Phase phase = time_series_phase(sim.config());
                phase.steps = phase.increment = 1000;
                phase.sample_at_start = false;
                sim.run(phase);
                const Observables& o = sim.last_sample();
                double phi = std::atan2(o.m[0], o.m[1]);
                if (!out.phi.empty())
                    phi += 2 * M_PI * std::round((out.phi.back() - phi) / (2 * M_PI));
                out.t.push_back(p * 1e-12);
                out.x.push_back(o.domain_wall_centre);
                out.phi.push_back(phi);
            }
            out.last_from_spins = centre_from_spins(sim);
        });
    EXPECT_EQ(error, "");
    return out;
}

// The least-squares slope of x(t) over t >= from (m/s).
double slope(const Track& k, double from) {
    double n = 0, st = 0, sx = 0, stt = 0, stx = 0;
    for (std::size_t i = 0; i < k.t.size(); ++i)
        if (k.t[i] >= from) {
            n += 1, st += k.t[i], sx += k.x[i], stt += k.t[i] * k.t[i], stx += k.t[i] * k.x[i];
        }
    return (n * stx - st * sx) / (n * stt - st * st);
}

// The mean velocity over whole half-turns of the wall's angle after `from` (m/s): between the
// first and the last time the angle crosses a multiple of pi. Half-turns counted in *turns.
double periodic_mean(const Track& k, double from, int* turns) {
    std::vector<std::size_t> crossings;
    for (std::size_t i = 1; i < k.t.size(); ++i)
        if (k.t[i] >= from && std::floor(k.phi[i] / M_PI) != std::floor(k.phi[i - 1] / M_PI))
            crossings.push_back(i);
    *turns = int(crossings.size()) - 1;
    if (crossings.size() < 2) return std::nan("");
    const std::size_t i0 = crossings.front(), i1 = crossings.back();
    return (k.x[i1] - k.x[i0]) / (k.t[i1] - k.t[i0]);
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
    EXPECT_NE(refusal(base + "sim:current-density = 1e12, 0, 0\n")
                  .find("no material carries a spin-polarised current"),
              std::string::npos);
    EXPECT_NE(
        refusal(base + "material[1]:spin-polarisation = 0.5\n").find("acts only with a current"),
        std::string::npos);
    EXPECT_NE(
        refusal(base + "sim:current-density = 1e12, 0, 0\nmaterial[1]:non-adiabaticity = 0.1\n")
            .find("material[1]:spin-polarisation and sim:current-density"),
        std::string::npos);
    EXPECT_NE(refusal(base + "sim:current-density = 1e12\nmaterial[1]:spin-polarisation = 0.5\n")
                  .find("expected three components"),
              std::string::npos);
    const std::string driven =
        base + "sim:current-density = 1e12, 0, 0 !A/m2\nmaterial[1]:spin-polarisation = 0.5\n";
    EXPECT_NE(
        refusal(driven + "sim:integrator = monte-carlo\n").find("monte-carlo has no spin torques"),
        std::string::npos);
    EXPECT_NE(refusal(driven + "sim:program = relax\nsim:total-time-steps = 100\n")
                  .find("relax minimises the energy"),
              std::string::npos);
    EXPECT_EQ(refusal(driven + "sim:program = electrical-pulse\n"), "");
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
