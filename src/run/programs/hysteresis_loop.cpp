// sim:program = hysteresis-loop and partial-hysteresis-loop (programs.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/point_table.hpp"
#include "run/programs/programs.hpp"
#include "stats/observables.hpp"

namespace miniasd {

namespace {

// One point's row: the field, the branch (-1 down, +1 up), <m.h> and <|m|> with their errors, and
// each material's <m.h> with its error, from the samples accumulated at the point.
std::vector<double> point_row(const Accumulator& acc, double b, int sign, std::size_t materials) {
    auto mean = [&](int s) {
        return acc.estimate(static_cast<std::size_t>(s), [](const Moments& m) { return m.mean(); });
    };
    std::vector<double> row = {b, double(sign)};
    for (int s : {int(series::alignment), int(series::m_length)}) {
        const Estimate e = mean(s);
        row.push_back(e.value);
        row.push_back(e.error);
    }
    for (std::size_t m = 0; m < materials; ++m) {
        const Estimate e = mean(series::material(int(m), series::mat_alignment));
        row.push_back(e.value);
        row.push_back(e.error);
    }
    return row;
}

// A branch of the loop: its fields in order (T) and its label in the table (-1 down, +1 up).
struct Branch {
    std::vector<double> fields;
    int sign;
};

// The coercive field of each branch on rank 0's screen (NaN: m.h did not change sign on it).
void print_coercive_fields(std::FILE* screen, const std::vector<Branch>& branches,
                           const std::vector<double>& coercive, const std::string& table_path) {
    // A branch whose m.h never changes sign has no coercive field: say so, never "nan".
    std::fprintf(screen, "Coercive field:");
    for (std::size_t b = 0; b < branches.size(); ++b) {
        const char* way = branches[b].sign < 0 ? "on the way down" : "on the way up";
        if (std::isnan(coercive[b]))
            std::fprintf(screen, "%s none %s (m.h did not cross zero between %g and %g T)",
                         b ? ";" : "", way, branches[b].fields.front(), branches[b].fields.back());
        else
            std::fprintf(screen, "%s %g T %s", b ? "," : "", coercive[b], way);
    }
    if (branches.size() == 2 && !std::isnan(coercive[0]) && !std::isnan(coercive[1]))
        std::fprintf(screen, "; H_c = %g T", 0.5 * (coercive[1] - coercive[0]));
    std::fprintf(screen, "\n");
    if (!table_path.empty()) std::fprintf(screen, "Hysteresis table: %s\n", table_path.c_str());
}

}  // namespace

void HysteresisLoopProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const double h = c.sweep.maximum_field;
    const double inc = c.sweep.field_increment;
    // The full loop: +H to -H and back, after equilibration at the larger of +H and
    // sim:equilibration-applied-field-strength (VAMPIRE's). The partial loop: one branch from
    // sim:minimum- to sim:maximum-applied-field-strength after equilibration at
    // sim:equilibration-applied-field-strength.
    std::vector<Branch> branches;
    if (partial_)
        branches.push_back({sweep_points(c.sweep.minimum_field, h, inc), +1});
    else
        branches = {{sweep_points(h, -h, inc), -1}, {sweep_points(-h, h, inc), +1}};
    const double settle_field =
        partial_ ? c.sweep.equilibration_field : std::max(h, c.sweep.equilibration_field);
    std::size_t points = 0;
    for (const Branch& b : branches)
        points += b.fields.size();
    sim.plan_rows(static_cast<std::int64_t>(points));
    std::vector<std::string> headers = {"field[T]", "branch", "<m.h>", "err", "<|m|>", "err"};
    for (const MaterialConfig& m : c.materials)
        for (const char* x : {":<m.h>", ":err"})
            headers.push_back(m.name + x);
    PointTable table(sim, "hysteresis-loop", headers);
    std::FILE* screen = sim.screen();
    if (screen && partial_)
        std::fprintf(screen, "Partial hysteresis loop: %g T to %g T in steps of %g T at %g K\n",
                     c.sweep.minimum_field, h, inc, c.sim.temperature);
    else if (screen)
        std::fprintf(screen, "Hysteresis loop: %g T to %g T and back in steps of %g T at %g K\n", h,
                     -h, inc, c.sim.temperature);

    Phase settle;
    settle.equilibration_steps = c.sim.equilibration_steps;
    settle.temperature = settle.equilibration_temperature = c.sim.temperature;
    settle.field_strength = settle_field;
    settle.row_per_sample = false;
    if (c.sim.equilibration_steps > 0) sim.run(settle);

    std::int64_t point = 0;
    std::vector<double> coercive;
    for (const Branch& branch : branches) {
        std::vector<double> mh;
        for (double b : branch.fields) {
            const std::int64_t index = point++;
            sim.state().point = index;
            Phase p;
            p.steps = c.sweep.loop_steps;
            p.increment = c.sim.steps_increment;
            p.temperature = p.equilibration_temperature = c.sim.temperature;
            p.field_strength = b;
            p.row_per_sample = false;
            // program_state holds <m.h> of every finished point, for the coercive fields of a
            // continued run whose checkpoint had done some of them.
            std::vector<double>& done = sim.state().program_state;
            if (!sim.run(p)) {
                mh.push_back(done.at(static_cast<std::size_t>(index)));
                continue;
            }
            sim.write_row();
            const std::vector<double> row =
                point_row(sim.state().accumulator, b, branch.sign, c.materials.size());
            mh.push_back(row[2]);
            done.push_back(row[2]);
            table.write_row(row);
            if (screen) std::fprintf(screen, "  B = %-10g m.h = %+.5f\n", b, row[2]);
        }
        coercive.push_back(zero_crossing(branch.fields, mh));
    }
    coercive_[0] = partial_ ? std::nan("") : coercive[0];
    coercive_[1] = coercive.back();
    if (screen) print_coercive_fields(screen, branches, coercive, table.path());
}

}  // namespace miniasd
