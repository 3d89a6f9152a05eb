#include "system/nearest_shell.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>

namespace miniasd {

namespace {

// Bins that divide the cell exactly, about one site each: a bin of the infinite lattice is a
// home bin and a cell offset.
class Grid {
  public:
    Grid(const std::vector<Vec3>& basis, const Vec3& edges) : basis_(basis), edges_(edges) {
        const double n = static_cast<double>(basis.size());
        const double spacing = std::cbrt(edges[0] * edges[1] * edges[2] / n);
        for (int a = 0; a < 3; ++a) {
            count_[a] = std::max(1, static_cast<int>(std::min(edges[a] / spacing, 1024.0)));
            width_[a] = edges[a] / count_[a];
        }
        bins_.resize(static_cast<std::size_t>(count_[0]) * count_[1] * count_[2]);
        for (std::size_t s = 0; s < basis.size(); ++s)
            bins_[index(home(static_cast<int>(s)))].push_back(static_cast<int>(s));
        narrowest_ = std::min({width_[0], width_[1], width_[2]});
    }

    std::array<int, 3> home(int s) const {
        std::array<int, 3> b{};
        for (int a = 0; a < 3; ++a)
            b[a] = std::min(count_[a] - 1, static_cast<int>(basis_[s][a] * count_[a]));
        return b;
    }
    double narrowest() const { return narrowest_; }

    // Calls f(t, {dx, dy, dz}, r) for every site t of the infinite lattice in the bins at
    // Chebyshev distance `ring` from site s's home bin (t = s at offset 0 excluded).
    template <class F>
    void ring(int s, int ring, F&& f) const {
        const std::array<int, 3> h = home(s);
        for (int bz = -ring; bz <= ring; ++bz)
            for (int by = -ring; by <= ring; ++by)
                for (int bx = -ring; bx <= ring; ++bx) {
                    if (std::max({std::abs(bx), std::abs(by), std::abs(bz)}) != ring) continue;
                    const int d[3] = {bx, by, bz};
                    std::array<int, 3> bin{}, cell{};
                    for (int a = 0; a < 3; ++a) {
                        const int b = h[a] + d[a];
                        cell[a] = b >= 0 ? b / count_[a] : -((-b + count_[a] - 1) / count_[a]);
                        bin[a] = b - cell[a] * count_[a];
                    }
                    for (const int t : bins_[index(bin)]) {
                        if (t == s && cell == std::array<int, 3>{0, 0, 0}) continue;
                        double r2 = 0;
                        for (int a = 0; a < 3; ++a) {
                            const double x = (cell[a] + basis_[t][a] - basis_[s][a]) * edges_[a];
                            r2 += x * x;
                        }
                        f(t, cell, std::sqrt(r2));
                    }
                }
    }

  private:
    std::size_t index(const std::array<int, 3>& b) const {
        return (static_cast<std::size_t>(b[2]) * count_[1] + b[1]) * count_[0] + b[0];
    }
    const std::vector<Vec3>& basis_;
    Vec3 edges_;
    std::array<int, 3> count_{};
    Vec3 width_{};
    double narrowest_ = 0;
    std::vector<std::vector<int>> bins_;
};

}  // namespace

SiteOffsets first_shell(const std::vector<Vec3>& basis, const Vec3& edges) {
    const int n = static_cast<int>(basis.size());
    const Grid grid(basis, edges);
    // The shortest distance: rings outward from each site until the next ring cannot be nearer
    // (every site in ring k + 1 is at least k bin widths away).
    double shortest = std::numeric_limits<double>::infinity();
    for (int s = 0; s < n; ++s) {
        double best = std::numeric_limits<double>::infinity();
        for (int k = 0; best > (k - 1) * grid.narrowest() && k < 100000; ++k)
            grid.ring(s, k,
                      [&](int, const std::array<int, 3>&, double r) { best = std::min(best, r); });
        shortest = std::min(shortest, best);
    }
    const double cut = shortest * (1 + 1e-6);
    const int rings = static_cast<int>(std::ceil(cut / grid.narrowest())) + 1;
    SiteOffsets out(static_cast<std::size_t>(n));
    for (int s = 0; s < n; ++s) {
        std::vector<std::tuple<int, int, int, int>> found;  // (dz, dy, dx, t): the old order
        for (int k = 0; k <= rings; ++k)
            grid.ring(s, k, [&](int t, const std::array<int, 3>& c, double r) {
                if (std::abs(r - shortest) < 1e-6 * shortest)
                    found.emplace_back(c[2], c[1], c[0], t);
            });
        std::sort(found.begin(), found.end());
        for (const auto& [dz, dy, dx, t] : found)
            out[static_cast<std::size_t>(s)].push_back({dx, dy, dz, t});
    }
    return out;
}

}  // namespace miniasd
