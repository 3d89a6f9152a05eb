#include "stats/observables.hpp"

#include <cmath>

namespace miniasd {

std::vector<double> local_sums(const Config& c, const LocalSystem& sys, const Spins& s,
                               const Hamiltonian& h) {
    const std::size_t nm = c.materials.size();
    std::vector<double> sums(4 * nm, 0.0);
    for (std::size_t m = 0; m < nm; ++m) {
        const double mu = c.materials[m].moment;
        double sx = 0, sy = 0, sz = 0, count = 0;
#pragma omp parallel for schedule(static) reduction(+ : sx, sy, sz, count)
        for (std::int64_t i = 0; i < sys.n_owned; ++i) {
            if (sys.material[i] != static_cast<std::int32_t>(m)) continue;
            sx += s.x[i];
            sy += s.y[i];
            sz += s.z[i];
            count += 1;
        }
        sums[4 * m] = mu * sx;
        sums[4 * m + 1] = mu * sy;
        sums[4 * m + 2] = mu * sz;
        sums[4 * m + 3] = mu * count;
    }
    for (const TermEnergy& e : h.energies(s.view(), sys.n_owned))
        sums.push_back(e.energy);
    return sums;
}

Observables finish_observables(const std::vector<double>& sums, std::size_t materials,
                               std::int64_t atoms) {
    Observables o;
    double total[4] = {0, 0, 0, 0};
    for (std::size_t m = 0; m < materials; ++m) {
        const double* v = &sums[4 * m];
        for (int k = 0; k < 4; ++k)
            total[k] += v[k];
        const double norm = v[3] > 0 ? 1.0 / v[3] : 0.0;
        const double mx = v[0] * norm, my = v[1] * norm, mz = v[2] * norm;
        o.material_m.push_back({mx, my, mz, std::sqrt(mx * mx + my * my + mz * mz)});
    }
    const double norm = total[3] > 0 ? 1.0 / total[3] : 0.0;
    o.m = {total[0] * norm, total[1] * norm, total[2] * norm};
    o.m_length = std::sqrt(o.m[0] * o.m[0] + o.m[1] * o.m[1] + o.m[2] * o.m[2]);
    const double per_atom = 1.0 / double(atoms);
    o.exchange = sums[4 * materials] * per_atom;
    o.anisotropy = sums[4 * materials + 1] * per_atom;
    o.applied_field = sums[4 * materials + 2] * per_atom;
    o.total = o.exchange + o.anisotropy + o.applied_field;
    return o;
}

}  // namespace miniasd
