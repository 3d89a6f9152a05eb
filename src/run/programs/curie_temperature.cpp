// sim:program = curie-temperature (programs.hpp).
#include <algorithm>
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/point_table.hpp"
#include "run/programs/programs.hpp"
#include "stats/columns.hpp"
#include "stats/observables.hpp"

namespace miniasd {

void CurieTemperatureProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const std::vector<double> temperatures = sweep_points(
        c.sweep.minimum_temperature, c.sweep.maximum_temperature, c.sweep.temperature_increment);
    sim.plan_rows(static_cast<std::int64_t>(temperatures.size()));
    std::vector<std::string> headers = {"temperature[K]", "<|m|>", "err", "chi[1/T]", "err",
                                        "C[kB/atom]",     "err",   "U4",  "err"};
    for (const MaterialConfig& m : c.materials)
        for (const char* h : {":<|m|>", ":err", ":chi[1/T]", ":err", ":U4", ":err"})
            headers.push_back(m.name + h);
    PointTable table(sim, "curie-temperature", headers);
    std::FILE* screen = sim.screen();
    if (screen)
        std::fprintf(screen, "Curie-temperature sweep: %zu temperatures from %g K to %g K\n",
                     temperatures.size(), temperatures.front(), temperatures.back());

    int short_points = 0;    // temperatures whose run was too short for trustworthy errors
    double longest_tau = 0;  // samples
    for (std::size_t k = 0; k < temperatures.size(); ++k) {
        const double t = temperatures[k];
        sim.state().point = static_cast<std::int64_t>(k);
        if (!sim.run(sweep_point_phase(c, t)))
            continue;  // done before the checkpoint this run continues
        sim.write_row();

        const Accumulator& acc = sim.state().accumulator;
        const std::int64_t atoms = sim.counted_atoms();
        std::vector<double> row = {t};
        auto add = [&](int series, const std::function<double(const Moments&)>& f) {
            const Estimate e = acc.estimate(static_cast<std::size_t>(series), f);
            row.push_back(e.value);
            row.push_back(e.error);
        };
        const double mu = sim.total_moment();
        add(series::m_length, [](const Moments& m) { return m.mean(); });
        add(series::m_length, [&](const Moments& m) { return susceptibility(m, mu, t); });
        add(series::energy, [&](const Moments& e) { return specific_heat(e, atoms, t); });
        add(series::m_length, [](const Moments& m) { return binder_cumulant(m); });
        for (std::size_t m = 0; m < c.materials.size(); ++m) {
            const int len = series::material(static_cast<int>(m), series::mat_length);
            const double mu_m = sim.material_moments()[m];
            add(len, [](const Moments& x) { return x.mean(); });
            add(len, [&](const Moments& x) { return susceptibility(x, mu_m, t); });
            add(len, [](const Moments& x) { return binder_cumulant(x); });
        }
        table.write_row(row);
        points_.push_back(row);
        const double tau = acc.tau(static_cast<std::size_t>(series::m_length));
        if (!acc.errors_trustworthy(static_cast<std::size_t>(series::m_length))) {
            ++short_points;
            longest_tau = std::max(longest_tau, tau);
        }
        if (screen)
            std::fprintf(screen,
                         "  T = %-10g <|m|> = %.5f +- %.5f   chi = %.4g   U4 = %.4f   tau = %.3g "
                         "samples\n",
                         t, row[1], row[2], row[3], row[7], tau);
    }
    if (screen && short_points > 0)
        std::fprintf(screen,
                     "warning: at %d of %zu temperatures the samples of |m| are correlated over "
                     "up to %.3g samples (tau), too long for trustworthy errors: each of the 10 "
                     "error blocks should hold 20 tau; the errors are widened by the binning "
                     "analysis, but run more sim:loop-time-steps (or a larger "
                     "sim:time-steps-increment) to trust them\n",
                     short_points, temperatures.size(), longest_tau);
    if (screen && !table.path().empty())
        std::fprintf(screen, "Curie-temperature table: %s (plot: tools/plot_curie.py)\n",
                     table.path().c_str());
}

}  // namespace miniasd
