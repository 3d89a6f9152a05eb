// The loop's observers (src/run/loop_observers.hpp): each acts at its own moment, when its rhythm
// is due, in the order registered; the schedule names them in that order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run/loop_observers.hpp"

namespace miniasd {
namespace {

TEST(LoopObservers, EachActsAtItsMomentWhenItsRhythmIsDue) {
    LoopObservers o;
    std::vector<std::string> log;
    o.add("row", Rhythm::every_n(LoopMoment::sample, 10, "step"),
          [&](std::int64_t n) { log.push_back("row " + std::to_string(n)); });
    o.add("snapshot", Rhythm::every_n(LoopMoment::row, 3, "row"),
          [&](std::int64_t n) { log.push_back("snapshot " + std::to_string(n)); });
    o.add("check",
          Rhythm::decided(
              LoopMoment::after_step, [](std::int64_t n) { return n == 7; }, "at step 7"),
          [&](std::int64_t n) { log.push_back("check " + std::to_string(n)); });
    o.add("vote", Rhythm::every_n(LoopMoment::after_step, 1, "step"),
          [&](std::int64_t n) { log.push_back("vote " + std::to_string(n)); });
    for (std::int64_t step : {5, 10, 20, 25})
        o.notify(LoopMoment::sample, step);
    for (std::int64_t row = 0; row < 7; ++row)
        o.notify(LoopMoment::row, row);
    for (std::int64_t step : {6, 7})
        o.notify(LoopMoment::after_step, step);
    const std::vector<std::string> expected{"row 10",     "row 20", "snapshot 0", "snapshot 3",
                                            "snapshot 6", "vote 6", "check 7",    "vote 7"};
    EXPECT_EQ(log, expected);  // "check" registered before "vote": it acts first at step 7
    EXPECT_EQ(o.size(), 4u);
}

TEST(LoopObservers, ScheduleSaysWhatActsWhenInRegistrationOrder) {
    LoopObservers o;
    o.add("statistics row", Rhythm::every_n(LoopMoment::sample, 1, "step"), [](std::int64_t) {});
    o.add("snapshot", Rhythm::every_n(LoopMoment::row, 20, "row"), [](std::int64_t) {});
    o.add("stop",
          Rhythm::decided(
              LoopMoment::after_step, [](std::int64_t) { return false; }, "when told"),
          [](std::int64_t) {});
    EXPECT_EQ(o.schedule(),
              "statistics row (at a sample, every step); snapshot (after a row, every 20 rows); "
              "stop (after a step, when told)");
}

TEST(LoopObservers, APeriodMustBePositive) {
    EXPECT_THROW(Rhythm::every_n(LoopMoment::row, 0, "row"), std::invalid_argument);
}

TEST(LoopObservers, AnObserversExceptionLeavesTheLoop) {
    // A stop throws from its observer (RunStopped); the observers after it do not act.
    LoopObservers o;
    int after = 0;
    o.add("stop", Rhythm::every_n(LoopMoment::after_step, 1, "step"),
          [](std::int64_t) { throw std::runtime_error("stopped"); });
    o.add("later", Rhythm::every_n(LoopMoment::after_step, 1, "step"),
          [&](std::int64_t) { ++after; });
    EXPECT_THROW(o.notify(LoopMoment::after_step, 1), std::runtime_error);
    EXPECT_EQ(after, 0);
}

}  // namespace
}  // namespace miniasd
