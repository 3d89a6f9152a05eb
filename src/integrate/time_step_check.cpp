#include "integrate/time_step_check.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

}  // namespace

TimeStepCheck check_time_step(const Config& c, const Lattice& l) {
    TimeStepCheck t;
    const double applied = std::max(std::abs(c.field_strength), std::abs(c.maximum_field));
    for (std::size_t a = 0; a < c.materials.size(); ++a) {
        const MaterialConfig& m = c.materials[a];
        double bonds = 0;  // J: the most any site's bonds add up to
        double dmi = 0;
        for (const double d : m.dmi)
            dmi = std::max(dmi, std::abs(d));
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
                         applied;
        const double rate = constants::gyromagnetic_ratio * b / (1 + m.damping * m.damping);
        t.field = std::max(t.field, b);
        if (rate * c.time_step > t.angle) {
            t.angle = rate * c.time_step;
            t.suggested = 1.0 / rate;
        }
    }
    return t;
}

std::string describe(const TimeStepCheck& t, double time_step) {
    char line[400];
    if (!t.too_large()) {
        std::snprintf(line, sizeof line,
                      "Time step %g s: at most %.2f rad of precession per step in the largest "
                      "field (%.4g T)\n",
                      time_step, t.angle, t.field);
        return line;
    }
    std::snprintf(line, sizeof line,
                  "warning: time step %g s is too large: a spin precesses up to %.3g rad per step "
                  "in the largest field (%.4g T, exchange included), %.3g times the 1 rad above "
                  "which Heun's error is no longer small; the results will be meaningless. Use "
                  "sim:time-step = %.2g s or less\n",
                  time_step, t.angle, t.field, t.angle, t.suggested);
    return line;
}

}  // namespace miniasd
