#include "input/unit_cell_checks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <sstream>
#include <tuple>

namespace miniasd {

namespace {

// The value a bond's reverse must hold: the same diagonal, or the transposed tensor.
std::array<double, 9> transposed(const std::array<double, 9>& v) {
    return {v[0], v[3], v[6], v[1], v[4], v[7], v[2], v[5], v[8]};
}

bool close(const std::array<double, 9>& a, const std::array<double, 9>& b) {
    double scale = 0;
    for (int k = 0; k < 9; ++k)
        scale = std::max({scale, std::abs(a[k]), std::abs(b[k])});
    for (int k = 0; k < 9; ++k)
        if (std::abs(a[k] - b[k]) > 1e-6 * scale) return false;
    return true;
}

}  // namespace

void check_atom_spacing(const std::vector<UnitCellFile::Atom>& atoms, const std::vector<int>& lines,
                        const Vec3& edges, const std::string& path, Mistakes& mistakes) {
    const double d = minimum_atom_spacing_angstrom;
    for (int a = 0; a < 3; ++a)
        if (edges[a] < d) {
            std::ostringstream m;
            m << "a cell edge of " << edges[a] << " A puts each atom within " << d
              << " A of its own periodic image (atoms must be at least " << d << " A apart)";
            mistakes.add(InputError(path, lines.empty() ? 0 : lines[0], "", m.str()));
            return;
        }
    // Every atom and, near a face, its images in the neighbouring cells, binned by d: two atoms
    // closer than d lie in neighbouring bins.
    struct Point {
        Vec3 r;
        std::size_t atom;
    };
    std::map<std::array<std::int64_t, 3>, std::vector<Point>> bins;
    const auto bin_of = [d](const Vec3& r) {
        return std::array<std::int64_t, 3>{static_cast<std::int64_t>(std::floor(r[0] / d)),
                                           static_cast<std::int64_t>(std::floor(r[1] / d)),
                                           static_cast<std::int64_t>(std::floor(r[2] / d))};
    };
    for (std::size_t i = 0; i < atoms.size(); ++i)
        for (int sx = -1; sx <= 1; ++sx)
            for (int sy = -1; sy <= 1; ++sy)
                for (int sz = -1; sz <= 1; ++sz) {
                    const int s[3] = {sx, sy, sz};
                    Vec3 r{};
                    bool near = true;
                    for (int a = 0; a < 3; ++a) {
                        r[a] = (atoms[i].position[a] + s[a]) * edges[a];
                        near = near && r[a] > -d && r[a] < edges[a] + d;
                    }
                    if (near) bins[bin_of(r)].push_back({r, i});
                }
    for (std::size_t i = 0; i < atoms.size(); ++i) {
        Vec3 r{};
        for (int a = 0; a < 3; ++a)
            r[a] = atoms[i].position[a] * edges[a];
        const auto b = bin_of(r);
        double closest = d;
        std::size_t other = i;
        for (int dx = -1; dx <= 1; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dz = -1; dz <= 1; ++dz) {
                    const auto it = bins.find({b[0] + dx, b[1] + dy, b[2] + dz});
                    if (it == bins.end()) continue;
                    for (const Point& p : it->second) {
                        const double x = p.r[0] - r[0], y = p.r[1] - r[1], z = p.r[2] - r[2];
                        const double dist = std::sqrt(x * x + y * y + z * z);
                        if (dist > 0 || p.atom != i)  // not the atom itself
                            if (dist < closest) {
                                closest = dist;
                                other = p.atom;
                            }
                    }
                }
        if (closest < d && other <= i) {  // each pair once, at the later atom
            std::ostringstream m;
            if (closest < 1e-6 && other != i)
                m << "two atoms at one place: the atom of line " << lines[other]
                  << " is there already";
            else
                m << "this atom is " << closest << " A from "
                  << (other == i ? std::string("its own periodic image")
                                 : "the atom of line " + std::to_string(lines[other]))
                  << " (or a periodic image of it): atoms must be at least " << d
                  << " A apart (two atoms at one place, or a coordinate mistyped?)";
            mistakes.add(InputError(path, lines[i], "", m.str()));
        }
    }
}

void check_reverse_bonds(const std::vector<UnitCellFile::Bond>& bonds, const std::string& path,
                         Mistakes& mistakes) {
    std::map<std::tuple<int, int, int, int, int>, std::size_t> index;
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        const UnitCellFile::Bond& b = bonds[k];
        const auto at = index.emplace(std::make_tuple(b.i, b.j, b.dx, b.dy, b.dz), k);
        if (!at.second)
            mistakes.add(InputError(path, b.line, "",
                                    "bond listed twice: line " +
                                        std::to_string(bonds[at.first->second].line) +
                                        " has the same i, j and offset"));
    }
    for (const UnitCellFile::Bond& b : bonds) {
        const auto it = index.find(std::make_tuple(b.j, b.i, -b.dx, -b.dy, -b.dz));
        const std::string reverse = std::to_string(b.j) + " " + std::to_string(b.i) + " " +
                                    std::to_string(-b.dx) + " " + std::to_string(-b.dy) + " " +
                                    std::to_string(-b.dz);
        if (it == index.end())
            mistakes.add(InputError(path, b.line, "",
                                    "the bond has no reverse: add the row 'i j dx dy dz' = " +
                                        reverse + " (each bond is listed from both atoms)"));
        else if (!close(bonds[it->second].value, transposed(b.value)))
            mistakes.add(InputError(
                path, b.line, "",
                "the reverse bond (line " + std::to_string(bonds[it->second].line) +
                    ") holds a different coupling: J_ji must be J_ij (a tensor, its transpose)"));
    }
}

}  // namespace miniasd
