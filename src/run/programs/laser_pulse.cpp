// sim:program = laser-pulse (programs.hpp, two_temperature.hpp).
#include <algorithm>
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

TwoTemperatureParameters two_temperature_parameters(const Config& c) {
    TwoTemperatureParameters p;
    p.gamma = c.pulse.electron_heat_capacity;
    p.phonon_c = c.pulse.phonon_heat_capacity;
    p.coupling = c.pulse.electron_phonon_coupling;
    p.sink = c.pulse.heat_sink_coupling;
    p.pulse_width = c.pulse.time;
    p.pulse_power = c.pulse.power;
    p.bath = equilibration_or_temperature(c.sim);  // VAMPIRE's Teq: start and heat sink
    if (c.pulse.laser_profile == LaserProfile::double_two_temperature) {
        p.second_width = c.pulse.second_time;
        p.second_power = c.pulse.second_power;
        p.second_delay = c.pulse.second_delay;
    }
    return p;
}

void LaserPulseProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    model_ = std::make_unique<TwoTemperatureModel>(two_temperature_parameters(c));
    Phase p = time_series_phase(c);
    // VAMPIRE's program: everything happens at and relaxes to the equilibration temperature;
    // sim:temperature has no part in it (input_checks warns when both are given).
    const double bath = equilibration_or_temperature(c.sim);
    p.equilibration_temperature = p.temperature = bath;
    const std::int64_t equil = p.equilibration_steps;
    const bool square = square_profile(c.pulse.laser_profile);
    // double-pulse-square: the second pulse's window (s), second_delay after the first ends.
    const bool second_square = c.pulse.laser_profile == LaserProfile::double_square;
    const double second_from = c.pulse.time + c.pulse.second_delay;
    const double second_to = second_from + c.pulse.second_time;
    TwoTemperatureModel& ttm = *model_;
    const bool phonon_coupled =
        std::any_of(c.materials.begin(), c.materials.end(),
                    [](const MaterialConfig& m) { return m.phonon_coupled; });
    if (phonon_coupled) sim.state().material_temperatures.assign(c.materials.size(), bath);
    double peak_electron = bath, peak_phonon = bath;
    // The model's state and the peaks travel in the run state (a checkpoint saves them):
    // program_state = {u_e, T_p, absorbed, sunk, peak T_e, peak T_p}.
    std::vector<double>& saved = sim.state().program_state;
    if (saved.size() == 6) {
        ttm.set_state({saved[0], saved[1], saved[2], saved[3]});
        peak_electron = saved[4];
        peak_phonon = saved[5];
    }
    // The bath t seconds after the pulse began (VAMPIRE's cycles: each pulse from t = 0, the
    // model going on from where the last left it).
    auto pulse = [&, bath](RunState& s, double t) {
        if (square) {
            s.temperature = t <= c.pulse.time ? c.sweep.maximum_temperature
                            : second_square && t > second_from && t <= second_to
                                ? c.pulse.second_maximum_temperature
                                : bath;
            s.phonon_temperature = bath;
            return;
        }
        ttm.advance(t, c.sim.time_step);
        s.temperature = ttm.electron_temperature();
        s.phonon_temperature = ttm.phonon_temperature();
        // material[i]:use-phonon-temperature: those materials' thermal fields at T_p, the
        // others' at T_e (VAMPIRE's program/temperature_pulse.cpp).
        if (phonon_coupled)
            for (std::size_t m = 0; m < c.materials.size(); ++m)
                s.material_temperatures[m] =
                    c.materials[m].phonon_coupled ? s.phonon_temperature : s.temperature;
        peak_electron = std::max(peak_electron, s.temperature);
        peak_phonon = std::max(peak_phonon, s.phonon_temperature);
        const std::array<double, 4> m = ttm.state();
        s.program_state.assign({m[0], m[1], m[2], m[3], peak_electron, peak_phonon});
    };
    p.drive = [&, equil](RunState& s, std::int64_t n) {
        if (n >= equil) pulse(s, double(n - equil) * c.sim.time_step);
    };
    plan_cycle_rows(sim);
    sim.run(p);
    for (std::int64_t k = 1; k < c.pulse.cycles; ++k) {
        Phase q = next_cycle(c);
        q.equilibration_temperature = q.temperature = bath;
        q.drive = [&](RunState& s, std::int64_t n) { pulse(s, double(n) * c.sim.time_step); };
        sim.run(q);
    }
    std::FILE* screen = sim.screen();
    if (screen && !square)
        std::fprintf(screen,
                     "Laser pulse: peak electron temperature %.1f K, peak phonon temperature %.1f "
                     "K; energy absorbed %.4g J/m^3, in electrons and phonons %.4g, to the sink "
                     "%.4g\n",
                     peak_electron, peak_phonon, ttm.absorbed(), ttm.gained(), ttm.sunk());
}

}  // namespace miniasd
