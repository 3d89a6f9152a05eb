#include "util/json_writer.hpp"

#include <cmath>
#include <cstdio>

#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd {

std::string json_escape(const std::string& s) {
    std::string r = "\"";
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
            case '"':
                r += "\\\"";
                break;
            case '\\':
                r += "\\\\";
                break;
            case '\n':
                r += "\\n";
                break;
            case '\t':
                r += "\\t";
                break;
            case '\r':
                r += "\\r";
                break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    r += buf;
                } else {
                    r += ch;  // UTF-8 passes through
                }
        }
    }
    return r + "\"";
}

void JsonWriter::item(const std::string& key) {
    if (first_.empty()) {
        if (!out_.empty()) throw Error("JsonWriter: a second top-level value");
    } else {
        out_ += first_.back() ? "\n" : ",\n";
        first_.back() = false;
        out_.append(2 * first_.size(), ' ');
        if (!key.empty()) out_ += json_escape(key) + ": ";
    }
}

JsonWriter& JsonWriter::open(const std::string& key, char opening, char closing) {
    item(key);
    out_ += opening;
    first_.push_back(true);
    closers_.push_back(closing);
    return *this;
}

JsonWriter& JsonWriter::begin_object(const std::string& key) {
    return open(key, '{', '}');
}

JsonWriter& JsonWriter::begin_array(const std::string& key) {
    return open(key, '[', ']');
}

JsonWriter& JsonWriter::end() {
    if (first_.empty()) throw Error("JsonWriter: end() without an open container");
    const bool empty = first_.back();
    first_.pop_back();
    const char close = closers_.back();
    closers_.pop_back();
    if (!empty) {
        out_ += "\n";
        out_.append(2 * first_.size(), ' ');
    }
    out_ += close;
    return *this;
}

JsonWriter& JsonWriter::value(const std::string& key, const std::string& v) {
    item(key);
    out_ += json_escape(v);
    return *this;
}

JsonWriter& JsonWriter::value(const std::string& key, double v) {
    item(key);
    out_ += std::isfinite(v) ? shortest(v) : "null";
    return *this;
}

JsonWriter& JsonWriter::value(const std::string& key, std::int64_t v) {
    item(key);
    out_ += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(const std::string& key, bool v) {
    item(key);
    out_ += v ? "true" : "false";
    return *this;
}

}  // namespace miniasd
