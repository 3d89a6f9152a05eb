// The shortest decimal form of a double that reads back to the same value (std::to_chars without
// a precision), for text that must round-trip: metadata, CSV, XYZ, VTK and XDMF attributes.
#pragma once

#include <charconv>
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

}  // namespace miniasd
