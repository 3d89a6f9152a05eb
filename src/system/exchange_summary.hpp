// What the exchange bonds of a run amount to, printed at start-up so that a wrong unit, a sign or
// the factor 2 of double counting (the commonest mistakes in exchange files) shows before a run:
// the shells (radius, bonds per atom, J per link), the mean-field Curie temperature and the
// spin-wave stiffness of the ferromagnetic state.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "system/lattice.hpp"
#include "system/materials.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

struct ExchangeShell {
    double radius = 0;        // m
    double per_atom = 0;      // bonds per magnetic atom (of the cell, or of a film's layers)
    double j_min = 0;         // J per link: the isotropic part (trace / 3), least and most over
    double j_max = 0;         //   the shell's bonds
    double j_anisotropy = 0;  // J: the largest |J_ab - J_iso delta_ab| over the shell's bonds
};

struct ExchangeSummary {
    std::vector<ExchangeShell> shells;
    // Mean-field ordering temperature (K): the largest eigenvalue of the cell's matrix
    // M_ab = sum over the bonds from site a to site b of J_iso, over 3 k_B (classical spins;
    // k_B T_c = z J / 3 for one site). Mean-field theory overestimates T_c: for sc, bcc and fcc
    // ferromagnets the true T_c is 0.72 to 0.79 of it.
    double curie_temperature = 0;
    // hbar omega = D q^2 of the ferromagnetic state's acoustic mode: D = hbar gamma
    // sum_cell sum_j J_iso r_ij^2 / (6 sum_cell mu_i) for a cubic average (J m^2).
    double stiffness = 0;
    // Biquadratic bonds (B per link, J): per atom, and the least and most B; 0 when none.
    double biquadratic_per_atom = 0, biquadratic_min = 0, biquadratic_max = 0;
    // The open axes along which the system is a few cells thin (at most 16, and a quarter of its
    // widest axis unless another axis is periodic): a film or a wire. The bonds, T_c and D then
    // count the system's own layers (a monolayer has no bonds out of its plane), D along the other
    // axes only.
    std::array<bool, 3> thin{};
    std::int64_t layers = 1;  // cells along the thin axes together
};

// The bonds' couplings are those of the first column of cells' atoms (their materials by unit-cell
// category, in the lowest layer where the site's material is magnetic, else the bottom layer:
// alloys and layers are not averaged).
ExchangeSummary summarise_exchange(const SystemSettings& c, const Lattice& l,
                                   const MaterialMap& materials);
// The same with the materials mapped here (tests).
ExchangeSummary summarise_exchange(const SystemSettings& c, const Lattice& l);

// Lines for the start-up summary: a table of shells and one line of T_c and D (meV A^2).
std::string describe(const ExchangeSummary& s);

}  // namespace miniasd
