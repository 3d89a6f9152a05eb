// Observables of the spin state: magnetisation (total and per material), energies and spin
// temperatures. Computed as exact local sums on each rank, reduced with one integer Allreduce by
// the caller, then finished here.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "hamiltonian/hamiltonian.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"
#include "system/system_settings.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

// Layout of the local-sum vector: per material (sum mu Sx, sum mu Sy, sum mu Sz, sum mu,
// sum mu^2 |S x B|^2, sum mu S.B, and the torque sum mu S x B in x, y, z), then the energies of the
// Hamiltonian's terms by kind (J), in the order of energy_kinds (hamiltonian/energy_kinds.hpp). B
// is the deterministic effective field (T), so the last two sums give the spin temperature. Ghosts
// of `s` must be current. Exact sums, so the reduced totals are the same on any decomposition.
// Atoms of non-magnetic materials add nothing to the energies (VAMPIRE leaves them out of every
// statistic). Last, one per material: its atoms' total energies (J), each atom's terms added in
// the recipes' order (Hamiltonian::atom_total_energies) and then summed exactly; computed only
// when `material_energies` (a column shows them: it costs a second energy pass), else zero.
std::vector<ExactSum> local_sums(const SystemSettings& c, const LocalSystem& sys, const Spins& s,
                                 const Hamiltonian& h, bool material_energies = false);
// Exact sums as integers that add element-wise over ranks, and back to doubles after the sum.
std::vector<std::int64_t> pack(const std::vector<ExactSum>& sums);
std::vector<double> reduced_values(const std::vector<std::int64_t>& packed);

struct Observables {
    Vec3 m{};                                       // normalised magnetisation, sum mu S / sum mu
    double m_length = 0;                            // |m|
    std::vector<std::array<double, 4>> material_m;  // per material: mx, my, mz, |m|
    std::vector<double> energy = std::vector<double>(energy_kind_count, 0.0);  // J/atom, by kind
    double total = 0;  // J per atom, the kinds summed in their order
    // Spin temperature k_B T_s = sum |mu S x B|^2 / (2 sum mu S.B) (K): equals the bath
    // temperature in thermal equilibrium, whatever the Hamiltonian (a thermostat check).
    double spin_temperature = 0;
    std::vector<double> material_spin_temperature;  // K, per material
    // The torque sum_i mu_i S_i x B_i of the deterministic field (J; VAMPIRE's total-torque), of
    // the counted materials, and of each material.
    Vec3 torque{};
    std::vector<Vec3> material_torque;
    // Each material's total energy (J, the whole material; 0 unless local_sums computed them).
    std::vector<double> material_energy;
    // Textures (stats/topology.hpp, stats/wall_profile.hpp), computed only when a column asks:
    // the lattice topological charge, the mean over the layers with magnetic triangles; the
    // skyrmions' count, radius (m) and centre (m, x and y); a domain
    // wall's centre and width along sim:domain-wall-axis (m; NaN without a wall).
    double topological_charge = 0;
    double skyrmion_count = 0, skyrmion_radius = 0;
    Vec3 skyrmion_centre{0, 0, 0};
    double domain_wall_centre = 0, domain_wall_width = 0;
    // Height profiles (stats/height_profile.hpp), only when a column asks: per height category,
    // and per (height, material) height-major, the unit vector and |m| (normalised; 0 for an
    // empty group), and the group's saturation moment sum mu (muB).
    std::vector<std::array<double, 4>> height_m, material_height_m;
    std::vector<double> height_moment, material_height_moment;

    // m / |m|, VAMPIRE's magnetisation columns; 0 when m = 0 (never nan).
    Vec3 direction() const {
        if (!(m_length > 0)) return {0, 0, 0};
        return {m[0] / m_length, m[1] / m_length, m[2] / m_length};
    }
};

// From globally summed local sums. counted[m]: material m enters the totals (it is not
// non-magnetic); `atoms`: the number of atoms of those materials (the per-atom energies' divisor).
// A non-magnetic material keeps its own columns.
Observables finish_observables(const std::vector<double>& sums, const std::vector<char>& counted,
                               std::int64_t atoms);

// The sampled series of one statistics sample, in this layout (Accumulator's series):
namespace series {
enum : int {
    m_length,
    mx,
    my,
    mz,
    energy,  // total, J per atom
    // then one per energy kind, J per atom: energy_of(kind)
    alignment = energy + 1 + energy_kind_count,  // m . (field direction)
    spin_temperature,
    global_count
};
inline int energy_of(int kind) {
    return energy + 1 + kind;
}
// Per material k: |m_k|, m_k x, y, z, m_k . (field direction), spin temperature of k.
enum : int { mat_length, mat_x, mat_y, mat_z, mat_alignment, mat_spin_temperature, mat_count };
inline int material(int k, int q) {
    return global_count + mat_count * k + q;
}
// After the materials: the unit vector m / |m| (x, y, z), for VAMPIRE's mean-magnetisation.
// Last, so a checkpoint written before it existed reads as a prefix (Accumulator::widen).
inline int direction(std::size_t materials, int axis) {
    return global_count + mat_count * int(materials) + axis;
}
// After the direction: the torque sum mu S x B (x, y, z; J), for VAMPIRE's mean-total-torque.
// Last again, so a checkpoint written before it reads as a prefix.
inline int torque(std::size_t materials, int axis) {
    return direction(materials, 3) + axis;
}
// After the torque: the topological charge and the skyrmion radius (m), for their mean- columns
// (last again).
inline int topological_charge(std::size_t materials) {
    return torque(materials, 3);
}
inline int skyrmion_radius(std::size_t materials) {
    return topological_charge(materials) + 1;
}
// After the radius, per material k (last again): the unit vector m_k / |m_k| (x, y, z), the
// torque of its spins (x, y, z; J) and its total energy (J), for VAMPIRE's material-mean-
// magnetisation, -standard-deviation, -mean-torque, -mean-total-energy and -mean-specific-heat.
enum : int {
    matx_ux,
    matx_uy,
    matx_uz,
    matx_torque_x,
    matx_torque_y,
    matx_torque_z,
    matx_energy,
    matx_count
};
inline int material_extra(std::size_t materials, int k, int q) {
    return skyrmion_radius(materials) + 1 + matx_count * k + q;
}
inline int count(std::size_t materials) {
    return material_extra(materials, int(materials), 0);
}
// After the materials' extras, only when a column shows a height profile (last again): the unit
// vector (x, y, z) and |m| of each height category, then of each (height, material) group, for
// the mean-height- and material-mean-height- columns. `group` indexes the heights, then the
// heights' materials (heights + height * materials + material).
inline int height(std::size_t materials, int group, int q) {
    return count(materials) + 4 * group + q;
}
inline int count(std::size_t materials, int heights) {
    return height(materials, heights * (1 + int(materials)), 0);
}
}  // namespace series

std::vector<double> sample_series(const Observables& o, const Vec3& field_direction);

}  // namespace miniasd
