#include "parallel/process_grid.hpp"

#include <algorithm>
#include <limits>
#include <sstream>

#include "util/error.hpp"

namespace miniasd::parallel {

CellRange block_range(std::int64_t n, int parts, int part) {
    const std::int64_t base = n / parts, extra = n % parts;
    CellRange r;
    r.begin = part * base + std::min<std::int64_t>(part, extra);
    r.end = r.begin + base + (part < extra ? 1 : 0);
    return r;
}

int block_owner(std::int64_t n, int parts, std::int64_t c) {
    const std::int64_t base = n / parts, extra = n % parts;
    const std::int64_t big = extra * (base + 1);  // cells held by the larger blocks
    if (c < big) return static_cast<int>(c / (base + 1));
    return static_cast<int>(extra + (c - big) / base);
}

Int3 choose_process_grid(int ranks, const Cells3& cells) {
    Int3 best{0, 0, 0};
    double best_cost = std::numeric_limits<double>::infinity();
    // Of equal costs the first wins, and the loops put splits of z first, then y: atoms are
    // stored row by row along x, so whole rows on a rank keep the stencil runs long and the core
    // and boundary atoms in whole planes.
    for (int pz = ranks; pz >= 1; --pz) {
        if (ranks % pz) continue;
        for (int py = ranks / pz; py >= 1; --py) {
            if ((ranks / pz) % py) continue;
            const int px = ranks / pz / py;
            const Int3 p{px, py, pz};
            bool fits = true;
            for (int a = 0; a < 3; ++a)
                fits = fits && p[a] <= cells[a];
            if (!fits) continue;
            // Halo volume per rank: ghost cells in a one-cell shell on the split axes (faces,
            // edges and corners), which is what every step sends and receives.
            double inner = 1, outer = 1;
            for (int a = 0; a < 3; ++a) {
                const double l = double(cells[a]) / p[a];
                inner *= l;
                outer *= l + (p[a] > 1 ? 2.0 : 0.0);
            }
            const double cost = outer - inner;
            if (cost < best_cost) {
                best_cost = cost;
                best = p;
            }
        }
    }
    if (best[0] == 0) {
        std::ostringstream msg;
        msg << "cannot decompose " << cells[0] << " x " << cells[1] << " x " << cells[2]
            << " unit cells over " << ranks
            << " ranks: every factorisation of the rank count splits some axis into more parts "
               "than it has cells; use fewer ranks or a larger system";
        throw Error(msg.str());
    }
    return best;
}

}  // namespace miniasd::parallel
