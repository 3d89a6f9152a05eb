// The limits' section (limits_section.hpp): the rows of the wall-time limit (the stop policy,
// stop_policy.hpp) and the memory limit (system/memory_estimate.hpp).
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "run/config/keyword_table.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;

void add_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "wall-time-limit", K::text, D::none, 0, 0, "none",
        "stop with a checkpoint and exit code 75 before this much wall time has "
        "passed: 11h50m, 1d2h, 90m, 3600 (seconds) or Slurm's 11:50:00",
        [](Config& c, const Value& v, const Entry& e) {
            const double s = parse_duration(v.text);
            if (s <= 0)
                entry_error(e,
                            "expected a duration such as 11h50m, 90m, 3600 "
                            "(seconds) or 11:50:00, not '" +
                                v.text + "'");
            c.limits.wall_time = s;
        },
        [](const Config& c) {
            if (!(c.limits.wall_time > 0)) return none;
            return duration_text(c.limits.wall_time);
        }));
    t.push_back(row(
        "sim", "memory-limit", K::real, D::data_size, 1e6, 1e18, "none",
        "memory the ranks of one node may use together (a miniASD keyword): a run whose "
        "estimate (printed at start-up and by --check) exceeds it is refused before it starts. "
        "Without it the node's memory, or the job's memory limit when smaller, is the limit",
        [](Config& c, const Value& v, const Entry&) { c.limits.memory = v.real; },
        [](const Config& c) { return c.limits.memory > 0 ? number(c.limits.memory) : none; }));
}

}  // namespace

SectionOf<Config> limits_section() {
    return {"run limits", add_rows};
}

}  // namespace miniasd
