#include "stats/columns.hpp"
#include "stats/column_helpers.hpp"

#include <utility>

namespace miniasd {

namespace {

using namespace column_helpers;

// The time, the bath's temperatures and the applied field.
void add_run_columns(std::vector<ColumnSpec>& t) {
    using namespace series;
    t.push_back(one("time-steps", "time step number (Monte Carlo: sweep)", "time-steps",
                    [](const Ctx& c) { return double(c.state.step); }));
    t.push_back(one("real-time", "simulated time (s)", "real-time[s]",
                    [](const Ctx& c) { return c.state.time(); }));
    t.push_back(one("temperature", "temperature of the bath (K)", "temperature[K]",
                    [](const Ctx& c) { return c.state.temperature; }));
    t.push_back(one("electron-temperature",
                    "electron temperature of the two-temperature model (K); the temperature "
                    "otherwise",
                    "T_electron[K]", [](const Ctx& c) { return c.state.temperature; }));
    t.push_back(one("phonon-temperature",
                    "phonon (lattice) temperature of the two-temperature model (K); the "
                    "temperature otherwise",
                    "T_phonon[K]", [](const Ctx& c) { return c.state.phonon_temperature; }));
    t.push_back(one("spin-torque-current",
                    "the spin torques' current as a fraction of the full one: 0 to 1 during "
                    "sim:program = electrical-pulse, 1 otherwise (miniASD's)",
                    "current", [](const Ctx& c) { return c.state.current; }));
    t.push_back(one("fmr-field-strength",
                    "sim:program = fmr: the oscillating field's strength along "
                    "sim:fmr-field-unit-vector in the last step (T; 0 before it starts)",
                    "fmr-field[T]", [](const Ctx& c) { return c.state.fmr_field; }));
    t.push_back(one("constraint-phi",
                    "constrained Monte Carlo: the polar angle from z of the direction the "
                    "magnetisation is held along (degrees; VAMPIRE's)",
                    "constraint-phi[deg]", [](const Ctx& c) { return c.state.constraint_phi; }));
    t.push_back(one("constraint-theta",
                    "constrained Monte Carlo: the azimuth from x of that direction (degrees; "
                    "VAMPIRE's)",
                    "constraint-theta[deg]",
                    [](const Ctx& c) { return c.state.constraint_theta; }));
    t.push_back(one("applied-field-strength",
                    "applied field strength along its unit vector (T, signed)", "field[T]",
                    [](const Ctx& c) { return c.state.field_strength; }));
    t.push_back({"applied-field-unit-vector",
                 "applied field direction",
                 {"field-x", "field-y", "field-z"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     for (int a = 0; a < 3; ++a)
                         out[a] = c.state.field_direction[a];
                 }});
    t.push_back(one("applied-field-alignment",
                    "m . h: normalised magnetisation along the field direction", "m.h",
                    [](const Ctx& c) {
                        const Vec3& d = c.state.field_direction;
                        return c.obs.m[0] * d[0] + c.obs.m[1] * d[1] + c.obs.m[2] * d[2];
                    }));
}

// The magnetisation (VAMPIRE's direction and length, miniASD's components) and the torque.
void add_magnetisation_columns(std::vector<ColumnSpec>& t) {
    using namespace series;
    // VAMPIRE's magnetisation columns give the direction m / |m| and then |m|; the components
    // of m itself are miniASD's -components columns.
    t.push_back({"magnetisation",
                 "unit vector of the magnetisation m / |m| (x, y, z; 0 when m = 0) and |m| "
                 "(VAMPIRE's columns)",
                 {"ux", "uy", "uz", "|m|"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     const Vec3 u = c.obs.direction();
                     for (int a = 0; a < 3; ++a)
                         out[a] = u[a];
                     out[3] = c.obs.m_length;
                 }});
    t.push_back({"magnetisation-components",
                 "normalised magnetisation m = sum mu S / sum mu: mx, my, mz and |m|",
                 {"mx", "my", "mz", "|m|"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     for (int a = 0; a < 3; ++a)
                         out[a] = c.obs.m[a];
                     out[3] = c.obs.m_length;
                 }});
    t.push_back(one("magnetisation-length", "|m|, normalised", "|m|",
                    [](const Ctx& c) { return c.obs.m_length; }));
    t.push_back(one("mean-magnetisation-length",
                    "mean of |m| since the last reset (end of equilibration, or the start of "
                    "a program's temperature or field point)",
                    "<|m|>", [](const Ctx& c) { return mean_of(c, m_length); }));
    t.push_back({"mean-magnetisation",
                 "means of the unit vector m / |m| (x, y, z) and of |m| since the last reset "
                 "(VAMPIRE's columns)",
                 {"<ux>", "<uy>", "<uz>", "<|m|>"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     const std::size_t n = c.obs.material_m.size();
                     for (int a = 0; a < 3; ++a)
                         out[a] = mean_of(c, series::direction(n, a));
                     out[3] = mean_of(c, m_length);
                 }});
    t.push_back({"mean-magnetisation-components",
                 "means of mx, my, mz since the last reset",
                 {"<mx>", "<my>", "<mz>"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     out[0] = mean_of(c, mx);
                     out[1] = mean_of(c, my);
                     out[2] = mean_of(c, mz);
                 }});
    t.push_back({"total-torque",
                 "the torque sum mu S x B of the deterministic field on every spin (x, y, z; "
                 "J; VAMPIRE's columns): zero in any equilibrium of the whole system",
                 {"torque-x[J]", "torque-y[J]", "torque-z[J]"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     for (int a = 0; a < 3; ++a)
                         out[a] = c.obs.torque[std::size_t(a)];
                 }});
    t.push_back({"mean-total-torque",
                 "means of the total torque's x, y, z since the last reset (J; VAMPIRE's "
                 "columns)",
                 {"<torque-x>[J]", "<torque-y>[J]", "<torque-z>[J]"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     const std::size_t n = c.obs.material_m.size();
                     for (int a = 0; a < 3; ++a)
                         out[a] = mean_of(c, series::torque(n, a));
                 }});
}

// Textures: the topological charge, a skyrmion's radius and centre, a domain wall's centre and
// width.
void add_texture_columns(std::vector<ColumnSpec>& t) {
    using namespace series;
    t.push_back({"topological-charge",
                 "miniASD's: the lattice topological charge Q of the spins, the mean over the "
                 "atomic layers (z-planes) with magnetic atoms (docs/physics.md, \"Topological "
                 "charge\"): -1 for one skyrmion whose core points down",
                 {"Q"},
                 false,
                 [](const Ctx& c, int, double* out) { out[0] = c.obs.topological_charge; }});
    t.push_back({"mean-topological-charge",
                 "the mean of the topological charge since the last reset",
                 {"<Q>"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     out[0] = mean_of(c, series::topological_charge(c.obs.material_m.size()));
                 }});
    t.push_back({"skyrmion-radius",
                 "miniASD's: the skyrmions' radius where S_z crosses zero (A; from the reversed "
                 "area, linear over the layers' triangles, per layer and skyrmion) and their "
                 "count N, the topological charge rounded: with N = 0 (no skyrmion) the radius is "
                 "nan",
                 {"R_sk[A]", "N_sk"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     out[0] = c.obs.skyrmion_radius * 1e10;
                     out[1] = c.obs.skyrmion_count;
                 }});
    t.push_back({"mean-skyrmion-radius",
                 "the mean of the skyrmion radius since the last reset (A); nan from a sample "
                 "without a skyrmion until the next reset",
                 {"<R_sk>[A]"},
                 false,
                 [](const Ctx& c, int, double* out) {
                     out[0] = 1e10 * mean_of(c, series::skyrmion_radius(c.obs.material_m.size()));
                 }});
    t.push_back(
        {"skyrmion-centre",
         "miniASD's: the centroid x, y of the reversed part of S_z (A, from the box's "
         "corner; a circular mean, so across periodic edges too): one skyrmion's centre; nan "
         "without a skyrmion, and with several the centroid of them all",
         {"x_sk[A]", "y_sk[A]"},
         false,
         [](const Ctx& c, int, double* out) {
             out[0] = c.obs.skyrmion_centre[0] * 1e10;
             out[1] = c.obs.skyrmion_centre[1] * 1e10;
         }});
    t.push_back({"domain-wall-centre",
                 "VAMPIRE's name (which VAMPIRE prints as 0): where the component along the "
                 "first magnetic material's uniaxial-anisotropy-direction (0,0,1 unless given) of "
                 "the magnetisation's profile along sim:domain-wall-axis first changes sign, "
                 "interpolated (A from the box's corner; nan when it does not: no wall, or a wall "
                 "between directions normal to that axis)",
                 {"x_wall[A]"},
                 false,
                 [](const Ctx& c, int, double* out) { out[0] = c.obs.domain_wall_centre * 1e10; }});
    t.push_back({"domain-wall-width",
                 "miniASD's: the first wall's width delta = (1/2) integral of (1 - m_e^2) over "
                 "its stretch of sim:domain-wall-axis, delta of a tanh((x - x0) / delta) wall (A; "
                 "nan without a wall); VAMPIRE's sim:domain-wall-width is pi times this (a "
                 "prepared 30 A wall reads 9.55 A)",
                 {"delta_wall[A]"},
                 false,
                 [](const Ctx& c, int, double* out) { out[0] = c.obs.domain_wall_width * 1e10; }});
}

// Fluctuations: susceptibilities, Binder cumulants, the specific heat.
void add_response_columns(std::vector<ColumnSpec>& t) {
    using namespace series;
    t.push_back(one("mean-susceptibility",
                    "chi = sum(mu_s) (<|m|^2> - <|m|>^2) / (k_B T) since the last reset (1/T)",
                    "chi[1/T]", [](const Ctx& c) {
                        return susceptibility(moments(c, m_length), c.total_moment,
                                              c.state.temperature);
                    }));
    t.push_back(one_per_material("material-mean-susceptibility", "chi of each material's |m| (1/T)",
                                 "chi[1/T]", [](const Ctx& c, int m) {
                                     return susceptibility(
                                         moments(c, mat(m, mat_length)),
                                         c.material_moment[static_cast<std::size_t>(m)],
                                         c.state.temperature);
                                 }));
    t.push_back(one("binder-cumulant", "U4 = 1 - <|m|^4> / (3 <|m|^2>^2) since the last reset",
                    "U4", [](const Ctx& c) { return binder_cumulant(moments(c, m_length)); }));
    t.push_back(one_per_material(
        "material-binder-cumulant", "U4 of each material's |m|", "U4",
        [](const Ctx& c, int m) { return binder_cumulant(moments(c, mat(m, mat_length))); }));
    t.push_back(one("mean-specific-heat",
                    "C = N (<e^2> - <e>^2) / (k_B T)^2 since the last reset (k_B per atom)",
                    "C[kB/atom]", [](const Ctx& c) {
                        return specific_heat(moments(c, energy), c.atoms, c.state.temperature);
                    }));
}

// Energies, the total and one per kind, and their means.
void add_energy_columns(std::vector<ColumnSpec>& t) {
    using namespace series;
    // Energies: the total, then one column per kind (hamiltonian/energy_kinds.hpp); the same for
    // the means. VAMPIRE's names give the whole system in J; the -per-atom forms divide by the
    // number of (magnetic) atoms. VAMPIRE's exchange energy holds its DMI (both live in its
    // exchange tensor), so exchange-energy includes dmi-energy; the -per-atom forms the same.
    auto kind_energy = [](const Ctx& c, int k) {
        double e = c.obs.energy[static_cast<std::size_t>(k)];
        if (k == int(TermKind::exchange)) e += c.obs.energy[std::size_t(TermKind::dmi)];
        return e;
    };
    auto kind_mean = [](const Ctx& c, int k) {
        double e = mean_of(c, series::energy_of(k));
        if (k == int(TermKind::exchange)) e += mean_of(c, series::energy_of(int(TermKind::dmi)));
        return e;
    };
    for (const bool per_atom : {false, true}) {
        const std::string tail = per_atom ? "-per-atom" : "";
        const std::string unit = per_atom ? "J/atom" : "J";
        const std::string whose = per_atom ? " per atom (J)" : " of the whole system (J)";
        auto scale = [per_atom](const Ctx& c) { return per_atom ? 1.0 : double(c.atoms); };
        t.push_back(one("total-energy" + tail, "total energy" + whose, "E_total[" + unit + "]",
                        [scale](const Ctx& c) { return scale(c) * c.obs.total; }));
        for (int k = 0; k < energy_kind_count; ++k) {
            const EnergyKind& e = energy_kinds[k];
            const std::string with_dmi =
                k == int(TermKind::exchange) ? ", Dzyaloshinskii-Moriya included" : "";
            t.push_back(one(
                std::string(e.keyword) + "-energy" + tail, std::string(e.what) + whose + with_dmi,
                std::string(e.header) + "[" + unit + "]",
                [scale, k, kind_energy](const Ctx& c) { return scale(c) * kind_energy(c, k); }));
        }
        t.push_back(one("mean-total-energy" + tail,
                        "mean total energy" + whose + " since the last reset",
                        "<E_total>[" + unit + "]",
                        [scale](const Ctx& c) { return scale(c) * mean_of(c, energy); }));
        for (int k = 0; k < energy_kind_count; ++k) {
            const EnergyKind& e = energy_kinds[k];
            const std::string with_dmi =
                k == int(TermKind::exchange) ? ", Dzyaloshinskii-Moriya included" : "";
            t.push_back(
                one("mean-" + std::string(e.keyword) + "-energy" + tail,
                    "mean " + std::string(e.what) + whose + with_dmi,
                    "<" + std::string(e.header) + ">[" + unit + "]",
                    [scale, k, kind_mean](const Ctx& c) { return scale(c) * kind_mean(c, k); }));
        }
    }
}

// Spin temperatures, of the whole and of each material.
void add_spin_temperature_columns(std::vector<ColumnSpec>& t) {
    using namespace series;
    t.push_back(one("spin-temperature",
                    "spin temperature sum|mu S x B|^2 / (2 k_B sum mu S.B) (K): equals the bath "
                    "temperature in equilibrium",
                    "T_spin[K]", [](const Ctx& c) { return c.obs.spin_temperature; }));
    t.push_back(one("mean-spin-temperature", "mean spin temperature since the last reset (K)",
                    "<T_spin>[K]", [](const Ctx& c) { return mean_of(c, spin_temperature); }));
    t.push_back(
        one_per_material("material-spin-temperature", "spin temperature of each material (K)",
                         "T_spin[K]", [](const Ctx& c, int m) {
                             return c.obs.material_spin_temperature[static_cast<std::size_t>(m)];
                         }));
    t.push_back(one_per_material(
        "material-mean-spin-temperature", "mean spin temperature of each material (K)",
        "<T_spin>[K]",
        [](const Ctx& c, int m) { return mean_of(c, mat(m, mat_spin_temperature)); }));
}

std::vector<ColumnSpec> make_columns() {
    std::vector<ColumnSpec> t;
    add_run_columns(t);
    add_magnetisation_columns(t);
    add_texture_columns(t);
    add_material_columns(t);
    add_height_columns(t);
    add_response_columns(t);
    add_energy_columns(t);
    add_spin_temperature_columns(t);
    return t;
}

}  // namespace

const std::vector<ColumnSpec>& column_table() {
    static const std::vector<ColumnSpec> table = make_columns();
    return table;
}

const ColumnSpec* find_column(const std::string& keyword) {
    for (const ColumnSpec& c : column_table())
        if (keyword == c.keyword) return &c;
    return nullptr;
}

}  // namespace miniasd
