#include "checkpoint/run_state_io.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "output/format/checksum.hpp"
#include "util/error.hpp"
#include "util/run_id.hpp"
#include "util/shortest.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

constexpr const char* magic = "miniasd-run-state";

std::string number(double v) {
    char b[40];
    std::snprintf(b, sizeof b, "%.17g", v);
    return b;
}

std::string numbers(const std::vector<double>& v) {
    std::string s;
    for (double x : v)
        s += (s.empty() ? "" : " ") + number(x);
    return s;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// "key = value" lines of a fingerprint (describe()); a flag line has the value "(set)".
std::map<std::string, std::string> fingerprint_lines(const std::string& text) {
    std::map<std::string, std::string> m;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const auto eq = line.find(" = ");
        if (trim(line).empty() || trim(line)[0] == '#') continue;  // comments (a file's digest)
        if (eq == std::string::npos) {
            m[trim(line)] = "(set)";
            continue;
        }
        const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 3));
        // Fingerprints before format 5 wrote every material's height range, given or not; since
        // then an unset range is not written (whether a height was given at all decides VAMPIRE's
        // placement by rule). A default range compares as not set, so older checkpoints continue.
        const auto colon = key.find("]:");
        if (colon != std::string::npos && key.rfind("material[", 0) == 0) {
            const std::string name = key.substr(colon + 2);
            if ((name == "minimum-height" && value == "0") ||
                (name == "maximum-height" && value == "1"))
                continue;
        }
        m[key] = value;
    }
    return m;
}

// Keywords whose change a continued run reports but accepts: how long to run, where and how to
// write snapshots, the screen, the checkpoint settings themselves, and the device (a GPU run's
// spins are the CPU run's bits, so either continues the other).
bool may_change(const std::string& key) {
    if (key == "sim:device") return true;
    for (const char* prefix : {"screen:", "config:", "sim:save-checkpoint", "sim:load-checkpoint",
                               "sim:checkpoint", "sim:wall-time-limit"})
        if (key.rfind(prefix, 0) == 0) return true;
    return key == "sim:total-time-steps" || key == "output:output-rate";
}

// A fingerprint value with its numbers in their shortest exact form (7.05e-21, not
// 7.0499999999999993e-21), for messages.
std::string readable(const std::string& value) {
    std::string out, token;
    auto flush = [&] {
        char* end = nullptr;
        const double v = std::strtod(token.c_str(), &end);
        out += !token.empty() && *end == '\0' ? shortest(v) : token;
        token.clear();
    };
    for (char ch : value) {
        if (ch == ' ' || ch == ',') {
            flush();
            out += ch;
        } else {
            token += ch;
        }
    }
    flush();
    return out;
}

// The numbers of a fingerprint value in SI: "2.87 !A" -> {2.87e-10}, "0,0,1" -> {0, 0, 1};
// false if a word is not a number or the unit is unknown.
bool si_numbers(const std::string& value, std::vector<double>& out) {
    double factor = 1.0;
    std::string numbers = value;
    if (const auto bang = value.find(" !"); bang != std::string::npos) {
        const Unit* u = find_unit(value.substr(bang + 2));
        if (!u) return false;
        factor = u->to_si;
        numbers = value.substr(0, bang);
    }
    std::istringstream in(numbers);
    for (std::string w; std::getline(in, w, ',');) {
        char* end = nullptr;
        const double x = std::strtod(w.c_str(), &end);
        if (w.empty() || *end != '\0') return false;
        out.push_back(x * factor);
    }
    return !out.empty();
}

// Whether two fingerprint values are the same numbers to within `ulps` units in the last place.
bool close_in_si(const std::string& x, const std::string& y, int ulps) {
    std::vector<double> a, b;
    if (!si_numbers(x, a) || !si_numbers(y, b) || a.size() != b.size()) return false;
    for (std::size_t k = 0; k < a.size(); ++k) {
        const double scale = std::max(std::abs(a[k]), std::abs(b[k]));
        if (std::abs(a[k] - b[k]) > ulps * scale * std::numeric_limits<double>::epsilon())
            return false;
    }
    return true;
}

// A mistake in a run-state file, at a line (0: the whole file).
Error error_at(const std::string& source, int line, const std::string& what) {
    return Error(source + (line > 0 ? ", line " + std::to_string(line) : "") + ": " + what);
}
using Fail = std::function<Error(const std::string&)>;

// The first line's format and version (into `version`), then the checksum line, which covers
// every byte before it: a truncated or altered file fails there. Returns where that line starts.
std::size_t checked_header(const std::string& text, const std::string& source, int& version) {
    std::istringstream first(text.substr(0, text.find('\n')));
    std::string word;
    first >> word >> version;
    if (word != magic) throw error_at(source, 1, "not a miniASD run-state file");
    if (version < oldest_run_state_version || version > run_state_version)
        throw error_at(source, 1,
                       "version " + std::to_string(version) +
                           " of the checkpoint format; this miniasd reads versions " +
                           std::to_string(oldest_run_state_version) + " to " +
                           std::to_string(run_state_version));
    const auto at = text.rfind("checksum = ");
    if (at == std::string::npos || (at > 0 && text[at - 1] != '\n'))
        throw error_at(source, 0, "no checksum line: the file is truncated or not a run state");
    const std::uint64_t want = std::strtoull(text.c_str() + at + 11, nullptr, 16);
    if (checksum64(text.data(), at) != want)
        throw error_at(source, 0, "checksum mismatch: the file is corrupt");
    return at;
}

// A value of numbers separated by blanks.
std::vector<double> numbers(const std::string& value, const std::string& key, const Fail& fail) {
    std::vector<double> v;
    std::istringstream vs(value);
    for (std::string w; vs >> w;) {
        char* end = nullptr;
        v.push_back(std::strtod(w.c_str(), &end));
        if (end == w.c_str() || *end != '\0') throw fail(key + ": '" + w + "' is not a number");
    }
    return v;
}

// output-file = <bytes> <name> and output-digest = <16 hex digits> <name>: an output file's length
// and digest at the checkpoint.
void read_output_record(SavedRun& r, const std::string& key, const std::string& value,
                        const Fail& fail) {
    std::istringstream vs(value);
    if (key == "output-file") {
        std::int64_t bytes = -1;
        std::string name;
        vs >> bytes;
        std::getline(vs, name);
        if (bytes < 0 || trim(name).empty()) throw fail("expected 'bytes name'");
        r.outputs[trim(name)] = bytes;
        return;
    }
    std::string hex, name;
    vs >> hex;
    std::getline(vs, name);
    char* end = nullptr;
    const unsigned long long d = std::strtoull(hex.c_str(), &end, 16);
    if (hex.size() != 16 || *end != '\0' || trim(name).empty())
        throw fail("expected 'digest name' (16 hexadecimal digits)");
    r.output_digests[trim(name)] = d;
}

// The run state's whole numbers and reals by their keys in the file (nullopt: another key).
std::optional<std::int64_t RunState::*> whole_field(const std::string& key) {
    static const std::pair<const char*, std::int64_t RunState::*> fields[] = {
        {"step", &RunState::step},
        {"rows", &RunState::rows},
        {"samples", &RunState::samples},
        {"point", &RunState::point},
        {"phase", &RunState::phase},
        {"phase-step", &RunState::phase_step},
        {"relax-first-step", &RunState::relax_first_step}};
    for (const auto& [name, field] : fields)
        if (key == name) return field;
    return std::nullopt;
}
std::optional<double RunState::*> real_field(const std::string& key) {
    static const std::pair<const char*, double RunState::*> fields[] = {
        {"time-step", &RunState::time_step},
        {"temperature", &RunState::temperature},
        {"phonon-temperature", &RunState::phonon_temperature},
        {"field-strength", &RunState::field_strength},
        {"mc-step-width", &RunState::mc_step_width},
        {"current", &RunState::current},
        {"fmr-field", &RunState::fmr_field},
        {"relax-scale", &RunState::relax_scale}};
    for (const auto& [name, field] : fields)
        if (key == name) return field;
    return std::nullopt;
}

}  // namespace

std::string format_run_state(const SavedRun& r) {
    const RunState& s = r.state;
    std::ostringstream o;
    o << magic << " " << run_state_version << "\n";
    o << "writer = " << r.writer << "\n";
    if (!r.run_id.empty()) o << "run-id = " << r.run_id << "\n";
    if (!r.random_numbers.empty()) o << "random-numbers = " << r.random_numbers << "\n";
    o << "ranks = " << r.ranks << "\nthreads = " << r.threads << "\n";
    o << "step = " << s.step << "\n";
    o << "time-step = " << number(s.time_step) << "\n";
    o << "temperature = " << number(s.temperature) << "\n";
    o << "phonon-temperature = " << number(s.phonon_temperature) << "\n";
    o << "field-strength = " << number(s.field_strength) << "\n";
    o << "field-direction = "
      << numbers({s.field_direction[0], s.field_direction[1], s.field_direction[2]}) << "\n";
    o << "mc-step-width = " << number(s.mc_step_width) << "\n";
    if (s.current != 1) o << "current = " << number(s.current) << "\n";  // an electrical pulse's
    if (s.fmr_field != 0)
        o << "fmr-field = " << number(s.fmr_field) << "\nfmr-direction = "
          << numbers({s.fmr_direction[0], s.fmr_direction[1], s.fmr_direction[2]}) << "\n";
    o << "rows = " << s.rows << "\nsamples = " << s.samples << "\npoint = " << s.point << "\n";
    o << "phase = " << s.phase << "\nphase-step = " << s.phase_step << "\n";
    o << "complete = " << (s.complete ? 1 : 0) << "\n";
    if (s.relax_first_step >= 0) o << "relax-first-step = " << s.relax_first_step << "\n";
    if (s.relax_scale > 0) o << "relax-scale = " << number(s.relax_scale) << "\n";
    o << "program-state = " << numbers(s.program_state) << "\n";
    o << "accumulator = " << numbers(s.accumulator.serialise()) << "\n";
    for (const auto& [name, bytes] : r.outputs)
        o << "output-file = " << bytes << " " << name << "\n";
    for (const auto& [name, digest] : r.output_digests) {
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(digest));
        o << "output-digest = " << hex << " " << name << "\n";
    }
    std::istringstream in(r.fingerprint);
    for (std::string line; std::getline(in, line);)
        o << "input: " << line << "\n";
    std::string text = o.str();
    char sum[64];
    std::snprintf(sum, sizeof sum, "checksum = %016" PRIx64 "\n",
                  checksum64(text.data(), text.size()));
    return text + sum;
}

SavedRun parse_run_state(const std::string& text, const std::string& source) {
    const auto fail = [&](int line, const std::string& what) {
        return error_at(source, line, what);
    };
    const auto fail_at = [&](int line) {
        return [&source, line](const std::string& what) { return error_at(source, line, what); };
    };
    SavedRun r;
    RunState& s = r.state;
    const std::size_t at = checked_header(text, source, r.version);
    std::istringstream in(text.substr(0, at));
    std::string line;
    int n = 1;
    std::getline(in, line);
    while (std::getline(in, line)) {
        ++n;
        if (line.rfind("input: ", 0) == 0) {
            r.fingerprint += line.substr(7) + "\n";
            continue;
        }
        const auto eq = line.find(" = ");
        if (eq == std::string::npos) throw fail(n, "expected 'key = value'");
        const std::string key = line.substr(0, eq), value = line.substr(eq + 3);
        const bool text_value = key == "writer" || key == "output-file" || key == "output-digest" ||
                                key == "run-id" || key == "random-numbers";
        const std::vector<double> v =
            text_value ? std::vector<double>{} : numbers(value, key, fail_at(n));
        const auto one = [&]() {
            if (v.size() != 1) throw fail(n, key + ": expected one number");
            return v[0];
        };
        const auto whole = [&]() { return static_cast<std::int64_t>(one()); };
        if (key == "writer")
            r.writer = value;
        else if (key == "random-numbers")
            r.random_numbers = value;
        else if (key == "run-id") {
            if (!valid_run_id(value)) throw fail(n, "run-id: expected 16 hexadecimal digits");
            r.run_id = value;
        } else if (key == "ranks")
            r.ranks = static_cast<int>(whole());
        else if (key == "threads")
            r.threads = static_cast<int>(whole());
        else if (const auto w = whole_field(key))
            s.*(*w) = whole();
        else if (const auto d = real_field(key))
            s.*(*d) = one();
        else if (key == "field-direction" || key == "fmr-direction") {
            if (v.size() != 3) throw fail(n, key + ": expected three numbers");
            (key == "field-direction" ? s.field_direction : s.fmr_direction) = {v[0], v[1], v[2]};
        } else if (key == "complete")
            s.complete = whole() != 0;
        else if (key == "program-state")
            s.program_state = v;
        else if (key == "accumulator") {
            try {
                s.accumulator.restore(v);
            } catch (const std::exception&) {
                throw fail(n, "the accumulator's numbers do not fit its layout");
            }
        } else if (key == "output-file" || key == "output-digest") {
            read_output_record(r, key, value, fail_at(n));
        } else {
            throw fail(n, "unknown key '" + key + "'");
        }
    }
    return r;
}

InputChanges compare_fingerprints(const std::string& saved, const std::string& now, int ulps) {
    const auto a = fingerprint_lines(saved), b = fingerprint_lines(now);
    InputChanges c;
    const auto differ = [ulps](const std::string& x, const std::string& y) {
        return x != y && (ulps == 0 || !close_in_si(x, y, ulps));
    };
    auto note = [&](const std::string& key, const std::string& from, const std::string& to) {
        const std::string what = key + ": " + readable(from) + " -> " + readable(to);
        (may_change(key) ? c.allowed : c.refused).push_back(what);
    };
    for (const auto& [key, value] : a) {
        const auto it = b.find(key);
        if (it == b.end())
            note(key, value, "(not set)");
        else if (differ(value, it->second))
            note(key, value, it->second);
    }
    for (const auto& [key, value] : b)
        if (!a.count(key)) note(key, "(not set)", value);
    return c;
}

}  // namespace miniasd
