#include "run/time_step_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "hamiltonian/current_torque.hpp"
#include "integrate/llg_heun.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

// The largest |J| (J) a bond of `shell` can have from material a, over the partner materials.
double largest_j(const Config& c, std::size_t a, int shell) {
    double j = 0;
    for (std::size_t b = 0; b < c.materials.size(); ++b)
        for (const double x : shell_exchange_xyz(c, a, b, shell))  // vectorial: its largest part
            j = std::max(j, std::abs(x));
    return j;
}

// The highest bath temperature the run's program sets (K); the laser pulse's electrons are not
// known before the run and count at the bath's.
double highest_temperature(const Config& c) {
    double t = std::max(c.sim.temperature, equilibration_or_temperature(c.sim));
    if (c.sim.program == ProgramKind::curie_temperature || c.sim.program == ProgramKind::field_cool)
        t = std::max(t, c.sweep.maximum_temperature);
    return t;
}

// The largest effective field of material a's spin torques (T). Slonczewski's:
// |f [(a - alpha b) S x p + (b + alpha a) p]| <= sqrt(1 + alpha^2) sqrt(a^2 + b^2) / (1 - lambda)
// (S . p >= -1). Zhang-Li's: |(1/gamma)(beta D + S x D)| <= (1 + |beta|) |D| / gamma with
// |D| <= sum over axes of 2 |u_a| / a_a (a one-sided difference of two unit vectors over one cell).
// The largest |dE/dS| (J) of a material's further anisotropy forms on the unit sphere, bounded form
// by form (kernels/anisotropy_forms.hpp): |d/du| of each polynomial at most its value at u = 1.
double forms_bound(const AnisotropyForms& f) {
    double triaxial = 0;
    for (std::size_t n = 0; n < 3; ++n)
        triaxial += 2 * std::abs(f.triaxial2[n]) + 2.3 * std::abs(f.triaxial4[n]);
    return 2.3 * std::abs(f.uniaxial4) + 14 * std::abs(f.uniaxial6) + 2 * std::abs(f.biaxial4) +
           2 * std::abs(f.cubic6) + 16 * std::abs(f.rotational4) + triaxial;
}

double torque_bound(const Config& c, const Lattice& l, std::size_t a) {
    const MaterialConfig& m = c.materials[a];
    double h = 0;
    for (const SpinTorqueConstants* k : {&m.stt, &m.sot})
        h += std::sqrt(1 + m.damping * m.damping) * std::hypot(k->relaxation, k->precession) /
             (1 - k->asymmetry);
    if (has_current_torque(c) && m.spin_polarisation != 0) {
        const Vec3 u = spin_drift_velocity(c, l, int(a));
        double d = 0;
        for (std::size_t k = 0; k < 3; ++k)
            d += 2 * std::abs(u[k]) / l.cell_size[k];
        h += (1 + std::abs(m.non_adiabaticity)) * d / constants::gyromagnetic_ratio;
    }
    return h;
}

}  // namespace

TimeStepCheck check_time_step(const Config& c, const Lattice& l) {
    TimeStepCheck t;
    const double applied =
        std::max(std::abs(c.sim.field_strength), std::abs(c.sweep.maximum_field));
    const double temperature = highest_temperature(c);
    // The dipolar field's scale: mu0 M_s of the densest magnetisation (the demagnetising field
    // of a film), with every site holding the largest moment.
    double dipolar = 0;
    if (c.dipole.solver != DipoleSolver::none) {
        double most = 0;
        for (const MaterialConfig& m : c.materials)
            most = std::max(most, m.moment);
        const double volume = l.cell_size[0] * l.cell_size[1] * l.cell_size[2] / l.sites();
        dipolar = 4 * M_PI * constants::mu0_over_4pi * most / volume;
    }
    for (std::size_t a = 0; a < c.materials.size(); ++a) {
        const MaterialConfig& m = c.materials[a];
        double bonds = 0;  // J: the most any site's bonds add up to
        double dmi = 0;
        for (const auto* row : {&m.dmi, &m.interfacial_dmi, &m.bulk_dmi}) {
            double most = 0;  // a bond's D is at most the sum of its kinds' largest
            for (const double d : *row)
                most = std::max(most, std::abs(d));
            dmi += most;
        }
        for (const std::vector<Bond>& site : l.exchange.sites) {
            double sum = 0;
            for (const Bond& b : site) {
                double w = 0;
                for (const double x : b.j)
                    w = std::max(w, std::abs(x));
                const double j = l.exchange.normalised ? w * (b.shell < 1 + further_exchange_shells
                                                                  ? largest_j(c, a, b.shell)
                                                                  : 0.0)
                                                       : w;
                sum += j + dmi;
            }
            bonds = std::max(bonds, sum);
        }
        // Biquadratic bonds: |dE/dS_i| <= 2 sum_j |B_ij| (|S_i . S_j| <= 1).
        auto largest_b = [&](int shell) {
            double most = 0;
            for (std::size_t b = 0; b < c.materials.size(); ++b)
                most = std::max(most, std::abs(shell_biquadratic(c, a, b, shell)));
            return most;
        };
        double biquadratic = 0;
        for (const std::vector<Bond>& site : l.biquadratic.sites) {
            double sum = 0;
            for (const Bond& b : site)
                sum += 2 * std::abs(b.j[0]) *
                       (!l.biquadratic.normalised               ? 1.0
                        : b.shell < 1 + further_exchange_shells ? largest_b(b.shell)
                                                                : 0.0);
            biquadratic = std::max(biquadratic, sum);
        }
        const double b = (bonds + biquadratic) / m.moment +
                         2 * (std::abs(m.anisotropy) + std::abs(m.cubic_anisotropy)) / m.moment +
                         forms_bound(m.anisotropy_forms) / m.moment + applied + dipolar +
                         torque_bound(c, l, a);
        // |dS/dt| = gamma B sin(theta) / sqrt(1 + alpha^2): precession and damping at right
        // angles. The thermal field, sigma ~ 1/sqrt(dt) per component, turns a spin by
        // gamma 3 sqrt(3) sigma dt / sqrt(1 + alpha^2) in a 3-sigma step: noise sqrt(dt).
        const double per_tesla =
            constants::gyromagnetic_ratio * m.relative_gamma / std::sqrt(1 + m.damping * m.damping);
        const double rate = per_tesla * b;
        const double noise =
            per_tesla * 3 * std::sqrt(3.0) *
            thermal_field_sigma(
                m, bath_temperature(m, local_temperatures(c.materials), temperature), 1.0);
        const double angle = rate * c.sim.time_step + noise * std::sqrt(c.sim.time_step);
        t.field = std::max(t.field, b);
        if (angle > t.angle) {
            t.angle = angle;
            t.thermal = noise * std::sqrt(c.sim.time_step);
            // rate dt + noise sqrt(dt) = 1: sqrt(dt) = 2 / (noise + sqrt(noise^2 + 4 rate)).
            const double x = 2 / (noise + std::sqrt(noise * noise + 4 * rate));
            t.suggested = x * x;
        }
    }
    return t;
}

std::string describe(const TimeStepCheck& t, double time_step) {
    char line[600];
    if (!t.too_large()) {
        std::snprintf(line, sizeof line,
                      "Time step %g s: at most %.2f rad of turn per step in the largest field "
                      "(%.4g T)%s\n",
                      time_step, t.angle, t.field, t.thermal > 0 ? ", thermal field included" : "");
        return line;
    }
    char thermal[80] = "";
    if (t.thermal > 0)
        std::snprintf(thermal, sizeof thermal, " and the thermal field (%.2g rad of it)",
                      t.thermal);
    if (!(t.suggested >= minimum_time_step)) {
        std::snprintf(line, sizeof line,
                      "warning: time step %g s is too large: a spin turns up to %.3g rad per step "
                      "in the largest field (%.4g T, exchange included)%s, and no time step down "
                      "to sim:time-step's least, %g s, keeps it below 1 rad: the couplings or "
                      "fields are far beyond those of a real magnet; the results will be "
                      "meaningless\n",
                      time_step, t.angle, t.field, thermal, minimum_time_step);
        return line;
    }
    std::snprintf(line, sizeof line,
                  "warning: time step %g s is too large: a spin turns up to %.3g rad per step "
                  "in the largest field (%.4g T, exchange included)%s, %.3g times the 1 rad "
                  "above which Heun's error is no longer small; the results will be meaningless. "
                  "Use sim:time-step = %.2g s or less\n",
                  time_step, t.angle, t.field, thermal, t.angle, t.suggested);
    return line;
}

}  // namespace miniasd
