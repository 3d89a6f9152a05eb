#include "run/programs/two_temperature.hpp"

#include <cmath>

namespace miniasd {

TwoTemperatureModel::TwoTemperatureModel(const TwoTemperatureParameters& p)
    : p_(p), u_electron_(0.5 * p.gamma * p.bath * p.bath), t_phonon_(p.bath) {
    u0_ = u_electron_ + p_.phonon_c * t_phonon_;
}

namespace {
// Power density (W/m^3) of a pulse of VAMPIRE's power P and FWHM w centred at c, at time t: its
// whole energy density (P * 1e7 J/m^3) spread as a Gaussian whose time integral is 1,
// 2 sqrt(ln 2 / pi) / w exp(-4 ln 2 ((t - c) / w)^2).
double gaussian_pulse(double power, double width, double centre, double t) {
    const double x = (t - centre) / width;
    return power * 1e7 * 2 * std::sqrt(std::log(2.0) / M_PI) / width *
           std::exp(-4 * std::log(2.0) * x * x);
}
}  // namespace

double TwoTemperatureModel::source(double t) const {
    double s = gaussian_pulse(p_.pulse_power, p_.pulse_width, 3 * p_.pulse_width, t);
    if (p_.second_width > 0)
        s += gaussian_pulse(p_.second_power, p_.second_width, p_.second_delay + 3 * p_.second_width,
                            t);
    return s;
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
