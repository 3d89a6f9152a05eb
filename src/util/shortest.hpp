// The shortest decimal form of a double that reads back to the same value (std::to_chars without
// a precision), for text that must round-trip: metadata, CSV, XYZ, VTK and XDMF attributes; and
// the short form of a number in a message (g4).
#pragma once

#include <charconv>
#include <cstdio>
#include <string>

namespace miniasd {

inline void append_shortest(std::string& out, double v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

inline std::string shortest(double v) {
    std::string s;
    append_shortest(s, v);
    return s;
}

// A number for a message, not for reading back: 4 significant digits (1e-16, not
// 1.0000000000000001e-16).
inline std::string g4(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.4g", v);
    return b;
}

}  // namespace miniasd
