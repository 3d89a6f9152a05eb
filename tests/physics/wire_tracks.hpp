// A wire with a domain wall for the current-torque tests (test_current_torque.cpp): its input,
// and the wall's centre and angle sampled as it runs.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "run/programs/program.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"
#include "util/units.hpp"

namespace miniasd::test::wires {

constexpr double mu_b = 9.2740100783e-24;   // J/T
constexpr double charge = 1.602176634e-19;  // C
constexpr double a = 3e-10;                 // m, the cells' edge

// u = P mu_B j / (|e| M_s) with M_s = mu / a^3 (one atom per simple-cubic cell), m/s.
inline double drift(double polarisation, double j, double mu) {
    return polarisation * mu_b * j / (charge * (mu / (a * a * a)));
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
constexpr double wire_time_step = 1e-15;  // s
constexpr double wire_j = 1e-21, wire_k = 2e-23, wire_kh = 2e-24, wire_mu = 2 * mu_b, wire_p = 0.5;
const double wire_delta = a * std::sqrt(wire_j / (2 * wire_k));

inline std::string wire_input(const Wire& w) {
    std::string text =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size-x = 30 !nm\ndimensions:system-size-y = 3 !A\n"
        "dimensions:system-size-z = 6 !A\nmaterial:num-materials = 2\n";
    char m[1024];
    for (int k = 1; k <= 2; ++k) {
        std::snprintf(m, sizeof m,
                      "material[%d]:atomic-spin-moment = 2 !muB\n"
                      "material[%d]:damping-constant = %.17g\n"
                      "material[%d]:exchange-matrix[%d] = %.17g\n"
                      "material[%d]:initial-spin-direction = 0,0,1\n"
                      "material[%d]:domain-wall-second-magnetisation-vector = 0,0,-1\n",
                      k, k, w.alpha, k, k == 1 ? 1 : 2, wire_j, k, k);
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
                  "material[1]:exchange-matrix[2] = %.17g\n"
                  "material[1]:second-order-uniaxial-anisotropy-constant = %.17g\n"
                  "material[1]:maximum-height = 0.5\n"
                  "material[2]:second-order-uniaxial-anisotropy-constant = %.17g\n"
                  "material[2]:uniaxial-anisotropy-direction = 1,0,0\n"
                  "material[2]:minimum-height = 0.5\n"
                  "sim:initial-spin-configuration = domain-wall\nsim:domain-wall-axis = x\n"
                  "sim:domain-wall-position = %.17g\nsim:domain-wall-width = %.17g !m\n"
                  "sim:applied-field-strength = %.17g !T\nsim:applied-field-unit-vector = 0,0,1\n"
                  "sim:time-step = %.17g !s\nsim:total-time-steps = 0\noutput:domain-wall-centre\n",
                  wire_j, 2 * wire_k, -2 * wire_kh, w.position, M_PI * wire_delta, w.field,
                  wire_time_step);
    text += m;
    if (w.j != 0) {
        std::snprintf(m, sizeof m, "sim:current-density = %.17g, 0, 0 !A/m2\n", w.j);
        text += m;
    }
    return text;
}

// The wall's centre (m) and the wall's in-plane angle atan2(m_x, m_y) (unwrapped) at each sample.
struct Track {
    std::vector<double> t, x, phi;
    double last_from_spins = 0;  // the last centre, found from the gathered spins
};

// Where the layer-averaged S_z first changes sign along the wire, interpolated (m).
inline double centre_from_spins(const Simulation& sim) {
    const std::vector<double> all = test::gather_spins(sim);
    std::vector<double> sz(100, 0.0);
    for (std::int64_t g = 0; g < sim.lattice().atoms(); ++g)
        sz[std::size_t(std::lround(sim.lattice().position(g)[0] / a))] +=
            all[std::size_t(3 * g + 2)];
    for (std::size_t k = 0; k + 1 < sz.size(); ++k)
        if ((sz[k] > 0) != (sz[k + 1] > 0)) return a * (double(k) + sz[k] / (sz[k] - sz[k + 1]));
    return std::nan("");
}

// Runs an input on every rank of the world for `samples` x `steps` time steps of `time_step` (s).
inline Track track_input(const std::string& input, double time_step, int samples,
                         std::int64_t steps) {
    Track out;
    const std::string error =
        test::run_on_first_ranks(parallel::Comm::world().size(), 1, input, [&](Simulation& sim) {
            for (int p = 1; p <= samples; ++p) {
                Phase phase = time_series_phase(sim.config());
                phase.steps = phase.increment = steps;
                phase.sample_at_start = false;
                sim.run(phase);
                const Observables& o = sim.last_sample();
                double phi = std::atan2(o.m[0], o.m[1]);
                if (!out.phi.empty())
                    phi += 2 * M_PI * std::round((out.phi.back() - phi) / (2 * M_PI));
                out.t.push_back(double(p * steps) * time_step);
                out.x.push_back(o.domain_wall_centre);
                out.phi.push_back(phi);
            }
            out.last_from_spins = centre_from_spins(sim);
        });
    EXPECT_EQ(error, "");
    return out;
}

// Runs the wire on every rank of the world for `samples` x `steps` time steps.
inline Track track(const Wire& w, int samples, std::int64_t steps = 1000) {
    return track_input(wire_input(w), wire_time_step, samples, steps);
}

// The least-squares slope of x(t) over t >= from (m/s).
inline double slope(const Track& k, double from) {
    double n = 0, st = 0, sx = 0, stt = 0, stx = 0;
    for (std::size_t i = 0; i < k.t.size(); ++i)
        if (k.t[i] >= from) {
            n += 1, st += k.t[i], sx += k.x[i], stt += k.t[i] * k.t[i], stx += k.t[i] * k.x[i];
        }
    return (n * stx - st * sx) / (n * stt - st * st);
}

// The mean velocity over whole half-turns of the wall's angle after `from` (m/s): between the
// first and the last time the angle crosses a multiple of pi. Half-turns counted in *turns.
inline double periodic_mean(const Track& k, double from, int* turns) {
    std::vector<std::size_t> crossings;
    for (std::size_t i = 1; i < k.t.size(); ++i)
        if (k.t[i] >= from && std::floor(k.phi[i] / M_PI) != std::floor(k.phi[i - 1] / M_PI))
            crossings.push_back(i);
    *turns = int(crossings.size()) - 1;
    if (crossings.size() < 2) return std::nan("");
    const std::size_t i0 = crossings.front(), i1 = crossings.back();
    return (k.x[i1] - k.x[i0]) / (k.t[i1] - k.t[i0]);
}

}  // namespace miniasd::test::wires
