// A material's settings: what the material[i]: keywords say (their rows in material_keywords.cpp;
// system/materials.hpp places the materials on the lattice). SystemSettings::materials holds one
// per material, material:num-materials of them.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;
struct SystemSettings;

// One of a material's spin torques (VAMPIRE's material keywords; hamiltonian/spin_torque.hpp):
// a_j and b_j in tesla, the asymmetry lambda dimensionless.
struct SpinTorqueConstants {
    double relaxation = 0;  // a_j, the damping-like (anti-damping) part
    double precession = 0;  // b_j, the field-like part
    double asymmetry = 0;   // lambda: the torque scales as 1 / (1 + lambda S . p)
    bool operator==(const SpinTorqueConstants& o) const {
        return relaxation == o.relaxation && precession == o.precession && asymmetry == o.asymmetry;
    }
};

// VAMPIRE's further anisotropy forms of a material (rows in
// hamiltonian/anisotropy_forms_keywords.cpp, formulas in kernels/anisotropy_forms.hpp): constants
// in joules per atom; the uniaxial orders use MaterialConfig::anisotropy_axis.
struct AnisotropyForms {
    double uniaxial4 = 0, uniaxial6 = 0;  // fourth- and sixth-order uniaxial
    double biaxial4 = 0;                  // fourth-order biaxial (axes [110] and [1-10])
    double cubic6 = 0;                    // sixth-order cubic (the crystal axes)
    double rotational4 = 0;               // fourth-order rotational, sin^4(theta) cos(4 phi)
    Vec3 triaxial2{0, 0, 0}, triaxial4{0, 0, 0};  // a constant per basis vector
    // The triaxial bases and the cubic axes: the crystal's x, y, z unless given; [n] says
    // whether basis vector n + 1 was given (the third follows from the first two otherwise).
    Vec3 basis2[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    Vec3 basis4[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    Vec3 cubic_axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    bool basis2_given[3] = {false, false, false};
    bool basis4_given[3] = {false, false, false};
    bool cubic_axes_given[2] = {false, false};
    bool any() const {
        return uniaxial4 != 0 || uniaxial6 != 0 || biaxial4 != 0 || cubic6 != 0 ||
               rotational4 != 0 || triaxial2 != Vec3{0, 0, 0} || triaxial4 != Vec3{0, 0, 0};
    }
    // Whether fourth-order cubic anisotropy uses cubic_axes (either direction keyword given).
    bool cubic_rotated() const { return cubic_axes_given[0] || cubic_axes_given[1]; }
};

struct MaterialConfig {
    std::string name;                         // label for output headers
    double moment = 1.72 * 9.2740100783e-24;  // μ_s, J/T (input in μB); VAMPIRE's default 1.72 μB
    double damping = 1.0;                     // Gilbert α, dimensionless
    // VAMPIRE's relative-gamma: the LLG right-hand side's gyromagnetic ratio, in units of the
    // free electron's (its thermal field keeps fluctuation-dissipation: sigma^2 ~ 1/gamma).
    double relative_gamma = 1.0;
    // VAMPIRE's temperature rescaling (Evans et al., PRB 91, 144425 (2015)): below T_c the
    // thermal field and Monte Carlo see T_c (T/T_c)^exponent (rescaled_temperature()); T_c = 0
    // (the default) leaves T as it is.
    double rescaling_exponent = 1.0;
    double rescaling_curie = 0.0;  // K
    // VAMPIRE's material[i]:temperature (K): once any material gives one, every material's thermal
    // field runs at its own (0 K where not given) instead of the run's (local_temperatures()).
    double temperature = 0.0;
    bool temperature_set = false;
    // VAMPIRE's material[i]:minimum-temperature and -maximum-temperature (K): the range
    // sim:program = localised-field-cool cools this material's thermal field through.
    double minimum_temperature = 0.0, maximum_temperature = 0.0;
    bool temperature_range_set = false;
    // VAMPIRE's hybrid constrained Monte Carlo (sim:integrator = hybrid-constrained-monte-carlo):
    // a constrained material's magnetisation keeps the direction of its constraint angles
    // (degrees, VAMPIRE's: phi the polar angle from z, theta the azimuth from x); the hybrid-cmc
    // programs sweep each material's from -minimum to -maximum, the others holding theirs.
    bool constrained = false;
    double constraint_theta = 0, constraint_theta_minimum = 0, constraint_theta_maximum = 0,
           constraint_theta_increment = 5;
    double constraint_phi = 0, constraint_phi_minimum = 0, constraint_phi_maximum = 0,
           constraint_phi_increment = 5;
    // VAMPIRE's material[i]:applied-field-strength (T) along -unit-vector: a constant field on
    // this material's atoms, added to the run's applied field.
    double applied_field = 0.0;
    Vec3 applied_field_direction{0, 0, 1};
    // VAMPIRE's material[i]:fmr-field-strength (T), -frequency (Hz) and -unit-vector: in
    // sim:program = fmr, this material's own oscillating field H sin(2 pi f t) along the vector,
    // added to the run's (VAMPIRE's defaults: 0, 0 Hz and no direction).
    double fmr_strength = 0, fmr_frequency = 0;
    Vec3 fmr_direction{0, 0, 0};
    double anisotropy = 0;             // k_u, J per atom; > 0 is an easy axis
    double cubic_anisotropy = 0;       // k_c, J per atom; > 0 makes <100> easy
    std::string element;               // chemical symbol (XYZ/POV-Ray, metadata); "" = not given
    Vec3 anisotropy_axis{0, 0, 1};     // unit vector
    AnisotropyForms anisotropy_forms;  // VAMPIRE's further forms (all zero: none)
    bool random_initial_spin = false;  // random direction per atom (seeded by global id)
    Vec3 initial_spin{0, 0, 1};        // unit vector when not random
    Vec3 domain_wall_second_direction{0, 0, 1};  // beyond the initial wall (VAMPIRE's default)
    std::vector<double> exchange;  // J_ij to material j, J per link; size = material count
    // The same as (Jxx, Jyy, Jzz): VAMPIRE's vectorial exchange-matrix[j] = Jx, Jy, Jz (then
    // exchange[j] is their mean); (J, J, J) for one number.
    std::vector<Vec3> exchange_vector;
    // exchange-matrix-2nd-nn ... -10th-nn: [shell - 1][material j], (Jx, Jy, Jz) in J per link
    // (function shell); (J, J, J) for one number.
    std::vector<std::vector<Vec3>> further_exchange;
    // 1-based site category this material occupies (a built-in crystal's basis site or
    // sublattice, a unit-cell file's material column + 1); 0 = not given (material_admits).
    int unit_cell_category = 0;
    double minimum_height = 0.0;  // fraction of the system height (z) where it starts
    double maximum_height = 1.0;  // fraction where it ends (exclusive, 1 inclusive)
    bool height_set = false;      // minimum-height or maximum-height given (VAMPIRE's switch)
    bool moment_set = false;
    // Random alloys (VAMPIRE's host-alloy / alloy-fraction): a host's sites are given to
    // material j with probability alloy_fraction[j], drawn from (seed, global id).
    bool alloy_host = false;
    std::vector<double> alloy_fraction;  // [material count]
    // Core-shell particles (VAMPIRE's core-shell-size): the material takes the atoms whose shape
    // distance from the particle centre is at most this fraction of the particle radius.
    double core_shell_size = 1.0;
    bool core_shell_set = false;
    // material[i]:non-magnetic = keep: the atoms stay in the lattice and in every term (so they can
    // mediate DMI) but are left out of every statistic (VAMPIRE's meaning).
    bool non_magnetic = false;
    // material[i]:non-magnetic = remove (or the bare keyword, VAMPIRE's default): its sites hold
    // no atom at all.
    bool removed = false;
    // material[i]:use-phonon-temperature: under a two-temperature laser pulse its thermal field
    // takes the phonon (lattice) temperature instead of the electrons' (VAMPIRE's
    // couple_to_phonon_temperature).
    bool phonon_coupled = false;
    // material[i]:density: the fraction of this material's sites that hold an atom (VAMPIRE's
    // dilution): a site is left empty when a uniform number drawn from
    // (create:dilution-random-seed, global id) is at least this.
    double density = 1.0;
    // material[i]:dmi-constant[j]: D of the triangles (i, any, k) whose third atom k is of
    // material j, J (not symmetrised: [i][j] and [j][i] are independent, as in VAMPIRE).
    std::vector<double> dmi;
    // material[i]:interfacial-dmi-constant[j] and bulk-dmi-constant[j] (miniASD's): D of the
    // nearest-neighbour bonds to material j themselves, J, D_ij = D (z x r_ij) (Neel) and
    // D_ij = D r_ij (Bloch), r_ij the bond's unit vector; symmetric like the exchange.
    std::vector<double> interfacial_dmi, bulk_dmi;
    // material[i]:biquadratic-exchange-matrix[j]: B_ij to nearest neighbours of material j, J per
    // link, E = -sum over bonds {i, j} of B_ij (S_i . S_j)^2 (VAMPIRE's; symmetric like exchange).
    std::vector<double> biquadratic;
    // material[i]:neel-anisotropy-constant[j]: the Néel pair anisotropy of this material's surface
    // atoms to neighbours of material j, J (hamiltonian/neel_anisotropy.hpp; not symmetrised).
    std::vector<double> neel;
    // material[i]:kitaev-constant[j]: K_ij of the Kitaev term on bonds to material j, J per link
    // (hamiltonian/kitaev.hpp; symmetric like the exchange).
    std::vector<double> kitaev;
    // material[i]:four-spin-constant[j]: K of the quartets centred on this material whose first
    // member is of material j, J per quartet (hamiltonian/four_spin.hpp; not symmetrised).
    std::vector<double> four_spin;
    // biquadratic-exchange-matrix-2nd-nn ... -10th-nn: [shell - 1][material j], J per link
    // (exchange:function = shell), as further_exchange.
    std::vector<std::vector<double>> further_biquadratic;
    // Spin-transfer torque through the polariser sim:spin-transfer-torque-polarization-unit-vector
    // and spin-orbit torque with sim:spin-orbit-torque-polarization-unit-vector (rows in
    // hamiltonian/spin_torque_keywords.cpp).
    SpinTorqueConstants stt, sot;
    // Zhang-Li torques of the current sim:current-density flowing in this material: its spin
    // polarisation P (0..1) and non-adiabaticity beta (hamiltonian/current_torque.hpp).
    double spin_polarisation = 0;
    double non_adiabaticity = 0;
};

// The temperature a material's thermal field and Monte Carlo weights use at the run's temperature T
// (K): VAMPIRE's T < T_c ? T_c (T / T_c)^exponent : T.
inline double rescaled_temperature(double t, double curie, double exponent) {
    return t < curie ? curie * std::pow(t / curie, exponent) : t;
}
inline double rescaled_temperature(const MaterialConfig& m, double t) {
    return rescaled_temperature(t, m.rescaling_curie, m.rescaling_exponent);
}

// Whether the materials' own temperatures replace the run's in the thermal field (VAMPIRE's
// local temperature: any material[i]:temperature, -minimum-temperature or -maximum-temperature
// given).
inline bool local_temperatures(const std::vector<MaterialConfig>& materials) {
    for (const MaterialConfig& m : materials)
        if (m.temperature_set || m.temperature_range_set) return true;
    return false;
}
// The temperature (K) of material m's thermal field at the run's temperature t, before rescaling.
inline double bath_temperature(const MaterialConfig& m, bool local, double t) {
    return local ? m.temperature : t;
}

SectionOf<SystemSettings> material_section();  // material_keywords.cpp

}  // namespace miniasd
