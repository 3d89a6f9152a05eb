// Unit-cell files for the tests, written from geometry: every bond of a site up to a few shells,
// each with its coupling, in VAMPIRE's format (docs/unit-cell-files.md). Independent of the
// lattice code under test: the distances and the listing are worked out here.
#pragma once

#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace miniasd::test {

struct UcfSite {
    std::array<double, 3> position;  // fractional
    int category = 0;
};

// The coupling of the bond from site i to the site at displacement r (Angstrom), as `values`
// numbers (1, 3 or 9); an empty vector: no bond.
using Coupling = std::function<std::vector<double>(int i, const std::array<double, 3>& r)>;

// A unit-cell file of an orthogonal cell (Angstrom) holding `sites`, with the bonds the coupling
// gives within `range` cells. Rows are listed in the order of the loops below (or reversed, to
// check that the order of a file does not matter).
inline std::string make_ucf(const std::array<double, 3>& cell, const std::vector<UcfSite>& sites,
                            const std::string& type, const Coupling& coupling, int range = 2,
                            bool reversed = false) {
    std::vector<std::string> rows;
    const int n = static_cast<int>(sites.size());
    for (int i = 0; i < n; ++i)
        for (int dx = -range; dx <= range; ++dx)
            for (int dy = -range; dy <= range; ++dy)
                for (int dz = -range; dz <= range; ++dz)
                    for (int j = 0; j < n; ++j) {
                        const std::array<double, 3> r{
                            (dx + sites[j].position[0] - sites[i].position[0]) * cell[0],
                            (dy + sites[j].position[1] - sites[i].position[1]) * cell[1],
                            (dz + sites[j].position[2] - sites[i].position[2]) * cell[2]};
                        if (r[0] == 0 && r[1] == 0 && r[2] == 0) continue;
                        const std::vector<double> v = coupling(i, r);
                        if (v.empty()) continue;
                        char line[512];
                        int k =
                            std::snprintf(line, sizeof line, "%d %d %d %d %d", i, j, dx, dy, dz);
                        for (const double x : v)
                            k += std::snprintf(line + k, sizeof line - k, " %.17g", x);
                        rows.push_back(line);
                    }
    if (reversed) rows = std::vector<std::string>(rows.rbegin(), rows.rend());
    char head[256];
    std::snprintf(head, sizeof head,
                  "# written by the tests\n%.17g %.17g %.17g\n1 0 0\n0 1 0\n0 0 1\n%d\n", cell[0],
                  cell[1], cell[2], n);
    std::string out = head;
    for (int i = 0; i < n; ++i) {
        std::snprintf(head, sizeof head, "%d %.17g %.17g %.17g %d 0 0\n", i, sites[i].position[0],
                      sites[i].position[1], sites[i].position[2], sites[i].category);
        out += head;
    }
    out += std::to_string(rows.size()) + " " + type + "\n";
    for (std::size_t k = 0; k < rows.size(); ++k)
        out += std::to_string(k) + " " + rows[k] + "\n";
    return out;
}

// A simple-cubic cell (3 Angstrom) whose six bonds carry the tensor
//   [[jxx, s - Dz, Dy], [s + Dz, jyy, -Dx], [-Dy, Dx, jzz]]
// with D = d along the bond (a bulk DMI: the tensor's antisymmetric part), each reverse bond the
// transpose; values in joules, written with 10 significant digits.
inline std::string sc_tensor_dmi_ucf(double jxx, double jyy, double jzz, double s, double d) {
    std::string rows;
    const int dir[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (int n = 0; n < 6; ++n) {
        const double dx = d * dir[n][0], dy = d * dir[n][1], dz = d * dir[n][2];
        const double j[9] = {jxx, s - dz, dy, s + dz, jyy, -dx, -dy, dx, jzz};
        rows += std::to_string(n) + " 0 0 " + std::to_string(dir[n][0]) + " " +
                std::to_string(dir[n][1]) + " " + std::to_string(dir[n][2]);
        for (const double v : j) {
            char text[32];
            std::snprintf(text, sizeof text, " %.9e", v);
            rows += text;
        }
        rows += "\n";
    }
    return "3.0 3.0 3.0\n1 0 0\n0 1 0\n0 0 1\n1\n0 0 0 0 0\n6 tensorial\n" + rows;
}

// |r| in Angstrom.
inline double length(const std::array<double, 3>& r) {
    return std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
}

}  // namespace miniasd::test
