// Decimal numbers as the input files write them: digits, sign, point and exponent only. strtod
// alone would also take hexadecimal ("0x1p-1"), "inf" and "nan", which no input means.
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace miniasd {

enum class Decimal { ok, not_a_number, out_of_range, hexadecimal };

inline Decimal parse_decimal(const std::string& s, double& out) {
    if (s.empty()) return Decimal::not_a_number;
    const std::size_t digits = s[0] == '+' || s[0] == '-' ? 1 : 0;
    if (s.size() > digits + 1 && s[digits] == '0' && (s[digits + 1] == 'x' || s[digits + 1] == 'X'))
        return Decimal::hexadecimal;
    if (s.find_first_not_of("0123456789+-.eE") != std::string::npos) return Decimal::not_a_number;
    errno = 0;
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return Decimal::not_a_number;
    // ERANGE: beyond the largest double, or so small it lost its precision (subnormal or 0).
    if (errno == ERANGE || !std::isfinite(out)) return Decimal::out_of_range;
    return Decimal::ok;
}

}  // namespace miniasd
