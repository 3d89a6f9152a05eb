// The two-temperature model of ultrafast laser heating (VAMPIRE's laser-pulse program): a laser
// pulse heats the electrons, which exchange heat with the lattice (phonons), which lose heat to a
// substrate at the bath temperature:
//   C_e(T_e) dT_e/dt = -G (T_e - T_p) + S(t),        C_e = gamma T_e (free electrons)
//   C_p      dT_p/dt =  G (T_e - T_p) - kappa C_p (T_p - T_0)
// Units: gamma J m^-3 K^-2, C_p J m^-3 K^-1, G W m^-3 K^-1, kappa s^-1, S W m^-3. The pulse is a
// Gaussian of full width at half maximum t_p, centred 3 t_p after the start, that deposits the
// energy density P * 1e7 J/m^3 in all: VAMPIRE's laser-pulse-power P, whose arithmetic spreads
// 0.1 P J/m^2 over a 10 nm absorption depth (so the same P gives the same heating in both codes).
//
// VAMPIRE's double pulse adds a second such Gaussian, of its own width and power, delayed.
//
// It is integrated in energy form, u_e = gamma T_e^2 / 2 and u_p = C_p T_p, by steps of the spin
// time step, backward Euler in the exchange and sink terms (VAMPIRE's explicit Euler diverges for
// cold electrons or long steps; this is stable for every accepted input, and equal to it to
// first order in dt): every joule the pulse deposits is in the electrons, the lattice or the
// sink, to rounding, which the energy bookkeeping below lets a test check.
#pragma once

#include <array>

namespace miniasd {

struct TwoTemperatureParameters {
    double gamma = 222;           // J m^-3 K^-2, electron heat capacity coefficient
    double phonon_c = 2.3e6;      // J m^-3 K^-1
    double coupling = 6.6e17;     // W m^-3 K^-1, electron-phonon G
    double sink = 0;              // s^-1, phonons to the substrate kappa
    double pulse_width = 50e-15;  // s, t_p (FWHM)
    double pulse_power = 20;      // VAMPIRE's laser-pulse-power P
    double bath = 0;              // K, T_0: start and substrate temperature
    // A second Gaussian pulse (double-pulse-two-temperature): FWHM (0: none), power and delay
    // (s; its centre at delay + 3 FWHM after the start, VAMPIRE's).
    double second_width = 0, second_power = 0, second_delay = 0;
};

class TwoTemperatureModel {
  public:
    explicit TwoTemperatureModel(const TwoTemperatureParameters& p);

    // Absorbed power density (W/m^3) t seconds after the pulse phase began.
    double source(double t) const;
    // One step of dt seconds from time t (backward Euler in the exchange and the sink).
    void advance(double t, double dt);

    double electron_temperature() const;                     // K
    double phonon_temperature() const { return t_phonon_; }  // K

    // Energy bookkeeping (J/m^3): what the pulse gave, what the sink took, and what the
    // electrons and phonons gained since the start. gained == absorbed - sunk to rounding.
    double absorbed() const { return absorbed_; }
    double sunk() const { return sunk_; }
    double gained() const;

    // The evolving state (u_e, T_p, absorbed, sunk), for a checkpoint, and back.
    std::array<double, 4> state() const { return {u_electron_, t_phonon_, absorbed_, sunk_}; }
    void set_state(const std::array<double, 4>& s) {
        u_electron_ = s[0];
        t_phonon_ = s[1];
        absorbed_ = s[2];
        sunk_ = s[3];
    }

  private:
    TwoTemperatureParameters p_;
    double u_electron_;  // J/m^3, gamma T_e^2 / 2
    double t_phonon_;    // K
    double u0_;          // J/m^3, electron + phonon energy at the start
    double absorbed_ = 0, sunk_ = 0;
};

}  // namespace miniasd
