#include "run/programs/two_temperature.hpp"

#include <cmath>

namespace miniasd {

TwoTemperatureModel::TwoTemperatureModel(const TwoTemperatureParameters& p)
    : p_(p), u_electron_(0.5 * p.gamma * p.bath * p.bath), t_phonon_(p.bath) {
    u0_ = u_electron_ + p_.phonon_c * t_phonon_;
}

double TwoTemperatureModel::source(double t) const {
    const double four_ln2 = 4 * std::log(2.0);
    const double x = (t - 3 * p_.pulse_width) / p_.pulse_width;
    // Energy density of the whole pulse (J/m^3), spread as a Gaussian of FWHM t_p whose time
    // integral is 1: 2 sqrt(ln 2 / pi) / t_p exp(-4 ln 2 x^2).
    const double density = p_.pulse_power * 1e7;
    return density * 2 * std::sqrt(std::log(2.0) / M_PI) / p_.pulse_width *
           std::exp(-four_ln2 * x * x);
}

double TwoTemperatureModel::electron_temperature() const {
    return std::sqrt(2 * u_electron_ / p_.gamma);
}

void TwoTemperatureModel::advance(double t, double dt) {
    // Backward Euler in the exchange and the sink, the source at the step's start: stable for
    // every dt and every accepted parameter (the explicit step diverges once dt G / (gamma T_e)
    // passes 2, as it does for cold electrons), and the temperatures stay positive. The phonon
    // equation is linear in the new temperatures: T_p' = a + b T_e'. Putting it in the electron
    // equation, gamma/2 T_e'^2 + dt G (1 - b) T_e' - (u_e + dt S + dt G a) = 0, whose positive
    // root is taken in the form without cancellation.
    const double s = source(t);
    const double g = p_.coupling * dt, k = p_.sink * dt, c = p_.phonon_c;
    const double d = c * (1 + k) + g;
    const double a = (c * t_phonon_ + k * c * p_.bath) / d, b = g / d;
    const double half_gamma = 0.5 * p_.gamma;
    const double linear = g * (1 - b);
    const double rest = u_electron_ + s * dt + g * a;  // >= 0
    const double te =
        rest > 0 ? 2 * rest / (linear + std::sqrt(linear * linear + 4 * half_gamma * rest)) : 0.0;
    const double tp = a + b * te;
    u_electron_ = half_gamma * te * te;
    t_phonon_ = tp;
    absorbed_ += s * dt;
    sunk_ += p_.sink * c * (tp - p_.bath) * dt;
}

double TwoTemperatureModel::gained() const {
    return u_electron_ + p_.phonon_c * t_phonon_ - u0_;
}

}  // namespace miniasd
