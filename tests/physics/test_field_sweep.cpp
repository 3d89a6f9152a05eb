// VAMPIRE's field-sweep program: the segments "H_start H_end increment steps" of the file
// `field-sweep` beside the input, each after equilibration in the saturating field. Its fields are
// VAMPIRE's (start, start + increment, ... up to the first at or beyond the end); a loop written
// as two segments is the hysteresis-loop program's run, row for row; each segment's steps and
// equilibration are run; the file's mistakes name its file and line; a changed file refuses to
// continue a checkpoint.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "run/program_host.hpp"
#include "run/programs/field_sweep_file.hpp"
#include "run/programs/programs.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"
#include "util/units.hpp"

using namespace miniasd;

namespace {

std::vector<double> points_of(const std::string& line) {
    return field_sweep_points(parse_field_sweep_file(line, "field-sweep").segments.at(0));
}

// 27 independent Stoner-Wohlfarth particles (K = 1e-23 J, 1 muB) with the field at 30 degrees
// to their easy axis, at 0 K, by Monte Carlo's small fixed moves (a quasi-static descent: as in
// test_stoner_wohlfarth.cpp).
const std::string particles =
    "create:crystal-structure = sc\n"
    "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 9 !A\n"
    "material[1]:atomic-spin-moment = 1 !muB\n"
    "material[1]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
    "material[1]:initial-spin-direction = 0,0,1\n"
    "sim:applied-field-unit-vector = 0.5,0,0.86602540378443865\n"
    "sim:temperature = 0\nsim:integrator = monte-carlo\nmontecarlo:algorithm = angle\n"
    "sim:time-steps-increment = 100\n";

// Runs a loop of `kind` on the particles: its coercive fields and the steps it took.
struct Loop {
    double down = 0, up = 0;
    std::int64_t steps = 0;
};
Loop run(const std::string& extra, const std::string& sweep, HysteresisKind kind) {
    Simulation sim(parallel::Comm::world(),
                   test::config_from_files(particles + extra, {{"field-sweep", sweep}}),
                   test::quiet_options());
    HysteresisLoopProgram program(kind);
    ProgramHost host(sim);
    program.run(host);
    Loop l;
    l.down = program.coercive_down();
    l.up = program.coercive_up();
    l.steps = sim.state().step;
    return l;
}

// The error a configuration raises, as text ("" if none).
std::string refusal(const std::string& extra, const std::string& sweep, bool with_file = true) {
    try {
        if (with_file)
            test::config_from_files(particles + extra, {{"field-sweep", sweep}});
        else
            test::config_from_files(particles + extra, {});
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

// VAMPIRE's fields: from the start by the increment until one reaches or passes the end (so
// 0..0.25 by 0.1 ends at 0.3), whatever the increment's sign; fields as start + k increment.
TEST(FieldSweep, FieldsAreVampiresUpToTheFirstAtOrPastTheEnd) {
    EXPECT_EQ(points_of("0 0.25 0.1 10"), (std::vector<double>{0, 0.1, 0.2, 0.1 * 3}));
    EXPECT_EQ(points_of("1 -1 0.5 5"), (std::vector<double>{1, 0.5, 0, -0.5, -1}));
    EXPECT_EQ(points_of("0 1 -0.5 3"), (std::vector<double>{0, 0.5, 1}));
    EXPECT_EQ(points_of("0.7 0.7 0 3"), (std::vector<double>{0.7}));  // VAMPIRE: for ever
    const std::vector<double> tenths = points_of("0 1 0.1 3");
    ASSERT_EQ(tenths.size(), 11u);  // a running sum would end at 0.9999999999999999, then 1.1
    EXPECT_EQ(tenths.back(), 1.0);
    // Comments after the four values (VAMPIRE reads four words), CRLF ends, a UTF-8 mark.
    const FieldSweepFile f = parse_field_sweep_file(
        "\xEF\xBB\xBF# H_start H_end increment steps\r\n\r\n 2 -2 1 40  # down\r\n-2 2 2 7 \r\n",
        "x");
    ASSERT_EQ(f.segments.size(), 2u);
    EXPECT_EQ(f.segments[0].start, 2.0);
    EXPECT_EQ(f.segments[0].steps, 40);
    EXPECT_EQ(f.segments[1].line, 4);
    EXPECT_EQ(f.segments[1].steps, 7);
}

TEST(FieldSweep, MistakesNameTheFileAndLine) {
    const std::string sweep = "sim:program = field-sweep\n";
    const std::string missing = refusal(sweep, "", false);
    EXPECT_NE(missing.find("field-sweep reads its sweep from the file 'field-sweep'"),
              std::string::npos)
        << missing;
    EXPECT_NE(missing.find("H_start H_end increment steps"), std::string::npos) << missing;
    const std::string three = refusal(sweep, "# sweep\n1 -1 0.5\n");
    EXPECT_NE(three.find("field-sweep, line 2"), std::string::npos) << three;
    EXPECT_NE(three.find("expected four values"), std::string::npos) << three;
    EXPECT_NE(refusal(sweep, "1 -1 0.5 1e4\n").find("must be a whole number"), std::string::npos);
    EXPECT_NE(refusal(sweep, "1 -1 0.5 0\n").find("must be a whole number from 1 to 1e15"),
              std::string::npos);
    EXPECT_NE(refusal(sweep, "1 -1 0.5 2000000000000000\n").find("from 1 to 1e15"),
              std::string::npos);
    // The last field passes the end by up to an increment: it too must be within 1000 T.
    EXPECT_NE(refusal(sweep, "0 1 5000 10\n").find("last field, 5000 T"), std::string::npos);
    // The whole sweep's steps, with the equilibration before each segment.
    EXPECT_NE(refusal(sweep + "sim:equilibration-time-steps = 600000000000000\n",
                      "1 -1 1 10\n1 -1 1 10\n")
                  .find("more than the 1e15 steps"),
              std::string::npos);
    // Program names are matched without regard to case: the file is read then too.
    EXPECT_NE(refusal("sim:program = Field-Sweep\n", "", false).find("cannot be read"),
              std::string::npos);
    EXPECT_NE(refusal(sweep, "1 -1 0 10\n").find("the increment is 0"), std::string::npos);
    EXPECT_NE(refusal(sweep, "1 -1 1e-9 10\n").find("more than 1e6 fields"), std::string::npos);
    EXPECT_NE(refusal(sweep, "# nothing\n").find("holds no segment"), std::string::npos);
    // Both bad lines in one round.
    const std::string two = refusal(sweep, "1 x 1 1\n1 -1 0.5 10\n1 1 1\n");
    EXPECT_NE(two.find("line 1"), std::string::npos) << two;
    EXPECT_NE(two.find("line 3"), std::string::npos) << two;
    // Another program does not read the file; field-sweep's own loop keywords are warned about.
    EXPECT_EQ(refusal("", "not a sweep\n"), "");
    const Config c = test::config_from_files(particles + sweep + "sim:loop-time-steps = 5\n",
                                             {{"field-sweep", "1 -1 0.5 10\n"}});
    ASSERT_EQ(c.warnings.size(), 1u);
    EXPECT_NE(c.warnings[0].find("sim:loop-time-steps has no effect"), std::string::npos);
}

// A loop written as two segments is the hysteresis-loop program's run bit for bit when neither
// equilibrates (VAMPIRE's field-sweep settles before every segment, the loop once): the same
// coercive fields, which are Stoner-Wohlfarth's h_sw = 1.130 T at 30 degrees within one increment.
TEST(FieldSweep, TwoSegmentsAreTheHysteresisLoop) {
    const Loop loop =
        run("sim:program = hysteresis-loop\nsim:maximum-applied-field-strength = 3 !T\n"
            "sim:applied-field-strength-increment = 0.05 !T\nsim:loop-time-steps = 200\n",
            "", HysteresisKind::full);
    const Loop sweep =
        run("sim:program = field-sweep\n", "3 -3 0.05 200\n-3 3 0.05 200\n", HysteresisKind::sweep);
    EXPECT_EQ(sweep.down, loop.down);
    EXPECT_EQ(sweep.up, loop.up);
    EXPECT_EQ(sweep.steps, loop.steps);
    // h_sw = H_K (cos^(2/3) psi + sin^(2/3) psi)^(-3/2), H_K = 2K/mu.
    const double hk = 2e-23 / constants::bohr_magneton;
    const double p = M_PI / 6;
    const double expected =
        hk * std::pow(std::pow(std::cos(p), 2.0 / 3) + std::pow(std::sin(p), 2.0 / 3), -1.5);
    EXPECT_NEAR(sweep.down, -expected, 0.05);
    EXPECT_NEAR(sweep.up, expected, 0.05);
}

// Each segment runs its own steps per field after sim:equilibration-time-steps in the larger of
// sim:maximum-applied-field-strength and sim:equilibration-applied-field-strength (VAMPIRE's).
// The first segment, down from +3 T after saturation at +2 T, switches at -h_sw. The second, up
// from 0 T, starts from the state saturated again at +2 T, so it has nothing to switch; without
// the equilibration it starts from the first segment's end and switches at +h_sw.
TEST(FieldSweep, EachSegmentEquilibratesAndRunsItsSteps) {
    const std::string sweep = "3 -3 0.25 300\n0 3 0.25 300\n";
    const std::string keywords =
        "sim:program = field-sweep\nsim:maximum-applied-field-strength = 2 !T\n";
    const Loop settled =
        run(keywords + "sim:equilibration-time-steps = 400\n", sweep, HysteresisKind::sweep);
    EXPECT_EQ(settled.steps, 2 * 400 + 25 * 300 + 13 * 300);
    EXPECT_NEAR(settled.down, -1.130, 0.25);  // h_sw at 30 degrees, within one increment
    EXPECT_TRUE(std::isnan(settled.up)) << settled.up;
    // (With a first segment of one field, which goes neither way: it hides no crossing.)
    const Loop unsettled = run(keywords, "3 3 1 10\n" + sweep, HysteresisKind::sweep);
    EXPECT_EQ(unsettled.steps, 10 + 25 * 300 + 13 * 300);
    EXPECT_NEAR(unsettled.down, -1.130, 0.25);
    EXPECT_NEAR(unsettled.up, 1.130, 0.25);
}

// A continued run refuses a changed field-sweep file, as a changed unit-cell file.
TEST(FieldSweep, AChangedFileIsRefusedOnContinue) {
    // Root's process id names the directory, for every rank.
    std::string dir = (std::filesystem::temp_directory_path() /
                       ("miniasd-field-sweep-" + std::to_string(::getpid())))
                          .string();
    int status = 0;
    parallel::Comm::world().broadcast(status, dir);
    if (parallel::Comm::world().is_root()) {
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    parallel::Comm::world().barrier();
    auto job = [&](const std::string& extra, const std::string& sweep) -> std::string {
        RunOptions o = test::quiet_options();
        o.write_files = true;
        o.output_dir = dir;
        try {
            Simulation sim(parallel::Comm::world(),
                           test::config_from_files(particles +
                                                       "sim:program = field-sweep\n"
                                                       "sim:save-checkpoint = end\n" +
                                                       extra,
                                                   {{"field-sweep", sweep}}),
                           o);
            run_program(sim);
        } catch (const Error& e) {
            return e.what();
        }
        return "";
    };
    ASSERT_EQ(job("", "1 -1 1 10\n"), "");
    const std::string more = "sim:load-checkpoint = continue\n";
    const std::string changed = job(more, "1 -1 0.5 10\n");
    EXPECT_NE(changed.find("file contents: field-sweep file: digest"), std::string::npos)
        << changed;
    EXPECT_EQ(job(more, "1 -1 1 10\n"), "");
    parallel::Comm::world().barrier();
    if (parallel::Comm::world().is_root()) std::filesystem::remove_all(dir);
}
