// The keywords of the temperature sweep and the hysteresis loops (run/programs/sweep_keywords.cpp):
// sizes a run can hold, and the loops' own fields acting only in their programs.
#include <gtest/gtest.h>

#include <string>

#include "parser_support.hpp"
#include "run/config/parser.hpp"
#include "support/test_support.hpp"

using namespace miniasd;
using test::config_from_text;
using test::expect_error;
using test::material1;

// A sweep with more points than a run can hold (1e16 temperatures, 4e9 fields) is refused by
// --check, naming the increment; a large but possible one passes.
TEST(SweepKeywords, SweepsBeyondReasonAreRefused) {
    expect_error(
        "sim:program = curie-temperature\nsim:maximum-temperature = 1e6\n"
        "sim:temperature-increment = 1e-10\n",
        3,
        {"sim:temperature-increment", "gives 1e+16 points of the temperature sweep",
         "raise the increment"});
    expect_error(
        "sim:program = hysteresis-loop\nsim:maximum-applied-field-strength = 1000 !T\n"
        "sim:applied-field-strength-increment = 1e-6 !T\n",
        3, {"sim:applied-field-strength-increment", "points of the hysteresis loop"});
    expect_error(
        "sim:program = curie-temperature\nsim:maximum-temperature = 1000\n"
        "sim:temperature-increment = 0.01\nsim:loop-time-steps = 1000000000000\n",
        3, {"steps in all, beyond the 1e15"});
    const Config ok = config_from_text(
        "sim:program = curie-temperature\n"
        "sim:maximum-temperature = 1000\n"
        "sim:temperature-increment = 0.01\n" +
        material1);
    EXPECT_EQ(ok.sweep.temperature_increment, 0.01);
}

// The partial loop's keywords act in their programs only, and its branch goes up (VAMPIRE refuses
// the other order as an endless loop); the defaults are VAMPIRE's (-1 T to 1 T, equilibration at
// 0 T).
TEST(SweepKeywords, PartialHysteresisLoopKeywords) {
    expect_error("sim:minimum-applied-field-strength = 0.5 !T\n", 1,
                 {"sim:minimum-applied-field-strength",
                  "acts only in sim:program = partial-hysteresis-loop"});
    expect_error("sim:program = curie-temperature\nsim:equilibration-applied-field-strength = 1\n",
                 2,
                 {"acts only in sim:program = hysteresis-loop, partial-hysteresis-loop, "
                  "static-hysteresis-loop and field-sweep"});
    expect_error(
        "sim:program = partial-hysteresis-loop\nsim:minimum-applied-field-strength = 2 !T\n", 2,
        {"goes up from sim:minimum-applied-field-strength (2 T)",
         "sim:maximum-applied-field-strength (1 T)", "reverse sim:applied-field-unit-vector"});
    expect_error(
        "sim:program = partial-hysteresis-loop\n"
        "sim:applied-field-strength-increment = 1e-6 !T\n",
        2, {"points of the hysteresis loop", "raise the increment"});
    const Config c = config_from_text("sim:program = partial-hysteresis-loop\n" + material1);
    EXPECT_EQ(c.sweep.minimum_field, -1);
    EXPECT_EQ(c.sweep.maximum_field, 1);
    EXPECT_EQ(c.sweep.equilibration_field, 0);
    const Config d = config_from_text(
        "sim:program = hysteresis-loop\nsim:equilibration-applied-field-strength = 5 !T\n" +
        material1);
    EXPECT_EQ(d.sweep.equilibration_field, 5);
    // The static loop relaxes at 0 K by the minimiser, whose keywords it takes; a temperature or
    // an integrator would do nothing there (a warning each, for VAMPIRE's files that give them).
    const Config st = config_from_text(
        "sim:program = static-hysteresis-loop\nsim:temperature = 300\n"
        "sim:integrator = monte-carlo\nsim:relax-method = lbfgs\n" +
        material1);
    EXPECT_EQ(st.relax.method, RelaxMethod::lbfgs);
    int warned = 0;
    for (const std::string& w : st.warnings)
        warned += int(w.find("static-hysteresis-loop relaxes") != std::string::npos);
    EXPECT_EQ(warned, 2);
    expect_error("sim:program = hysteresis-loop\nsim:relax-method = lbfgs\n", 2,
                 {"has no effect without a relaxation", "static-hysteresis-loop"});
}
