// Converting entry text to typed values, with the checks that give users precise messages.
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "input/decimal.hpp"
#include "input/keyword_table.hpp"
#include "input/vampire_keywords.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

[[noreturn]] void fail(const Entry& e, const std::string& what) {
    throw InputError(e.file, e.line, e.key(), what);
}

// A number from the entry's value, or an error saying what is wrong with it.
double number_or_fail(const Entry& e, const std::string& text, const std::string& expected) {
    if (e.blank_inside_value && text == e.value)
        fail(e, "'" + e.written_value + "' has a blank inside a number; " + expected +
                    " (blanks are removed, so it would read as '" + text + "')");
    double d = 0;
    switch (parse_decimal(text, d)) {
        case Decimal::ok:
            return d;
        case Decimal::hexadecimal:
            fail(e, "'" + text + "' is hexadecimal; write numbers in decimal");
        case Decimal::out_of_range:
            fail(e, "'" + text +
                        "' is out of range: numbers must be 0 or between 2.2e-308 and 1.8e308 "
                        "in magnitude");
        case Decimal::not_a_number:
            break;
    }
    fail(e, expected + ", got '" + text + "'");
}

std::string format_number(double v) {
    std::ostringstream o;
    o << v;
    return o.str();
}

std::string range_text(const KeywordRow& spec) {
    const std::string u =
        spec.dimension == Dimension::none ? "" : " " + std::string(si_unit_name(spec.dimension));
    return format_number(spec.min) + " <= value <= " + format_number(spec.max) + u;
}

double unit_factor(const KeywordRow& spec, const Entry& e) {
    if (spec.dimension == Dimension::none) {
        if (!e.unit.empty()) fail(e, "takes no unit, but '!" + e.unit + "' was given");
        return 1.0;
    }
    const std::string name =
        e.unit.empty() ? std::string(default_unit_name(spec.dimension)) : e.unit;
    const Unit* u = find_unit(name);
    if (!u)
        fail(e, "unknown unit '" + e.unit + "'; expected a " +
                    std::string(dimension_name(spec.dimension)) + " unit (" +
                    unit_names(spec.dimension) + ")");
    if (u->dimension != spec.dimension)
        fail(e, "wrong unit type: '" + e.unit + "' is a " +
                    std::string(dimension_name(u->dimension)) + " unit, expected a " +
                    std::string(dimension_name(spec.dimension)) + " unit (" +
                    unit_names(spec.dimension) + ")");
    return u->to_si;
}

Vec3 parse_direction(const Entry& e) {
    std::string s = e.value;
    if (s.size() >= 2 && s.front() == '{' && s.back() == '}') s = s.substr(1, s.size() - 2);
    Vec3 v{};
    std::size_t start = 0;
    for (int k = 0; k < 3; ++k) {
        std::size_t comma = s.find(',', start);
        if ((k < 2) != (comma != std::string::npos))
            fail(e, "expected three comma-separated numbers like 0,0,1, got '" + e.value + "'");
        std::string part = s.substr(start, k < 2 ? comma - start : std::string::npos);
        if (e.blank_inside_value)
            fail(e,
                 "a blank inside a number; expected three numbers like 0,0,1 (blanks are "
                 "allowed after commas only)");
        v[k] = number_or_fail(e, part, "expected three numbers like 0,0,1");
        start = comma + 1;
    }
    // A vector that is a unit vector to rounding (its length within 4 ulps of 1, as for any
    // normalised vector written out exactly) is kept as written: dividing by that length would
    // move its last bits, and a direction that describe() wrote would not read back the same.
    const double n = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (std::abs(n - 1) <= 4 * std::numeric_limits<double>::epsilon()) return v;
    // Any other length is scaled away, however large or small (1e300,1e300,0 is x + y).
    if (!normalise(v)) fail(e, "direction must not be the zero vector");
    return v;
}

// One number (all three components alike) or three comma-separated ones, times the unit, each
// in range.
void read_real_or_triple(const KeywordRow& spec, const Entry& e, Value& v) {
    const double factor = unit_factor(spec, e);
    auto in_range = [&](double x) {
        if (x < spec.min || x > spec.max)
            fail(e, "value " + e.value + (e.unit.empty() ? "" : " " + e.unit) +
                        " out of range: expected " + range_text(spec) +
                        " (each of the three numbers)");
        return x;
    };
    if (e.value.find(',') == std::string::npos) {
        v.real = in_range(number_or_fail(e, e.value,
                                         "expected a number or three "
                                         "comma-separated numbers") *
                          factor);
        v.vec = {v.real, v.real, v.real};
        return;
    }
    if (e.blank_inside_value)
        fail(e,
             "a blank inside a number; expected one number or three like 1e-21, "
             "1e-21, 2e-21 (blanks are allowed after commas only)");
    std::size_t start = 0;
    for (int k = 0; k < 3; ++k) {
        const std::size_t comma = e.value.find(',', start);
        if ((k < 2) != (comma != std::string::npos))
            fail(e,
                 "expected one number or three comma-separated numbers (x, y, z), "
                 "got '" +
                     e.value + "'");
        const std::string part = e.value.substr(start, k < 2 ? comma - start : std::string::npos);
        v.vec[k] = in_range(
            number_or_fail(e, part, "expected three numbers like 1e-21,1e-21,2e-21") * factor);
        start = comma + 1;
    }
    v.triple = true;
    v.real = (v.vec[0] + v.vec[1] + v.vec[2]) / 3;
}

// The choice's word, lowered, when it is one of the keyword's choices.
std::string checked_choice(const KeywordRow& spec, const Entry& e) {
    std::string low = e.value;
    for (char& c : low)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    bool ok = false;
    std::size_t start = 0;
    while (start <= spec.choices.size()) {
        std::size_t bar = spec.choices.find('|', start);
        if (bar == std::string::npos) bar = spec.choices.size();
        ok = ok || spec.choices.compare(start, bar - start, low) == 0;
        start = bar + 1;
    }
    if (!ok) {
        const std::string note = vampire_value_note(spec.section, spec.name, low);
        if (!note.empty())
            fail(e, "VAMPIRE's value '" + e.value + "' is not supported by miniASD (" + note +
                        "); expected one of " + spec.choices);
        fail(e, "unknown value '" + e.value + "'; expected one of " + spec.choices);
    }
    return low;
}

}  // namespace

Value convert_value(const KeywordRow& spec, const Entry& e) {
    Value v;
    if (spec.kind == ValueKind::flag) {
        if (e.has_value) fail(e, "is a flag and takes no value; write just '" + e.key() + "'");
        return v;
    }
    if (!e.has_value && spec.kind == ValueKind::choice && !spec.bare_choice.empty()) {
        v.text = spec.bare_choice;
        return v;
    }
    if (!e.has_value) fail(e, "missing value: expected " + e.key() + " = <value>");
    if (spec.kind != ValueKind::real && spec.kind != ValueKind::real_or_triple && !e.unit.empty())
        fail(e, "takes no unit, but '!" + e.unit + "' was given");

    switch (spec.kind) {
        case ValueKind::integer: {
            const double d = number_or_fail(e, e.value, "expected a whole number");
            if (d != std::floor(d)) fail(e, "expected a whole number, got '" + e.value + "'");
            if (d < spec.min || d > spec.max)
                fail(e, "value " + e.value + " out of range: expected " + range_text(spec));
            v.integer = static_cast<long long>(d);
            break;
        }
        case ValueKind::real: {
            const double d = number_or_fail(e, e.value, "expected a number");
            v.real = d * unit_factor(spec, e);
            if (v.real < spec.min || v.real > spec.max)
                fail(e, "value " + e.value + (e.unit.empty() ? "" : " " + e.unit) +
                            " out of range: expected " + range_text(spec));
            break;
        }
        case ValueKind::real_or_triple:
            read_real_or_triple(spec, e, v);
            break;
        case ValueKind::direction_or_random: {
            std::string low = e.value;
            for (char& c : low)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if (low == "random") {
                v.random = true;
                break;
            }
            v.vec = parse_direction(e);
            break;
        }
        case ValueKind::direction:
            v.vec = parse_direction(e);
            break;
        case ValueKind::choice:
            v.text = checked_choice(spec, e);
            break;
        case ValueKind::text:
            v.text = e.value;
            break;
        case ValueKind::flag:
            break;
    }
    return v;
}

}  // namespace miniasd
