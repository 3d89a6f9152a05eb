// sim:program = hysteresis-loop (programs.hpp).
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
std::vector<double> point_row(const Accumulator& acc, double b, int branch, std::size_t materials) {
    auto mean = [&](int s) {
        return acc.estimate(static_cast<std::size_t>(s), [](const Moments& m) { return m.mean(); });
    };
    std::vector<double> row = {b, branch == 0 ? -1.0 : 1.0};
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

// The coercive fields of both branches on rank 0's screen (h: the loop's largest field, T).
void print_coercive_fields(std::FILE* screen, const double (&coercive)[2], double h,
                           const std::string& table_path) {
    // A branch whose m.h never changes sign has no coercive field: say so, never "nan".
    std::fprintf(screen, "Coercive field:");
    for (int branch = 0; branch < 2; ++branch) {
        const char* way = branch == 0 ? "on the way down" : "on the way up";
        if (std::isnan(coercive[branch]))
            std::fprintf(screen, "%s none %s (m.h did not cross zero between %g and %g T)",
                         branch ? ";" : "", way, branch ? -h : h, branch ? h : -h);
        else
            std::fprintf(screen, "%s %g T %s", branch ? "," : "", coercive[branch], way);
    }
    if (!std::isnan(coercive[0]) && !std::isnan(coercive[1]))
        std::fprintf(screen, "; H_c = %g T", 0.5 * (coercive[1] - coercive[0]));
    std::fprintf(screen, "\n");
    if (!table_path.empty()) std::fprintf(screen, "Hysteresis table: %s\n", table_path.c_str());
}

}  // namespace

void HysteresisLoopProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const double h = c.sweep.maximum_field;
    const std::vector<double> down = sweep_points(h, -h, c.sweep.field_increment);
    const std::vector<double> up = sweep_points(-h, h, c.sweep.field_increment);
    sim.plan_rows(static_cast<std::int64_t>(down.size() + up.size()));
    std::vector<std::string> headers = {"field[T]", "branch", "<m.h>", "err", "<|m|>", "err"};
    for (const MaterialConfig& m : c.materials)
        for (const char* x : {":<m.h>", ":err"})
            headers.push_back(m.name + x);
    PointTable table(sim, "hysteresis-loop", headers);
    std::FILE* screen = sim.screen();
    if (screen)
        std::fprintf(screen, "Hysteresis loop: %g T to %g T and back in steps of %g T at %g K\n", h,
                     -h, c.sweep.field_increment, c.sim.temperature);

    // Saturate at +H first.
    Phase settle;
    settle.equilibration_steps = c.sim.equilibration_steps;
    settle.temperature = settle.equilibration_temperature = c.sim.temperature;
    settle.field_strength = h;
    settle.row_per_sample = false;
    if (c.sim.equilibration_steps > 0) sim.run(settle);

    std::int64_t point = 0;
    for (int branch = 0; branch < 2; ++branch) {
        const std::vector<double>& fields = branch == 0 ? down : up;
        std::vector<double> mh;
        for (double b : fields) {
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
                point_row(sim.state().accumulator, b, branch, c.materials.size());
            mh.push_back(row[2]);
            done.push_back(row[2]);
            table.write_row(row);
            if (screen) std::fprintf(screen, "  B = %-10g m.h = %+.5f\n", b, row[2]);
        }
        coercive_[branch] = zero_crossing(fields, mh);
    }
    if (screen) print_coercive_fields(screen, coercive_, h, table.path());
}

}  // namespace miniasd
