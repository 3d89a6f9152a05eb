#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "formats.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd::convert {

// The header keys of OVF 2.0 (the OOMMF reference), one "# key: value" per line; lengths in m.
std::string to_ovf(const Frame& f, const std::string& data) {
    if (!f.macro_cells() || f.grid[0] <= 0)
        throw Error(
            "OVF holds a rectangular grid of cells, not atoms: average the atoms into "
            "macro-cells with --macro-cell SIZE (angstrom; e.g. --macro-cell 5, or 5,5,2)");
    if (!f.has_vectors()) throw Error("OVF needs spin snapshots, not coordinates alone");
    const double m_per_a = 1e-10;
    std::string out = "# OOMMF OVF 2.0\n#\n# Segment count: 1\n#\n# Begin: Segment\n";
    out += "# Begin: Header\n#\n# Title: m (miniasd snapshot " + std::to_string(f.meta.snapshot) +
           ")\n# meshtype: rectangular\n# meshunit: m\n#\n";
    auto line = [&out](const std::string& key, double v) {
        out += "# " + key + ": ";
        append_shortest(out, v);
        out += "\n";
    };
    const char* axis = "xyz";
    for (int a = 0; a < 3; ++a)
        line(std::string(1, axis[a]) + "min", 0.0);
    for (int a = 0; a < 3; ++a)
        line(std::string(1, axis[a]) + "max", double(f.grid[a]) * f.cell[a] * m_per_a);
    out += "#\n# valuedim: 3\n# valuelabels: m_x m_y m_z\n# valueunits: 1 1 1\n#\n";
    const std::int64_t nodes = f.grid[0] * f.grid[1] * f.grid[2];
    out += "# Desc: m = sum(mu_i S_i) / sum(mu_i) over the atoms of each cell; ";
    out += "0 0 0 where a cell holds no atom (" +
           std::to_string(nodes - static_cast<std::int64_t>(f.size())) + " of " +
           std::to_string(nodes) + " cells here)\n";
    out += "# Desc: step " + std::to_string(f.meta.step) + ", time ";
    append_shortest(out, f.meta.time);
    out += " s, temperature ";
    append_shortest(out, f.meta.temperature);
    out += " K\n#\n";
    for (int a = 0; a < 3; ++a)
        line(std::string(1, axis[a]) + "base", 0.5 * f.cell[a] * m_per_a);
    for (int a = 0; a < 3; ++a)
        out += std::string("# ") + axis[a] + "nodes: " + std::to_string(f.grid[a]) + "\n";
    for (int a = 0; a < 3; ++a)
        line(std::string(1, axis[a]) + "stepsize", f.cell[a] * m_per_a);
    const int bytes = data == "bin4" ? 4 : data == "bin8" ? 8 : 0;
    const std::string block = bytes ? "Data Binary " + std::to_string(bytes) : "Data Text";
    out += "# End: Header\n#\n# Begin: " + block + "\n";
    auto binary = [&out, bytes](double v) {
        char b[8];
        if (bytes == 4) {
            const float x = static_cast<float>(v);
            std::memcpy(b, &x, 4);  // little-endian hosts only (checked below)
        } else {
            std::memcpy(b, &v, 8);
        }
        out.append(b, static_cast<std::size_t>(bytes));
    };
    if (bytes) {
        const std::uint16_t probe = 1;
        if (*reinterpret_cast<const unsigned char*>(&probe) != 1)
            throw Error("--ovf-data " + data + ": this converter writes little-endian data only");
        binary(bytes == 4 ? 1234567.0 : 123456789012345.0);  // OVF 2.0's check value
    }
    // Every node in index order; the frame lists only the cells with atoms, by ascending id.
    std::size_t k = 0;
    for (std::int64_t id = 0; id < nodes; ++id) {
        const bool has = k < f.size() && f.id[k] == id;
        for (int a = 0; a < 3; ++a) {
            const double v = has ? f.vector[3 * k + a] : 0.0;
            if (bytes) {
                binary(v);
            } else {
                if (a) out += ' ';
                append_shortest(out, v);
            }
        }
        if (!bytes) out += '\n';
        if (has) ++k;
    }
    out += (bytes ? "\n# End: " : "# End: ") + block + "\n# End: Segment\n";
    return out;
}

}  // namespace miniasd::convert
