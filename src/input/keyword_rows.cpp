// The builders of keyword-table rows (keyword_rows.hpp).
#include "input/keyword_rows.hpp"

#include <cctype>
#include <charconv>

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

[[noreturn]] void entry_error(const Entry& e, const std::string& what) {
    throw InputError(e.file, e.line, e.key(), what);
}

}  // namespace miniasd::keyword_rows
