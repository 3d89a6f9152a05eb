// Observables of the spin state: magnetisation (total and per material) and energies. Computed as
// local sums on each rank, reduced with one Allreduce by the caller, then finished here.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "hamiltonian/hamiltonian.hpp"
#include "input/config.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

// Layout of the local-sum vector: per material (sum mu Sx, sum mu Sy, sum mu Sz, sum mu), then
// the energies of the Hamiltonian's terms in its order (J).
std::vector<double> local_sums(const Config& c, const LocalSystem& sys, const Spins& s,
                               const Hamiltonian& h);

struct Observables {
    Vec3 m{};                                       // normalised magnetisation, sum mu S / sum mu
    double m_length = 0;                            // |m|
    std::vector<std::array<double, 4>> material_m;  // per material: mx, my, mz, |m|
    double exchange = 0, anisotropy = 0, applied_field = 0, total = 0;  // J per atom
};

// From globally summed local sums.
Observables finish_observables(const std::vector<double>& sums, std::size_t materials,
                               std::int64_t atoms);

}  // namespace miniasd
