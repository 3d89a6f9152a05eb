#include "output/format/ovf_reader.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>

#include "util/error.hpp"

namespace miniasd {

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trimmed(const std::string& t) {
    const std::size_t b = t.find_first_not_of(" \t\r"), e = t.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : t.substr(b, e - b + 1);
}

// The file's lines, read one at a time with their numbers (1-based).
class Lines {
  public:
    explicit Lines(const std::string& all) : all_(all) {}
    bool next(std::string& line) {
        if (at_ >= all_.size()) return false;
        const std::size_t end = all_.find('\n', at_);
        line = all_.substr(at_, end == std::string::npos ? std::string::npos : end - at_);
        at_ = end == std::string::npos ? all_.size() : end + 1;
        ++number_;
        return true;
    }
    int number() const { return number_; }
    std::size_t at() const { return at_; }  // the byte after the last line read

  private:
    const std::string& all_;
    std::size_t at_ = 0;
    int number_ = 0;
};

struct Header {
    std::string data;  // "text", "binary 4" or "binary 8"
    std::string meshtype, meshunit;
    int valuedim = 0, segments = 1;
    std::array<bool, 3> have_base{}, have_step{}, have_nodes{};
};

// One header number: the whole value must be a finite number.
double header_number(const std::string& value, const std::string& key,
                     const std::function<Error(const std::string&)>& fail) {
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end != '\0' || !std::isfinite(v))
        throw fail(key + ": '" + value + "' is not a finite number");
    return v;
}

}  // namespace

double ovf_mesh_unit(const std::string& word) {
    const std::string w = lower(trimmed(word));
    if (w == "m") return 1;
    if (w == "mm") return 1e-3;
    if (w == "um" || w == "\xc2\xb5m" || w == "micron") return 1e-6;  // um, µm
    if (w == "nm") return 1e-9;
    if (w == "a" || w == "angstrom" || w == "\xc3\xa5" || w == "\xc3\x85") return 1e-10;  // Å
    return 0;
}

OvfGrid parse_ovf(const std::string& all, const std::string& path) {
    Lines lines(all);
    auto fail_at = [&](int line) {
        return [&path, line](const std::string& why) {
            return Error("the OVF file '" + path + "'" +
                         (line > 0 ? ", line " + std::to_string(line) : std::string()) + ": " +
                         why);
        };
    };
    const auto fail = fail_at(0);
    if (lower(all.substr(0, 16)).find("# oommf ovf 2.0") != 0)
        throw fail(
            "not an OVF 2.0 file (its first line must be '# OOMMF OVF 2.0'; OVF 1.0 is not "
            "read: write 2.0 from mumax, Spirit or OOMMF)");
    OvfGrid g;
    Header h;
    std::string line;
    while (h.data.empty() && lines.next(line)) {
        const auto bad = fail_at(lines.number());
        if (trimmed(line).empty() || line.rfind("##", 0) == 0) continue;  // blank; a comment
        if (line[0] != '#') throw bad("a header line must start with '#'");
        // A '##' ends the value; the rest of the line is a comment (OVF 2.0; Spirit writes
        // "# valuedim: 3   ## field dimensionality").
        const std::string text = line.substr(1, line.find("##", 1) - 1);
        const std::size_t colon = text.find(':');
        if (colon == std::string::npos) continue;  // "#" alone, or the first line
        const std::string key = lower(trimmed(text.substr(0, colon))),
                          value = trimmed(text.substr(colon + 1));
        const char* axes = "xyz";
        for (std::size_t a = 0; a < 3; ++a) {
            const std::string ax(1, axes[a]);
            if (key == ax + "base") {
                g.base[a] = header_number(value, key, bad);
                h.have_base[a] = true;
            } else if (key == ax + "stepsize") {
                g.step[a] = header_number(value, key, bad);
                if (!(g.step[a] > 0)) throw bad(key + " must be positive");
                h.have_step[a] = true;
            } else if (key == ax + "nodes") {
                const double n = header_number(value, key, bad);
                // Each count below 2^31: their product is then checked against the file.
                if (n < 1 || n != std::floor(n) || n > std::numeric_limits<std::int32_t>::max())
                    throw bad(key + ": '" + value + "' is not a whole number from 1 to 2^31 - 1");
                g.nodes[a] = static_cast<std::int64_t>(n);
                h.have_nodes[a] = true;
            }
        }
        if (key == "segment count") {
            const double n = header_number(value, key, bad);
            if (n != 1)
                throw bad("the file holds " + value +
                          " segments; one is read (write one snapshot per file)");
        } else if (key == "valuedim") {
            const double n = header_number(value, key, bad);
            if (n != 3) throw bad("valuedim " + value + ": spins need 3 values per node");
            h.valuedim = 3;
        } else if (key == "meshtype") {
            h.meshtype = lower(value);
            if (h.meshtype != "rectangular")
                throw bad("meshtype '" + value + "': only a rectangular mesh is read");
        } else if (key == "meshunit") {
            if (ovf_mesh_unit(value) == 0)
                throw bad("meshunit '" + value +
                          "': expected m, mm, um, nm or A (angstrom), the unit of the base and "
                          "step sizes");
            h.meshunit = value;
        } else if (key == "begin" && lower(value).rfind("data", 0) == 0) {
            h.data = lower(trimmed(value.substr(4)));
            if (h.data != "text" && h.data != "binary 4" && h.data != "binary 8")
                throw bad("'# Begin: " + value +
                          "': the data must be 'Data Text', 'Data Binary 4' or 'Data Binary 8'");
        }
    }
    if (h.data.empty()) throw fail("no '# Begin: Data' line: the file holds no data");
    const int data_line = lines.number();
    if (h.meshtype.empty()) throw fail("no 'meshtype' line in the header");
    if (h.meshunit.empty())
        throw fail("no 'meshunit' line in the header (the unit of the sizes: m, nm, ...)");
    if (h.valuedim != 3) throw fail("no 'valuedim: 3' line in the header");
    for (std::size_t a = 0; a < 3; ++a)
        if (!h.have_base[a] || !h.have_step[a] || !h.have_nodes[a])
            throw fail(std::string("the header lacks ") + "xyz"[a] + "base, " + "xyz"[a] +
                       "stepsize or " + "xyz"[a] + "nodes");
    const double unit = ovf_mesh_unit(h.meshunit);
    for (std::size_t a = 0; a < 3; ++a) {
        g.base[a] *= unit;
        g.step[a] *= unit;
    }
    // Nodes below 2^31 each: the product fits 2^93, so it is formed in double and compared with
    // what the bytes after the header could hold before anything is allocated.
    const double nodes = double(g.nodes[0]) * double(g.nodes[1]) * double(g.nodes[2]);
    const double left = double(all.size() - lines.at());
    const bool text = h.data == "text";
    const double size = text ? 0 : h.data == "binary 4" ? 4 : 8;
    // Text: each number takes at least two bytes (a digit and a separator).
    const double can_hold = text ? left / 2 : left / size - 1;
    if (3 * nodes > can_hold)
        throw fail("the header declares " + std::to_string(g.nodes[0]) + " x " +
                   std::to_string(g.nodes[1]) + " x " + std::to_string(g.nodes[2]) +
                   " nodes, but the " + std::to_string(static_cast<long long>(left)) +
                   " bytes after line " + std::to_string(data_line) + " hold at most " +
                   std::to_string(static_cast<long long>(std::max(0.0, can_hold) / 3)) +
                   " nodes of " + h.data + " data");
    const auto count = static_cast<std::size_t>(3 * nodes);
    g.values.resize(count);
    if (text) {
        std::size_t k = 0;
        while (lines.next(line)) {
            const auto bad = fail_at(lines.number());
            const std::string t = trimmed(line.substr(0, line.find("##")));  // a comment ends it
            if (t.empty()) continue;
            if (t[0] == '#') {
                if (lower(t).rfind("# end: data", 0) != 0)
                    throw bad("expected a row of 3 numbers or '# End: Data Text'");
                if (k != count)
                    throw bad("the text data end after " + std::to_string(k / 3) + " of " +
                              std::to_string(count / 3) + " nodes");
                return g;
            }
            const char* p = t.c_str();
            for (int c = 0; c < 3; ++c) {
                char* end = nullptr;
                const double v = std::strtod(p, &end);
                if (end == p || (*end != '\0' && *end != ' ' && *end != '\t' && *end != '\r'))
                    throw bad("expected a row of 3 numbers, got '" + t + "'");
                if (k >= count)
                    throw bad("more data than the header's " + std::to_string(count / 3) +
                              " nodes");
                g.values[k++] = v;
                p = end;
            }
            while (*p == ' ' || *p == '\t' || *p == '\r')
                ++p;
            if (*p != '\0')
                throw bad("a row holds more than 3 numbers: '" + t +
                          "' (each node's row must hold exactly its 3 values)");
        }
        throw fail("the text data have no '# End: Data Text' line (the file is truncated)");
    }
    const std::size_t at = lines.at(), bytes = static_cast<std::size_t>(size);
    auto number = [&](std::size_t k) {  // little-endian, as OVF 2.0 requires
        if (bytes == 4) {
            float f;
            std::memcpy(&f, all.data() + at + 4 * k, 4);
            return double(f);
        }
        double d;
        std::memcpy(&d, all.data() + at + 8 * k, 8);
        return d;
    };
    if (const double want = bytes == 4 ? 1234567.0 : 123456789012345.0; number(0) != want) {
        char what[200];
        std::snprintf(what, sizeof what,
                      "the binary check value is %.15g, not %.15g: the file is not little-endian "
                      "OVF 2.0, or its numbers are not %zu bytes long as '# Begin: Data Binary "
                      "%zu' says",
                      number(0), want, bytes, bytes);
        throw fail_at(data_line + 1)(what);
    }
    for (std::size_t k = 0; k < count; ++k)
        g.values[k] = number(k + 1);
    // The data must end where the header says: the end line follows at once.
    std::size_t end = at + bytes * (count + 1);
    while (end < all.size() && (all[end] == '\n' || all[end] == '\r' || all[end] == ' '))
        ++end;
    if (lower(all.substr(end, 11)) != "# end: data")
        throw fail("no '# End: Data' line right after the header's " + std::to_string(count / 3) +
                   " nodes of binary data: the data are longer than the header says, or the "
                   "file is truncated");
    return g;
}

}  // namespace miniasd
