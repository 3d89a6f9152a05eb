// sim:program = diagnostic-boltzmann (programs.hpp): VAMPIRE's check of the thermal field. After
// equilibration, every time-steps-increment steps (VAMPIRE's partial time) the polar angles of
// the spins, measured from +z, are binned in 1-degree bins; at the end boltzmann-distribution.txt
// compares the histogram with the Boltzmann distribution of one spin, sin(theta) exp(-E / kT).
// program_state holds the counts of bins 0..180, so a continued run goes on counting.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "util/error.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

constexpr std::size_t bins = 181;

// The three single-spin distributions at polar angle theta (rad), unnormalised: uniaxial
// anisotropy only (E = -k_u cos^2), field only (E = -mu_s B cos) and both; k = k_u / kT,
// h = mu_s B / kT.
std::array<double, 3> single_spin(double theta, double k, double h) {
    const double s = std::sin(theta), c = std::cos(theta);
    return {s * std::exp(k * c * c), s * std::exp(h * c), s * std::exp(k * c * c + h * c)};
}

void write_file(const ProgramHost& sim, const std::vector<std::array<double, 6>>& rows) {
    const Config& c = sim.config();
    std::string path;
    std::FILE* out = sim.open_output_file("boltzmann-distribution.txt", path);
    if (!out) return;
    const MaterialConfig& m = c.materials.front();
    const double kt = constants::boltzmann * c.sim.temperature;
    const double b = c.sim.field_strength * c.sim.field_direction[2];
    // VAMPIRE's three header lines (its labels, so scripts that read them still do).
    std::fprintf(out, "# Anisotropy:          %.10g\t%.10g\n", m.anisotropy, m.anisotropy / kt);
    std::fprintf(out, "# Field:               %.10g\t%.10g\n", b, m.moment * b / kt);
    std::fprintf(out, "# Moment, Temperature: %.10g\t%.10g\n", m.moment / constants::bohr_magneton,
                 c.sim.temperature);
    std::fprintf(out,
                 "# bin b = polar angles in [b-1, b) degrees from +z; each column over its "
                 "largest value: histogram, mean of the bin and its mirror (181-b), and "
                 "sin(theta) exp(-E/kT) at the bin's centre for E = -k_u cos^2 (material 1's "
                 "k_u), E = -mu_s B_z cos, and both\n");
    for (const std::array<double, 6>& r : rows)
        std::fprintf(out, "%d\t%.10g\t%.10g\t%.10g\t%.10g\t%.10g\n", int(r[0]), r[1], r[2], r[3],
                     r[4], r[5]);
    const bool failed = std::fflush(out) != 0 || std::ferror(out);
    std::fclose(out);
    if (failed) throw LocalError("writing the Boltzmann distribution '" + path + "' failed");
}

}  // namespace

std::vector<std::array<double, 6>> boltzmann_rows(const Config& c,
                                                  const std::vector<double>& counts) {
    const MaterialConfig& m = c.materials.front();
    const double kt = constants::boltzmann * c.sim.temperature;
    const double k = m.anisotropy / kt;
    const double h = m.moment * c.sim.field_strength * c.sim.field_direction[2] / kt;
    const double radians = 3.14159265358979323846 / 180.0;
    std::vector<std::array<double, 6>> rows(bins);
    std::array<double, 5> largest{};  // of each column but b
    for (std::size_t b = 0; b < bins; ++b) {
        std::array<double, 6>& r = rows[b];
        r[0] = double(b);
        r[1] = counts[b];
        // Bin b's mirror image about 90 degrees, (180-b, 181-b], is bin 181-b (bin 0 has none).
        r[2] = b == 0 ? 0.0 : 0.5 * (counts[b] + counts[bins - b]);
        const std::array<double, 3> p =
            b == 0 ? std::array<double, 3>{} : single_spin((double(b) - 0.5) * radians, k, h);
        std::copy(p.begin(), p.end(), r.begin() + 3);
        for (std::size_t j = 0; j < 5; ++j)
            largest[j] = std::max(largest[j], r[j + 1]);
    }
    for (std::array<double, 6>& r : rows)
        for (std::size_t j = 0; j < 5; ++j)
            if (largest[j] > 0) r[j + 1] /= largest[j];
    return rows;
}

void BoltzmannProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    Phase p = time_series_phase(c);
    p.sample_at_start = false;  // VAMPIRE bins after each stretch of time-steps-increment steps
    std::vector<double>& counts = sim.state().program_state;
    if (counts.size() != bins) counts.assign(bins, 0.0);
    p.on_sample = [&sim](RunState& s) {
        const std::vector<std::int64_t> now = sim.polar_angle_counts();
        for (std::size_t b = 0; b < bins; ++b)
            s.program_state[b] += double(now[b]);  // exact below 2^53 counts
    };
    sim.plan_rows(rows_of_phase(p.equilibration_steps, c.sim.total_steps, c.sim.steps_increment,
                                c.columns.rate));
    sim.run(p);
    write_file(sim, boltzmann_rows(c, sim.state().program_state));
    if (std::FILE* screen = sim.screen()) {
        double total = 0;
        for (const double n : sim.state().program_state)
            total += n;
        std::fprintf(screen, "Boltzmann distribution: %.0f polar angles binned\n", total);
    }
}

}  // namespace miniasd
