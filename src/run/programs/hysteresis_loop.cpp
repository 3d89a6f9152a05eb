// sim:program = hysteresis-loop, partial-hysteresis-loop, static-hysteresis-loop and field-sweep
// (programs.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "run/program_host.hpp"
#include "run/programs/field_sweep_file.hpp"
#include "run/programs/point_table.hpp"
#include "run/programs/programs.hpp"
#include "stats/observables.hpp"
#include "util/error.hpp"

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

// A branch of the loop: its fields in order (T), its label in the table (-1 down, +1 up) and the
// steps at each field.
struct Branch {
    std::vector<double> fields;
    int sign;
    std::int64_t steps;
};

// The coercive field of each branch on rank 0's screen (NaN: m.h did not change sign on it).
void print_coercive_fields(std::FILE* screen, const std::vector<Branch>& branches,
                           const std::vector<double>& coercive, const std::string& table_path) {
    // A branch whose m.h never changes sign has no coercive field: say so, never "nan".
    // A field sweep's segment of one field goes neither way: it has none to report.
    std::fprintf(screen, "Coercive field:");
    bool first = true;
    for (std::size_t b = 0; b < branches.size(); ++b) {
        if (branches[b].fields.size() < 2) continue;
        const char* way = branches[b].sign < 0 ? "on the way down" : "on the way up";
        if (std::isnan(coercive[b]))
            std::fprintf(screen, "%s none %s (m.h did not cross zero between %g and %g T)",
                         first ? "" : ";", way, branches[b].fields.front(),
                         branches[b].fields.back());
        else
            std::fprintf(screen, "%s %g T %s", first ? "" : ",", coercive[b], way);
        first = false;
    }
    if (branches.size() == 2 && branches[0].sign < 0 && branches[1].sign > 0 &&
        !std::isnan(coercive[0]) && !std::isnan(coercive[1]))
        std::fprintf(screen, "; H_c = %g T", 0.5 * (coercive[1] - coercive[0]));
    std::fprintf(screen, "\n");
    if (!table_path.empty()) std::fprintf(screen, "Hysteresis table: %s\n", table_path.c_str());
}

}  // namespace

// One field point of a loop: the run's steps at field b (time steps for sampling, or the
// minimiser's for the static loop), then its row in the table and `output`; `done` (the run
// state's program_state) holds <m.h> of every finished point, for the coercive fields of a
// continued run whose checkpoint had done some of them. Returns <m.h>.
double HysteresisLoopProgram::point(ProgramHost& sim, PointTable& table, double b, int sign,
                                    std::int64_t steps) {
    const Config& c = sim.config();
    const std::int64_t index = next_point_++;
    sim.state().point = index;
    // VAMPIRE's field ranges of snapshots apply to its three loops, not to the field sweep.
    sim.state().field_branch = kind_ == HysteresisKind::sweep ? 0 : sign;
    std::vector<double>& done = sim.state().program_state;
    std::optional<Relaxation> relaxed;
    if (kind_ == HysteresisKind::static_loop) {
        sim.state().field_strength = b;
        relaxed = sim.relax_point(steps);
        if (!relaxed) return done.at(static_cast<std::size_t>(index));
    } else {
        Phase p;
        p.steps = steps;
        p.increment = c.sim.steps_increment;
        p.temperature = p.equilibration_temperature = c.sim.temperature;
        p.field_strength = b;
        p.row_per_sample = false;
        if (!sim.run(p)) return done.at(static_cast<std::size_t>(index));
    }
    sim.write_row();
    std::vector<double> row = point_row(sim.state().accumulator, b, sign, c.materials.size());
    if (relaxed) {
        // One relaxed state, not samples: no statistical errors; the minimiser's outcome.
        for (std::size_t k = 3; k < row.size(); k += 2)
            row[k] = 0;
        row.push_back(double(relaxed->steps));
        row.push_back(relaxed->torque);
        if (!relaxed->converged) ++unconverged_;
    }
    done.push_back(row[2]);
    table.write_row(row);
    if (std::FILE* screen = sim.screen()) {
        std::fprintf(screen, "  B = %-10g m.h = %+.5f", b, row[2]);
        if (relaxed)
            std::fprintf(screen, "  (%lld steps, largest torque %.3g T%s)",
                         static_cast<long long>(relaxed->steps), relaxed->torque,
                         relaxed->converged ? "" : ": NOT converged");
        std::fprintf(screen, "\n");
    }
    return row[2];
}

// Equilibration in the settling field before the sweep, or before each segment of a field sweep.
void HysteresisLoopProgram::settle(ProgramHost& sim, double field) {
    const Config& c = sim.config();
    if (c.sim.equilibration_steps <= 0) return;
    if (kind_ == HysteresisKind::static_loop) {
        sim.state().field_strength = field;
        sim.relax_point(c.sim.equilibration_steps);
        return;
    }
    Phase p;
    p.equilibration_steps = c.sim.equilibration_steps;
    p.temperature = p.equilibration_temperature = c.sim.temperature;
    p.field_strength = field;
    p.row_per_sample = false;
    sim.run(p);
}

void HysteresisLoopProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const double h = c.sweep.maximum_field;
    const double inc = c.sweep.field_increment;
    const bool partial = kind_ == HysteresisKind::partial;
    const bool sweep = kind_ == HysteresisKind::sweep;
    // The full and static loops: +H to -H and back, after equilibration at the larger of +H and
    // sim:equilibration-applied-field-strength (VAMPIRE's). The partial loop: one branch from
    // sim:minimum- to sim:maximum-applied-field-strength after equilibration at
    // sim:equilibration-applied-field-strength. The field sweep: the field-sweep file's segments,
    // each after equilibration at the larger of +H and the equilibration field (VAMPIRE's).
    const std::int64_t steps = c.sweep.loop_steps;
    std::vector<Branch> branches;
    if (sweep) {
        if (c.field_sweep.segments.empty())
            throw Error("sim:program = field-sweep: no segment was read from its field-sweep file");
        for (const FieldSweepSegment& g : c.field_sweep.segments)
            branches.push_back({field_sweep_points(g), g.end < g.start ? -1 : +1, g.steps});
    } else if (partial) {
        branches.push_back({sweep_points(c.sweep.minimum_field, h, inc), +1, steps});
    } else {
        branches = {{sweep_points(h, -h, inc), -1, steps}, {sweep_points(-h, h, inc), +1, steps}};
    }
    const double settle_field =
        partial ? c.sweep.equilibration_field : std::max(h, c.sweep.equilibration_field);
    std::size_t points = 0;
    for (const Branch& b : branches)
        points += b.fields.size();
    sim.plan_rows(static_cast<std::int64_t>(points));
    std::vector<std::string> headers = {"field[T]", "branch", "<m.h>", "err", "<|m|>", "err"};
    for (const MaterialConfig& m : c.materials)
        for (const char* x : {":<m.h>", ":err"})
            headers.push_back(m.name + x);
    if (kind_ == HysteresisKind::static_loop)
        for (const char* x : {"relax-steps", "largest-torque[T]"})
            headers.emplace_back(x);
    PointTable table(sim, "hysteresis-loop", headers);
    std::FILE* screen = sim.screen();
    if (screen && sweep) {
        std::fprintf(screen, "Field sweep: %zu segment(s) from %s, %zu fields at %g K",
                     branches.size(), c.field_sweep.path.c_str(), points, c.sim.temperature);
        if (c.sim.equilibration_steps > 0)
            std::fprintf(screen, ", each segment after %lld equilibration steps at %g T",
                         static_cast<long long>(c.sim.equilibration_steps), settle_field);
        std::fprintf(screen, "\n");
    } else if (screen && partial)
        std::fprintf(screen, "Partial hysteresis loop: %g T to %g T in steps of %g T at %g K\n",
                     c.sweep.minimum_field, h, inc, c.sim.temperature);
    else if (screen && kind_ == HysteresisKind::static_loop)
        std::fprintf(screen,
                     "Static hysteresis loop: %g T to %g T and back in steps of %g T, relaxed at "
                     "each field until every torque is below %g T (at most %lld steps)\n",
                     h, -h, inc, c.relax.tolerance, static_cast<long long>(c.sweep.loop_steps));
    else if (screen)
        std::fprintf(screen, "Hysteresis loop: %g T to %g T and back in steps of %g T at %g K\n", h,
                     -h, inc, c.sim.temperature);

    if (!sweep) settle(sim, settle_field);
    std::vector<double> coercive;
    for (const Branch& branch : branches) {
        if (sweep) settle(sim, settle_field);
        std::vector<double> mh;
        for (double b : branch.fields)
            mh.push_back(point(sim, table, b, branch.sign, branch.steps));
        coercive.push_back(zero_crossing(branch.fields, mh));
    }
    // The first crossing going down and going up, over the branches in order (NaN where there is
    // none).
    coercive_[0] = coercive_[1] = std::nan("");
    for (std::size_t b = 0; b < branches.size(); ++b) {
        double& way = coercive_[branches[b].sign < 0 ? 0 : 1];
        if (std::isnan(way)) way = coercive[b];
    }
    if (screen) print_coercive_fields(screen, branches, coercive, table.path());
    if (screen && unconverged_ > 0)
        std::fprintf(screen,
                     "Warning: at %lld of the %zu fields the relaxation stopped at "
                     "sim:loop-time-steps before every torque was below "
                     "sim:relax-torque-tolerance: raise sim:loop-time-steps\n",
                     static_cast<long long>(unconverged_), points);
}

}  // namespace miniasd
