// The run-state file of a checkpoint: every field survives a round trip exactly; damage, other
// versions and malformed lines are errors naming the file; fingerprints tell allowed changes from
// changes that would make a continued run wrong. And the checkpoint keywords' parsing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "checkpoint/run_state_io.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

SavedRun example() {
    SavedRun r;
    r.writer = "miniasd test";
    r.random_numbers = "philox4x32-10 ziggurat-256 ieee-exp-log";
    r.ranks = 3;
    r.threads = 2;
    RunState& s = r.state;
    s.step = 123456789012;
    s.time_step = 1e-16;
    s.temperature = 300.1234567890123;
    s.phonon_temperature = 0.1 + 0.2;  // not representable in few digits
    s.field_strength = -2.5;
    s.field_direction = {0.6, 0.0, -0.8};
    s.mc_step_width = 0.123456789;
    s.relax_scale = 2744.1 + 1e-12;  // the minimiser's step scale, T
    s.rows = 17;
    s.samples = 35;
    s.point = 4;
    s.phase = 5;
    s.phase_step = 77;
    s.complete = true;
    s.program_state = {1e-300, -3.25, NAN};
    s.accumulator.reset(2, 30);
    s.accumulator.add({0.1, -1e-21});
    s.accumulator.add({0.3, -2e-21});
    r.fingerprint = "create:crystal-structure = bcc\nsim:temperature = 300 !K\n";
    r.outputs = {{"output", 2539}, {"curie-temperature", 77}};
    return r;
}

bool same(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

TEST(RunState, RoundTripIsExact) {
    const SavedRun a = example();
    const SavedRun b = parse_run_state(format_run_state(a), "run-state");
    EXPECT_EQ(b.writer, a.writer);
    EXPECT_EQ(b.random_numbers, a.random_numbers);
    EXPECT_EQ(b.ranks, 3);
    EXPECT_EQ(b.threads, 2);
    EXPECT_EQ(b.state.step, a.state.step);
    EXPECT_TRUE(same(b.state.temperature, a.state.temperature));
    EXPECT_TRUE(same(b.state.phonon_temperature, a.state.phonon_temperature));
    EXPECT_TRUE(same(b.state.time_step, a.state.time_step));
    EXPECT_EQ(b.state.field_direction, a.state.field_direction);
    EXPECT_TRUE(same(b.state.mc_step_width, a.state.mc_step_width));
    EXPECT_TRUE(same(b.state.relax_scale, a.state.relax_scale));
    EXPECT_EQ(b.state.rows, 17);
    EXPECT_EQ(b.state.samples, 35);
    EXPECT_EQ(b.state.point, 4);
    EXPECT_EQ(b.state.phase, 5);
    EXPECT_EQ(b.state.phase_step, 77);
    EXPECT_TRUE(b.state.complete);
    ASSERT_EQ(b.state.program_state.size(), 3u);
    EXPECT_TRUE(same(b.state.program_state[0], 1e-300));
    EXPECT_TRUE(std::isnan(b.state.program_state[2]));
    const std::vector<double> x = a.state.accumulator.serialise(),
                              y = b.state.accumulator.serialise();
    ASSERT_EQ(x.size(), y.size());
    EXPECT_EQ(std::memcmp(x.data(), y.data(), x.size() * sizeof(double)), 0);
    EXPECT_EQ(b.fingerprint, a.fingerprint);
    EXPECT_EQ(b.outputs, a.outputs);
}

TEST(RunState, DamageAndOtherVersionsAreErrorsNamingTheFile) {
    const std::string good = format_run_state(example());
    auto error_of = [](const std::string& text) {
        try {
            parse_run_state(text, "ck/run-state");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    std::string flipped = good;
    flipped[flipped.find("rows = 17") + 7] = '8';
    EXPECT_NE(error_of(flipped).find("ck/run-state: checksum mismatch"), std::string::npos);
    EXPECT_NE(error_of(good.substr(0, good.size() / 2)).find("truncated"), std::string::npos);
    std::string newer = good;
    newer.replace(0, std::strlen("miniasd-run-state 1"), "miniasd-run-state 9");
    EXPECT_NE(error_of(newer).find("version 9 of the checkpoint format"), std::string::npos);
    EXPECT_NE(error_of("hello\n").find("not a miniASD run-state file"), std::string::npos);
    EXPECT_EQ(error_of(good), "");
}

TEST(RunState, FingerprintsSeparateAllowedChanges) {
    const std::string saved =
        "create:crystal-structure = bcc\nmaterial[1]:exchange-matrix[1] = "
        "7.0499999999999993e-21 !J\nsim:total-time-steps = 100\nsim:integrator-random-seed = 1\n"
        "screen:time-steps\n";
    const std::string now =
        "create:crystal-structure = bcc\nmaterial[1]:exchange-matrix[1] = "
        "7.0999999999999995e-21 !J\nsim:total-time-steps = 200\nsim:integrator-random-seed = 2\n"
        "sim:wall-time-limit = 600\n";
    const InputChanges c = compare_fingerprints(saved, now);
    ASSERT_EQ(c.refused.size(), 2u);
    EXPECT_EQ(c.refused[0], "material[1]:exchange-matrix[1]: 7.05e-21 !J -> 7.1e-21 !J");
    EXPECT_EQ(c.refused[1], "sim:integrator-random-seed: 1 -> 2");
    ASSERT_EQ(c.allowed.size(), 3u);
    EXPECT_EQ(c.allowed[0], "screen:time-steps: (set) -> (not set)");
    EXPECT_EQ(c.allowed[1], "sim:total-time-steps: 100 -> 200");
    EXPECT_EQ(c.allowed[2], "sim:wall-time-limit: (not set) -> 600");
    EXPECT_TRUE(compare_fingerprints(saved, saved).refused.empty());
}

TEST(CheckpointKeywords, WallTimeLimitAcceptsTheUsualForms) {
    const std::string m =
        "material[1]:atomic-spin-moment = 2\nmaterial[1]:exchange-matrix[1] = 1e-21\n";
    const std::pair<const char*, double> cases[] = {
        {"11h50m", 42600}, {"1d2h", 93600},     {"90m", 5400},      {"3600", 3600},
        {"3600s", 3600},   {"11:50:00", 42600}, {"1-00:30", 88200}, {"1.5h", 5400}};
    for (const auto& [text, seconds] : cases) {
        const Config c = test::config_from_text(m + "sim:wall-time-limit = " + text + "\n");
        EXPECT_DOUBLE_EQ(c.limits.wall_time, seconds) << text;
    }
    for (const char* bad : {"soon", "11h50", "5x", "1:2:3:4", "0", "h", "1h1h"})
        EXPECT_THROW(test::config_from_text(m + "sim:wall-time-limit = " + bad + "\n"), Error)
            << bad;
}

TEST(CheckpointKeywords, ContradictionsAndKeywordsWithoutEffectAreErrors) {
    const std::string m =
        "material[1]:atomic-spin-moment = 2\nmaterial[1]:exchange-matrix[1] = 1e-21\n";
    EXPECT_THROW(test::config_from_text(m + "sim:load-checkpoint = continue\n"
                                            "sim:load-checkpoint-if-exists = continue\n"),
                 Error);
    EXPECT_THROW(test::config_from_text(m + "sim:save-checkpoint-rate = 100\n"), Error);
    EXPECT_THROW(test::config_from_text(m + "sim:save-checkpoint = end\n"
                                            "sim:save-checkpoint-rate = 100\n"),
                 Error);
    const Config c = test::config_from_text(m +
                                            "sim:save-checkpoint = continuous\n"
                                            "sim:save-checkpoint-rate = 100\n"
                                            "sim:load-checkpoint-if-exists = continue\n"
                                            "sim:checkpoint-directory = /scratch/ck\n"
                                            "sim:checkpoints-kept = 2\n");
    EXPECT_EQ(c.checkpoint.save, CheckpointSave::continuous);
    EXPECT_EQ(c.checkpoint.rate, 100);
    EXPECT_EQ(c.checkpoint.load, CheckpointLoad::resume);
    EXPECT_TRUE(c.checkpoint.load_if_exists);
    EXPECT_EQ(c.checkpoint.directory, "/scratch/ck");
    EXPECT_EQ(c.checkpoint.kept, 2);
    EXPECT_TRUE(c.warnings.empty());
    // VAMPIRE's default rate of 1 is allowed, with a warning.
    const Config every = test::config_from_text(m + "sim:save-checkpoint = continuous\n");
    ASSERT_EQ(every.warnings.size(), 1u);
    EXPECT_NE(every.warnings[0].find("after every step"), std::string::npos);
}

// A file from before version 4 names no random numbers: it reads with none (the run continuing
// it says the generator changed).
TEST(RunState, OlderFilesNameNoRandomNumbers) {
    SavedRun a = example();
    a.random_numbers.clear();
    const std::string text = format_run_state(a);
    EXPECT_EQ(text.find("random-numbers"), std::string::npos);
    EXPECT_EQ(parse_run_state(text, "run-state").random_numbers, "");
}
