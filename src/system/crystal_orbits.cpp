#include "system/crystal_orbits.hpp"

#include <algorithm>
#include <cmath>

namespace miniasd {

namespace {

// The 16 operations of a group from its 8 generators of the proper part and inversion (the
// centrosymmetric groups here: the second half is the first after -x, -y, -z).
std::vector<SymmetryOp> with_inversion(std::vector<SymmetryOp> ops) {
    const std::size_t n = ops.size();
    for (std::size_t k = 0; k < n; ++k) {
        SymmetryOp inv = ops[k];
        for (auto& row : inv.r)
            for (int& v : row)
                v = -v;
        ops.push_back(inv);
    }
    return ops;
}

double wrapped(double x) {
    const double w = x - std::floor(x);
    return w > 1 - 1e-9 ? 0.0 : w;
}

}  // namespace

const std::vector<SymmetryOp>& p42_mnm() {
    static const double h = 0.5;
    static const std::vector<SymmetryOp> ops = with_inversion({
        {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, {0, 0, 0}},     // x, y, z
        {{{-1, 0, 0}, {0, -1, 0}, {0, 0, 1}}, {0, 0, 0}},   // -x, -y, z
        {{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}, {h, h, h}},    // -y+1/2, x+1/2, z+1/2
        {{{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}}, {h, h, h}},    // y+1/2, -x+1/2, z+1/2
        {{{-1, 0, 0}, {0, 1, 0}, {0, 0, -1}}, {h, h, h}},   // -x+1/2, y+1/2, -z+1/2
        {{{1, 0, 0}, {0, -1, 0}, {0, 0, -1}}, {h, h, h}},   // x+1/2, -y+1/2, -z+1/2
        {{{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}, {0, 0, 0}},    // y, x, -z
        {{{0, -1, 0}, {-1, 0, 0}, {0, 0, -1}}, {0, 0, 0}},  // -y, -x, -z
    });
    return ops;
}

const std::vector<SymmetryOp>& i4_mmm() {
    static const std::vector<SymmetryOp> ops = [] {
        // 4/mmm: x and y kept or swapped, every sign of x, y and z; then body-centred copies.
        std::vector<SymmetryOp> out;
        for (int swap = 0; swap < 2; ++swap)
            for (int sx : {1, -1})
                for (int sy : {1, -1})
                    for (int sz : {1, -1}) {
                        SymmetryOp op{{{0, 0, 0}, {0, 0, 0}, {0, 0, sz}}, {0, 0, 0}};
                        op.r[0][swap] = sx;
                        op.r[1][1 - swap] = sy;
                        out.push_back(op);
                    }
        const std::size_t n = out.size();
        for (std::size_t k = 0; k < n; ++k) {
            SymmetryOp c = out[k];
            c.t = {0.5, 0.5, 0.5};
            out.push_back(c);
        }
        return out;
    }();
    return ops;
}

std::vector<Vec3> orbit(const std::vector<SymmetryOp>& ops, const Vec3& p) {
    std::vector<Vec3> out;
    for (const SymmetryOp& op : ops) {
        Vec3 q{};
        for (int i = 0; i < 3; ++i)
            q[i] = wrapped(op.r[i][0] * p[0] + op.r[i][1] * p[1] + op.r[i][2] * p[2] + op.t[i]);
        bool seen = false;
        for (const Vec3& o : out) {
            double d = 0;
            for (int i = 0; i < 3; ++i) {
                const double e = std::abs(q[i] - o[i]);
                d = std::max(d, std::min(e, 1 - e));  // periodic: 0.9999999 is 0
            }
            seen = seen || d < 1e-6;
        }
        if (!seen) out.push_back(q);
    }
    return out;
}

}  // namespace miniasd
