// The per-material statistics columns: each material's magnetisation, torque, energy, their
// means and fluctuations, and what its spins feel (VAMPIRE's material-* columns).
#include <cmath>

#include "stats/column_helpers.hpp"
#include "util/units.hpp"

namespace miniasd {

using namespace column_helpers;

namespace {

// The per-material extra series (observables.hpp): material m's series q.
int extra(const Ctx& c, int m, int q) {
    return series::material_extra(c.obs.material_m.size(), m, q);
}
// Standard deviation over the samples since the last reset, sqrt(<x^2> - <x>^2) (VAMPIRE's:
// over the samples, not the samples less one); 0 where rounding makes the variance negative.
double deviation(const Moments& x) {
    const double v = x.variance();
    return v > 0 ? std::sqrt(v) : 0.0;
}

// Means, fluctuations and energies of each material.
void add_material_statistics(std::vector<ColumnSpec>& t) {
    t.push_back({"material-mean-magnetisation",
                 "means of each material's unit vector m_k / |m_k| (x, y, z) and of |m_k| since "
                 "the last reset (VAMPIRE's columns)",
                 {"<ux>", "<uy>", "<uz>", "<|m|>"},
                 true,
                 [](const Ctx& c, int m, double* out) {
                     for (int a = 0; a < 3; ++a)
                         out[a] = mean_of(c, extra(c, m, series::matx_ux + a));
                     out[3] = mean_of(c, mat(m, series::mat_length));
                 }});
    t.push_back({"material-standard-deviation",
                 "standard deviations of each material's m_k / |m_k| (x, y, z) and |m_k| over "
                 "the samples since the last reset, sqrt(<x^2> - <x>^2) (VAMPIRE's columns)",
                 {"std-ux", "std-uy", "std-uz", "std-|m|"},
                 true,
                 [](const Ctx& c, int m, double* out) {
                     for (int a = 0; a < 3; ++a)
                         out[a] = deviation(moments(c, extra(c, m, series::matx_ux + a)));
                     out[3] = deviation(moments(c, mat(m, series::mat_length)));
                 }});
    t.push_back({"material-mean-torque",
                 "means of each material's torque sum mu S x B (x, y, z; J) since the last reset "
                 "(VAMPIRE's columns)",
                 {"<torque-x>[J]", "<torque-y>[J]", "<torque-z>[J]"},
                 true,
                 [](const Ctx& c, int m, double* out) {
                     for (int a = 0; a < 3; ++a)
                         out[a] = mean_of(c, extra(c, m, series::matx_torque_x + a));
                 }});
    t.push_back(one_per_material(
        "material-total-energy",
        "total energy of each material's atoms (J; each atom's energy, a pair's shared half and "
        "half, as VAMPIRE's material energies)",
        "E_total[J]", [](const Ctx& c, int m) {
            return c.obs.material_energy.empty() ? 0.0 : c.obs.material_energy[std::size_t(m)];
        }));
    t.push_back(one_per_material(
        "material-mean-total-energy",
        "mean of each material's total energy since the last reset (J)", "<E_total>[J]",
        [](const Ctx& c, int m) { return mean_of(c, extra(c, m, series::matx_energy)); }));
    t.push_back(one_per_material(
        "material-mean-specific-heat",
        "C_k = (<E_k^2> - <E_k>^2) / (N_k (k_B T)^2) of each material's total energy E_k and "
        "its N_k atoms since the last reset (k_B per atom, as mean-specific-heat)",
        "C[kB/atom]", [](const Ctx& c, int m) {
            const double n = c.material_atoms ? double((*c.material_atoms)[std::size_t(m)]) : 0;
            const double kt = constants::boltzmann * c.state.temperature;
            if (!(n > 0) || !(kt > 0)) return 0.0;
            return moments(c, extra(c, m, series::matx_energy)).variance() / (n * kt * kt);
        }));
}

// What each material's spins feel: its bath temperature and its own applied field.
void add_material_conditions(std::vector<ColumnSpec>& t) {
    t.push_back(one_per_material(
        "material-temperature",
        "the temperature of each material's thermal field before any rescaling (K): its "
        "material[i]:temperature once any material gives one, else the run's; under "
        "localised-field-cool, its cooling temperature",
        "T[K]", [](const Ctx& c, int m) {
            const std::vector<double>& cooling = c.state.material_temperatures;
            if (std::size_t(m) < cooling.size()) return cooling[std::size_t(m)];
            if (!c.materials) return c.state.temperature;
            return bath_temperature((*c.materials)[std::size_t(m)],
                                    local_temperatures(*c.materials), c.state.temperature);
        }));
    t.push_back(one_per_material(
        "material-fmr-field-strength",
        "sim:program = fmr: each material's own oscillating field H sin(2 pi f t) along its "
        "material[i]:fmr-field-unit-vector in the last step (T; 0 before it starts; VAMPIRE's)",
        "fmr-H[T]", [](const Ctx& c, int m) {
            const std::vector<double>& h = c.state.material_fmr_field;
            return std::size_t(m) < h.size() ? h[std::size_t(m)] : 0.0;
        }));
    t.push_back(one_per_material(
        "material-applied-field-strength",
        "the strength of each material's own applied field, material[i]:applied-field-strength "
        "(T; added to the run's)",
        "H[T]", [](const Ctx& c, int m) {
            return c.materials ? (*c.materials)[std::size_t(m)].applied_field : 0.0;
        }));
    t.push_back(one_per_material(
        "material-constraint-phi",
        "hybrid constrained Monte Carlo: the polar angle from z each constrained material's "
        "magnetisation is held at (degrees; VAMPIRE's; a free material's angle has no effect)",
        "con-phi[deg]", [](const Ctx& c, int m) {
            const std::vector<double>& now = c.state.material_constraint_phi;
            if (std::size_t(m) < now.size()) return now[std::size_t(m)];
            return c.materials ? (*c.materials)[std::size_t(m)].constraint_phi : 0.0;
        }));
    t.push_back(one_per_material(
        "material-constraint-theta",
        "hybrid constrained Monte Carlo: the azimuth from x of each material's constraint "
        "(degrees; VAMPIRE's)",
        "con-theta[deg]", [](const Ctx& c, int m) {
            const std::vector<double>& now = c.state.material_constraint_theta;
            if (std::size_t(m) < now.size()) return now[std::size_t(m)];
            return c.materials ? (*c.materials)[std::size_t(m)].constraint_theta : 0.0;
        }));
}

}  // namespace

// Each material's torque, magnetisation and alignment with the field.
void add_material_columns(std::vector<ColumnSpec>& t) {
    using namespace series;
    t.push_back({"material-torque",
                 "the torque sum mu S x B of each material's spins (x, y, z; J; VAMPIRE's "
                 "columns)",
                 {"torque-x[J]", "torque-y[J]", "torque-z[J]"},
                 true,
                 [](const Ctx& c, int m, double* out) {
                     const Vec3& v = c.obs.material_torque[static_cast<std::size_t>(m)];
                     for (int a = 0; a < 3; ++a)
                         out[a] = v[std::size_t(a)];
                 }});
    t.push_back({"material-magnetisation",
                 "unit vector m_k / |m_k| and |m_k| of each material (VAMPIRE's columns)",
                 {"ux", "uy", "uz", "|m|"},
                 true,
                 [](const Ctx& c, int m, double* out) {
                     const auto& v = c.obs.material_m[static_cast<std::size_t>(m)];
                     for (int a = 0; a < 3; ++a)
                         out[a] = v[3] > 0 ? v[a] / v[3] : 0.0;
                     out[3] = v[3];
                 }});
    t.push_back({"material-magnetisation-components",
                 "mx, my, mz, |m| of each material",
                 {"mx", "my", "mz", "|m|"},
                 true,
                 [](const Ctx& c, int m, double* out) {
                     for (int a = 0; a < 4; ++a)
                         out[a] = c.obs.material_m[static_cast<std::size_t>(m)][a];
                 }});
    t.push_back(one_per_material(
        "material-mean-magnetisation-length", "mean |m| of each material since the last reset",
        "<|m|>", [](const Ctx& c, int m) { return mean_of(c, mat(m, mat_length)); }));
    t.push_back(one_per_material("material-applied-field-alignment", "m . h of each material",
                                 "m.h", [](const Ctx& c, int m) {
                                     const auto& v = c.obs.material_m[static_cast<std::size_t>(m)];
                                     const Vec3& d = c.state.field_direction;
                                     return v[0] * d[0] + v[1] * d[1] + v[2] * d[2];
                                 }));
    add_material_statistics(t);
    add_material_conditions(t);
}

}  // namespace miniasd
