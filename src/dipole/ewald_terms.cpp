#include "dipole/ewald_terms.hpp"

#include <cmath>

namespace miniasd::dipole::ewald {

std::vector<Term> near_terms(const Vec3& cell, const Vec3& s, double eta, double r_cut, int axes,
                             std::int64_t ez) {
    std::int64_t lo[3] = {0, 0, ez}, hi[3] = {0, 0, ez};
    for (int a = 0; a < axes; ++a) {
        lo[a] = std::int64_t(std::floor(-r_cut / cell[a] - s[a]));
        hi[a] = std::int64_t(std::ceil(r_cut / cell[a] - s[a]));
    }
    const double two_over_root_pi = 2 / std::sqrt(pi);
    std::vector<Term> out;
    for (std::int64_t z = lo[2]; z <= hi[2]; ++z)
        for (std::int64_t y = lo[1]; y <= hi[1]; ++y)
            for (std::int64_t x = lo[0]; x <= hi[0]; ++x) {
                Term t{{x, y, z},
                       {(double(x) + s[0]) * cell[0], (double(y) + s[1]) * cell[1],
                        (double(z) + s[2]) * cell[2]},
                       0,
                       0};
                const double r2 = t.r[0] * t.r[0] + t.r[1] * t.r[1] + t.r[2] * t.r[2];
                if (r2 == 0 || r2 > r_cut * r_cut) continue;
                const double r = std::sqrt(r2), u = eta * r;
                const double erfc = std::erfc(u), g = two_over_root_pi * u * std::exp(-u * u);
                t.b = (erfc + g) / (r2 * r);
                t.c = (3 * erfc + g * (3 + 2 * u * u)) / (r2 * r2 * r);
                out.push_back(t);
            }
    return out;
}

void add_near(const std::vector<Term>& terms, const std::vector<Complex>* bloch,
              const std::int64_t* n, const std::int64_t* k, int axes, Complex near[6]) {
    for (const Term& t : terms) {
        Complex p = 1.0;
        for (int a = 0; a < axes; ++a) {
            const std::int64_t j = k[a] * t.e[a] % n[a];  // exact: the phase from integers
            p *= bloch[a][std::size_t(j < 0 ? j + n[a] : j)];
        }
        for (int c = 0; c < 6; ++c)
            near[c] += (t.c * t.r[row[c]] * t.r[col[c]] - (row[c] == col[c] ? t.b : 0.0)) * p;
    }
}

std::vector<Complex> bloch_table(std::int64_t n) {
    std::vector<Complex> out(static_cast<std::size_t>(n));
    for (std::int64_t j = 0; j < n; ++j)
        out[std::size_t(j)] = std::polar(1.0, -2 * pi * double(j) / double(n));
    return out;
}

std::vector<Complex> shift_phases(double s, std::int64_t n, std::int64_t kmax) {
    std::vector<Complex> out;
    for (std::int64_t k = -kmax; k <= kmax; ++k)
        out.push_back(std::polar(1.0, 2 * pi * double(k) * s / double(n)));
    return out;
}

std::int64_t first_index(std::int64_t k, std::int64_t n, std::int64_t kmax) {
    const std::int64_t a = kmax + k;  // >= 0: the number of whole n below it, floor(a / n)
    return k - n * (a / n);
}

}  // namespace miniasd::dipole::ewald
