#include "stats/observables.hpp"

#include <algorithm>
#include <cmath>

#include "util/error.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {
constexpr std::int64_t chunk = 512;  // atoms per field buffer, as in the integrators
constexpr int per_material = 9;

// Adds each magnetic atom's total energy in [b, e) (J) to its material's sum.
void add_material_energies(const SystemSettings& c, const LocalSystem& sys, const SpinView& v,
                           const Hamiltonian& h, std::int64_t b, std::int64_t e, ExactSum* sums) {
    constexpr std::int64_t most = 256;  // atom_total_energies' limit
    double energy[most];
    for (std::int64_t r = b; r < e; r += most) {
        const std::int64_t q = std::min(e, r + most);
        h.atom_total_energies(v, r, q, energy);
        for (std::int64_t i = r; i < q; ++i) {
            const std::size_t m = static_cast<std::size_t>(sys.material[i]);
            if (!c.materials[m].non_magnetic) sums[m].add(energy[i - r]);
        }
    }
}
}  // namespace

std::vector<ExactSum> local_sums(const SystemSettings& c, const LocalSystem& sys, const Spins& s,
                                 const Hamiltonian& h, bool material_energies) {
    const std::size_t nm = c.materials.size();
    bool kept = false;
    for (const MaterialConfig& m : c.materials)
        kept = kept || m.non_magnetic;
    const std::size_t width = per_material * nm + energy_kind_count + nm;
    const std::int64_t chunks = (sys.n_owned + chunk - 1) / chunk;
    // Exact sums (util/exact_sum.hpp): the totals do not depend on how atoms are split between
    // threads or ranks, so statistics rows are bitwise the same on any decomposition.
    std::vector<ExactSum> sums(width);
    const SpinView v = s.view();
#pragma omp parallel
    {
        alignas(64) double hx[chunk], hy[chunk], hz[chunk];
        std::vector<ExactSum> mine(width);
#pragma omp for schedule(static)
        for (std::int64_t ch = 0; ch < chunks; ++ch) {
            const std::int64_t b = ch * chunk, e = std::min(sys.n_owned, b + chunk);
            h.field(v, b, e, FieldView{hx, hy, hz});
            for (std::int64_t i = b; i < e; ++i) {
                const std::size_t m = static_cast<std::size_t>(sys.material[i]);
                const double mu = c.materials[m].moment;
                const double bx = hx[i - b], by = hy[i - b], bz = hz[i - b];
                const double cx = v.y[i] * bz - v.z[i] * by, cy = v.z[i] * bx - v.x[i] * bz,
                             cz = v.x[i] * by - v.y[i] * bx;
                ExactSum* q = &mine[per_material * m];
                q[0].add(mu * v.x[i]);
                q[1].add(mu * v.y[i]);
                q[2].add(mu * v.z[i]);
                q[3].add(mu);
                q[4].add(mu * mu * (cx * cx + cy * cy + cz * cz));
                q[5].add(mu * (v.x[i] * bx + v.y[i] * by + v.z[i] * bz));
                q[6].add(mu * cx);  // the torque mu S x B (J)
                q[7].add(mu * cy);
                q[8].add(mu * cz);
            }
            if (material_energies) add_material_energies(c, sys, v, h, b, e, &mine[width - nm]);
            if (!kept) {
                h.add_atom_energies(v, b, e, &mine[per_material * nm]);
                continue;
            }
            // Atoms of non-magnetic (kept) materials are left out of the energies: the runs of
            // the others, each summed exactly, so the split does not change the bits.
            for (std::int64_t r = b; r < e;) {
                while (r < e && c.materials[std::size_t(sys.material[r])].non_magnetic)
                    ++r;
                std::int64_t q = r;
                while (q < e && !c.materials[std::size_t(sys.material[q])].non_magnetic)
                    ++q;
                if (q > r) h.add_atom_energies(v, r, q, &mine[per_material * nm]);
                r = q;
            }
        }
#pragma omp critical(miniasd_local_sums)
        for (std::size_t k = 0; k < width; ++k)
            sums[k].add(mine[k]);
    }
    return sums;
}

std::vector<double> reduced_values(const std::vector<std::int64_t>& packed) {
    std::vector<double> out;
    for (std::size_t k = 0; k + ExactSum::packed_size <= packed.size(); k += ExactSum::packed_size)
        out.push_back(ExactSum::from(&packed[k]).value());
    return out;
}

std::vector<std::int64_t> pack(const std::vector<ExactSum>& sums) {
    std::vector<std::int64_t> out;
    for (const ExactSum& s : sums)
        s.append_to(out);
    return out;
}

Observables finish_observables(const std::vector<double>& sums, const std::vector<char>& counted,
                               std::int64_t atoms) {
    const std::size_t materials = counted.size();
    if (sums.size() != per_material * materials + energy_kind_count + materials)
        throw LocalError("internal error: " + std::to_string(sums.size()) +
                         " statistics sums for " + std::to_string(materials) + " material(s)");
    Observables o;
    double total[per_material] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
    auto spin_t = [](double num, double den) {
        return den > 0 ? num / (2.0 * constants::boltzmann * den) : 0.0;
    };
    for (std::size_t m = 0; m < materials; ++m) {
        const double* v = &sums[per_material * m];
        for (int k = 0; k < per_material && counted[m]; ++k)
            total[k] += v[k];
        const double norm = v[3] > 0 ? 1.0 / v[3] : 0.0;
        const double mx = v[0] * norm, my = v[1] * norm, mz = v[2] * norm;
        o.material_m.push_back({mx, my, mz, std::sqrt(mx * mx + my * my + mz * mz)});
        o.material_spin_temperature.push_back(spin_t(v[4], v[5]));
        o.material_torque.push_back({v[6], v[7], v[8]});
    }
    const double norm = total[3] > 0 ? 1.0 / total[3] : 0.0;
    o.m = {total[0] * norm, total[1] * norm, total[2] * norm};
    o.m_length = std::sqrt(o.m[0] * o.m[0] + o.m[1] * o.m[1] + o.m[2] * o.m[2]);
    o.spin_temperature = spin_t(total[4], total[5]);
    o.torque = {total[6], total[7], total[8]};
    const double per_atom = 1.0 / double(atoms);
    const double* e = &sums[per_material * materials];
    for (int k = 0; k < energy_kind_count; ++k)
        o.energy[std::size_t(k)] = e[k] * per_atom;
    o.total = o.energy[0];
    for (int k = 1; k < energy_kind_count; ++k)
        o.total += o.energy[std::size_t(k)];
    o.material_energy.assign(e + energy_kind_count, e + energy_kind_count + materials);
    return o;
}

std::vector<double> sample_series(const Observables& o, const Vec3& d) {
    const int heights = static_cast<int>(o.height_m.size());
    std::vector<double> x(static_cast<std::size_t>(series::count(o.material_m.size(), heights)));
    x[series::m_length] = o.m_length;
    x[series::mx] = o.m[0];
    x[series::my] = o.m[1];
    x[series::mz] = o.m[2];
    x[series::energy] = o.total;
    for (int k = 0; k < energy_kind_count; ++k)
        x[std::size_t(series::energy_of(k))] = o.energy[std::size_t(k)];
    x[series::alignment] = o.m[0] * d[0] + o.m[1] * d[1] + o.m[2] * d[2];
    x[series::spin_temperature] = o.spin_temperature;
    for (std::size_t k = 0; k < o.material_m.size(); ++k) {
        const auto& m = o.material_m[k];
        const int K = static_cast<int>(k);
        x[series::material(K, series::mat_length)] = m[3];
        x[series::material(K, series::mat_x)] = m[0];
        x[series::material(K, series::mat_y)] = m[1];
        x[series::material(K, series::mat_z)] = m[2];
        x[series::material(K, series::mat_alignment)] = m[0] * d[0] + m[1] * d[1] + m[2] * d[2];
        x[series::material(K, series::mat_spin_temperature)] = o.material_spin_temperature[k];
    }
    const Vec3 u = o.direction();
    for (int a = 0; a < 3; ++a)
        x[std::size_t(series::direction(o.material_m.size(), a))] = u[a];
    for (int a = 0; a < 3; ++a)
        x[std::size_t(series::torque(o.material_m.size(), a))] = o.torque[std::size_t(a)];
    const std::size_t n = o.material_m.size();
    x[std::size_t(series::topological_charge(n))] = o.topological_charge;
    x[std::size_t(series::skyrmion_radius(n))] = o.skyrmion_radius;
    for (std::size_t k = 0; k < n; ++k) {
        const auto& m = o.material_m[k];
        double* q = &x[std::size_t(series::material_extra(n, int(k), 0))];
        for (int a = 0; a < 3; ++a) {
            q[series::matx_ux + a] = m[3] > 0 ? m[a] / m[3] : 0.0;  // VAMPIRE's: 0 when m = 0
            q[series::matx_torque_x + a] =
                k < o.material_torque.size() ? o.material_torque[k][std::size_t(a)] : 0.0;
        }
        q[series::matx_energy] = k < o.material_energy.size() ? o.material_energy[k] : 0.0;
    }
    int group = 0;
    for (const auto* profile : {&o.height_m, &o.material_height_m})
        for (const std::array<double, 4>& g : *profile) {
            for (int q = 0; q < 4; ++q)
                x[std::size_t(series::height(n, group, q))] = g[std::size_t(q)];
            ++group;
        }
    return x;
}

}  // namespace miniasd
