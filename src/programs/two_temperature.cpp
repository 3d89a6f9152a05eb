#include "programs/two_temperature.hpp"

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
    const double te = electron_temperature(), tp = t_phonon_;
    const double s = source(t);
    const double exchange = p_.coupling * (te - tp);             // W/m^3
    const double sink = p_.sink * p_.phonon_c * (tp - p_.bath);  // W/m^3
    u_electron_ = std::max(0.0, u_electron_ + (s - exchange) * dt);
    t_phonon_ = tp + (exchange - sink) * dt / p_.phonon_c;
    absorbed_ += s * dt;
    sunk_ += sink * dt;
}

double TwoTemperatureModel::gained() const {
    return u_electron_ + p_.phonon_c * t_phonon_ - u0_;
}

}  // namespace miniasd
