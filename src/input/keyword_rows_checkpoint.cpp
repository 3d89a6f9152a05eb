// Rows of the checkpoint and restart keywords (sim:, VAMPIRE's names) and the wall-time limit.
#include <cctype>
#include <charconv>
#include <cmath>

#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

double parse_duration(const std::string& text) {
    std::string t;
    for (char ch : text)
        if (!std::isspace(static_cast<unsigned char>(ch))) t += ch;
    if (t.empty()) return -1;
    auto digits = [](const std::string& s) {
        return !s.empty() && s.size() < 10 &&
               s.find_first_not_of("0123456789") == std::string::npos;
    };
    if (t.find(':') != std::string::npos) {  // [D-]HH:MM[:SS]
        double days = 0;
        if (const auto dash = t.find('-'); dash != std::string::npos) {
            if (!digits(t.substr(0, dash))) return -1;
            days = std::stod(t.substr(0, dash));
            t = t.substr(dash + 1);
        }
        std::vector<std::string> parts;
        std::size_t start = 0;
        for (std::size_t c = t.find(':');; c = t.find(':', start)) {
            parts.push_back(t.substr(start, c == std::string::npos ? c : c - start));
            if (c == std::string::npos) break;
            start = c + 1;
        }
        if (parts.size() < 2 || parts.size() > 3) return -1;
        double s = 0;
        for (std::size_t k = 0; k < parts.size(); ++k) {
            if (!digits(parts[k])) return -1;
            s += std::stod(parts[k]) * (k == 0 ? 3600 : k == 1 ? 60 : 1);
        }
        return days * 86400 + s;
    }
    if (digits(t)) return std::stod(t);
    double total = 0;
    std::string number;
    std::string seen;
    for (char ch : t) {
        if (std::isdigit(static_cast<unsigned char>(ch)) || ch == '.') {
            number += ch;
            continue;
        }
        const double unit = ch == 'd'   ? 86400
                            : ch == 'h' ? 3600
                            : ch == 'm' ? 60
                            : ch == 's' ? 1
                                        : 0;
        if (unit == 0 || number.empty() || seen.find(ch) != std::string::npos) return -1;
        if (number.find_first_not_of("0123456789.") != std::string::npos ||
            number.find('.') != number.rfind('.'))
            return -1;
        seen += ch;
        total += std::stod(number) * unit;
        number.clear();
    }
    return number.empty() ? total : -1;
}

std::optional<Value> duration_text(double seconds) {
    // Seconds in the shortest fixed-point form that reads back exactly.
    char b[400];
    const auto r = std::to_chars(b, b + sizeof b, seconds, std::chars_format::fixed);
    return word(std::string(b, r.ptr) + "s");
}

void add_checkpoint_keywords(std::vector<KeywordSpec>& t) {
    t.push_back(choice(
        "sim", "save-checkpoint", "end|continuous", "not saved",
        "write checkpoints (docs/restart.md): at the end of the run, or every "
        "sim:save-checkpoint-rate steps and at the end",
        [](Config& c, const Value& v, const Entry&) {
            c.save_checkpoint =
                v.text == "end" ? Config::CheckpointSave::end : Config::CheckpointSave::continuous;
        },
        [](const Config& c) {
            using S = Config::CheckpointSave;
            return c.save_checkpoint == S::none  ? none
                   : c.save_checkpoint == S::end ? word("end")
                                                 : word("continuous");
        }));
    t.push_back(row(
        "sim", "save-checkpoint-rate", K::integer, D::none, 1, big, "1",
        "time steps between checkpoints with sim:save-checkpoint = continuous",
        [](Config& c, const Value& v, const Entry&) { c.checkpoint_rate = v.integer; },
        [](const Config& c) {  // an error without continuous checkpoints
            return c.save_checkpoint == Config::CheckpointSave::continuous
                       ? whole(c.checkpoint_rate)
                       : none;
        }));
    const char* load_doc =
        "at start-up read the newest complete checkpoint: continue (the spins and the whole run "
        "state: the run goes on as if never stopped) or restart (the spins only: the program "
        "starts again from them)";
    auto load = [](bool if_exists) {
        return [if_exists](Config& c, const Value& v, const Entry&) {
            c.load_checkpoint = v.text == "restart" ? Config::CheckpointLoad::restart
                                                    : Config::CheckpointLoad::resume;
            c.load_checkpoint_if_exists = if_exists;
        };
    };
    auto loaded = [](bool if_exists) {
        return [if_exists](const Config& c) {
            if (c.load_checkpoint == Config::CheckpointLoad::none ||
                c.load_checkpoint_if_exists != if_exists)
                return none;
            return word(c.load_checkpoint == Config::CheckpointLoad::restart ? "restart"
                                                                             : "continue");
        };
    };
    t.push_back(choice("sim", "load-checkpoint", "restart|continue", "not loaded",
                       std::string(load_doc) + "; an error when there is none", load(false),
                       loaded(false)));
    t.push_back(choice("sim", "load-checkpoint-if-exists", "restart|continue", "not loaded",
                       "as sim:load-checkpoint, but a run without a checkpoint starts afresh "
                       "(the first job of a chain)",
                       load(true), loaded(true)));
    t.push_back(row(
        "sim", "checkpoint-directory", K::text, D::none, 0, 0, "checkpoints",
        "directory of the checkpoints, relative to the output directory (-o)",
        [](Config& c, const Value& v, const Entry& e) {
            if (v.text.empty()) entry_error(e, "expected a directory name");
            c.checkpoint_directory = v.text;
        },
        [](const Config& c) { return word(c.checkpoint_directory); }));
    t.push_back(row(
        "sim", "checkpoints-kept", K::integer, D::none, 1, 1000, "1",
        "complete checkpoints kept on disk; older ones are deleted once a newer one "
        "is written and verified",
        [](Config& c, const Value& v, const Entry&) {
            c.checkpoints_kept = static_cast<int>(v.integer);
        },
        [](const Config& c) { return whole(c.checkpoints_kept); }));
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
            c.wall_time_limit = s;
        },
        [](const Config& c) {
            if (!(c.wall_time_limit > 0)) return none;
            return duration_text(c.wall_time_limit);
        }));
    t.push_back(row(
        "sim", "memory-limit", K::real, D::data_size, 1e6, 1e18, "none",
        "memory the ranks of one node may use together (a miniASD keyword): a run whose "
        "estimate (printed at start-up and by --check) exceeds it is refused before it starts. "
        "Without it the node's memory, or the job's memory limit when smaller, is the limit",
        [](Config& c, const Value& v, const Entry&) { c.memory_limit = v.real; },
        [](const Config& c) { return c.memory_limit > 0 ? number(c.memory_limit) : none; }));
}

}  // namespace miniasd::keyword_rows
