#include "spectra/wave_vectors.hpp"

#include <cmath>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace miniasd {

namespace {

constexpr double two_pi = 6.283185307179586476925286766559;

std::string hkl_text(const Vec3& q) {
    std::ostringstream s;
    s << q[0] << "," << q[1] << "," << q[2];
    return s.str();
}

// The path's distances between consecutive points, summed (1/m).
void add_distances(WaveVectors& w, const Lattice& l) {
    w.distance.assign(w.hkl.size(), 0.0);
    for (std::size_t i = 1; i < w.hkl.size(); ++i) {
        const Vec3 a = cartesian(w.hkl[i - 1], l), b = cartesian(w.hkl[i], l);
        w.distance[i] = w.distance[i - 1] + std::hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    }
}

}  // namespace

Vec3 cartesian(const Vec3& hkl, const Lattice& l) {
    return {two_pi * hkl[0] / l.cell_size[0], two_pi * hkl[1] / l.cell_size[1],
            two_pi * hkl[2] / l.cell_size[2]};
}

WaveVectors path_wave_vectors(const std::vector<Vec3>& corners, const Lattice& l) {
    // Each corner as grid indices n (h = n / cells).
    std::vector<std::array<std::int64_t, 3>> grid;
    for (const Vec3& c : corners) {
        std::array<std::int64_t, 3> n{};
        for (int a = 0; a < 3; ++a) {
            const double x = c[a] * double(l.cells[a]);
            n[a] = std::llround(x);
            if (std::abs(x - double(n[a])) > 1e-9 * std::max(1.0, std::abs(x)))
                throw std::invalid_argument(
                    "corner " + hkl_text(c) +
                    " is not a wave vector of the box's grid (h, k, l "
                    "multiples of 1/" +
                    std::to_string(l.cells[0]) + ", 1/" + std::to_string(l.cells[1]) + ", 1/" +
                    std::to_string(l.cells[2]) +
                    "): choose corners on it, or a box whose cells make it one");
        }
        grid.push_back(n);
    }
    WaveVectors w;
    auto add = [&](const std::array<std::int64_t, 3>& n) {
        w.hkl.push_back({double(n[0]) / double(l.cells[0]), double(n[1]) / double(l.cells[1]),
                         double(n[2]) / double(l.cells[2])});
    };
    add(grid[0]);
    w.corners.push_back(0);
    for (std::size_t s = 1; s < grid.size(); ++s) {
        std::array<std::int64_t, 3> d{};
        std::int64_t steps = 0;  // gcd of the differences: the grid points on the segment
        for (int a = 0; a < 3; ++a) {
            d[a] = grid[s][a] - grid[s - 1][a];
            steps = std::gcd(steps, std::abs(d[a]));
        }
        if (steps == 0)
            throw std::invalid_argument("corner " + hkl_text(corners[s]) +
                                        " repeats the corner before it");
        for (std::int64_t j = 1; j <= steps; ++j)
            add({grid[s - 1][0] + d[0] / steps * j, grid[s - 1][1] + d[1] / steps * j,
                 grid[s - 1][2] + d[2] / steps * j});
        w.corners.push_back(w.hkl.size() - 1);
    }
    add_distances(w, l);
    return w;
}

WaveVectors grid_wave_vectors(const Lattice& l) {
    WaveVectors w;
    for (std::int64_t z = 0; z < l.cells[2]; ++z)
        for (std::int64_t y = 0; y < l.cells[1]; ++y)
            for (std::int64_t x = 0; x < l.cells[0]; ++x)
                w.hkl.push_back({double(x) / double(l.cells[0]), double(y) / double(l.cells[1]),
                                 double(z) / double(l.cells[2])});
    w.distance.assign(w.hkl.size(), 0.0);
    return w;
}

WaveVectors listed_wave_vectors(const std::string& text) {
    WaveVectors w;
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream fields(line);
        Vec3 q{};
        std::string extra;
        if (!(fields >> q[0])) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            throw std::invalid_argument("line " + std::to_string(number) +
                                        ": expected three numbers h k l");
        }
        if (!(fields >> q[1] >> q[2]) || (fields >> extra) || !std::isfinite(q[0]) ||
            !std::isfinite(q[1]) || !std::isfinite(q[2]))
            throw std::invalid_argument("line " + std::to_string(number) +
                                        ": expected three numbers h k l");
        w.hkl.push_back(q);
    }
    if (w.hkl.empty()) throw std::invalid_argument("it lists no wave vector");
    w.distance.assign(w.hkl.size(), 0.0);
    return w;
}

}  // namespace miniasd
