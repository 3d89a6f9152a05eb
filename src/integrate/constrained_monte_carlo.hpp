// Constrained Monte Carlo (sim:integrator = constrained-monte-carlo; Asselin, Evans, Barker,
// Chantrell, Yanes, Chubykalo-Fesenko, Hinzke and Nowak, Phys. Rev. B 82, 054415 (2010)): the
// direction n of the total magnetisation M = sum mu_i S_i is held fixed while its length and
// every spin fluctuate, so the free energy's dependence on the direction, and with it the
// anisotropy K(T), can be read from the mean restoring torque (sim:program = cmc-anisotropy).
//
// A trial is a pair move: atom i makes the Gaussian Monte Carlo move S_i -> S_i', and its
// partner j takes up the change of M normal to n, mu_j S_j'_perp = mu_j S_j_perp - mu_i
// (S_i' - S_i)_perp, with S_j' . n of the sign of S_j . n and |S_j'| = 1 (refused when
// |S_j'_perp| >= 1: a "sphere" rejection). It is accepted with probability
//   min(1, exp(-(dE_i + dE_j) / k_B T) (M_n' / M_n)^2 |S_j . n / S_j' . n|)
// if M_n' = M' . n stays positive (VAMPIRE's montecarlo/cmc.cpp).
//
// Parallel and the same bits on any decomposition, unlike VAMPIRE's (one rank only, random pairs
// drawn one after the other): the lattice is coloured as for Monte Carlo (colouring.hpp), and in
// each colour's phase of a sweep the atoms of that colour are paired by a point reflection of
// the cell grid, partner(cell c, site s) = (D - c mod L, s), D drawn from (seed, sweep, colour):
// an involution, so every atom is in at most one pair, its partner anywhere in the system, and
// with a new D every sweep. Two atoms of one colour never interact, so every pair's energy
// changes are independent of the others' and are all weighed at once. The lower id moves; its
// rank sends (its change, its dE) to the partner's rank, which decides and answers (two
// all-to-all exchanges per colour). Each decision reads M_n at the start of its colour's phase
// (M summed exactly, so on every rank the same): VAMPIRE's sequential moves update M_n between
// moves. The two differ in the Jacobian by relative O(dM/M), dM the phase's net change, small
// well below T_c (|M| >> sqrt(N) mu); near T_c, where the constrained ensemble itself loses its
// meaning, it is not, and once M_n is not positive no pair is taken (counted and warned). Each
// colour's moment normal to n is held on its own (pairs join one colour): one frozen staggered
// mode, O(1/N), where every colour holds the same mix of materials, which is required (materials
// on sites of their own are refused). A sweep makes up to N/2 pair moves (fewer along open axes;
// VAMPIRE's, N).
//
// Hybrid (sim:integrator = hybrid-constrained-monte-carlo, VAMPIRE's montecarlo/cmc_mc.cpp): each
// material with material[i]:constrained = true has its own magnetisation's direction held, at its
// own constraint angles (RunState::material_constraint), by pairs within the material (a pair
// whose partner is of another material is not taken); the atoms of the other materials make
// ordinary Metropolis moves in their colour's phase, accepted with probability
// min(1, exp(-dE / k_B T)). With one material, constrained, the moves are the plain form's, bit
// for bit. A material on sites of its own is allowed here: its colour's pairs hold all of it.
//
// Planes (the hybrid form in sim:program = exchange-stiffness, VAMPIRE's masked_cmc_mc.cpp): the
// groups are the program's two planes of the constrained material (system/stiffness_planes.hpp),
// the first held along +z and the middle one along the run state's constraint direction; every
// other atom is free. The reflection then leaves the cell index along the planes' normal alone
// (it mirrors the two in-plane axes only), so an atom's partner lies in its own plane.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "integrate/colouring.hpp"
#include "integrate/integrator.hpp"
#include "util/gaussian.hpp"

namespace miniasd {

class ConstrainedMonteCarlo final : public Integrator {
  public:
    explicit ConstrainedMonteCarlo(const IntegratorContext& c);
    const char* name() const override { return "constrained-monte-carlo"; }
    void step(Spins& s, RunState& state) override;
    std::string summary() const override;
    std::vector<std::pair<std::string, double>> figures() const override;

  private:
    struct Counts {
        std::int64_t trials = 0, accepted = 0, sphere = 0;
        std::int64_t lost = 0;  // pairs refused because M . n was not positive
    };
    // One colour's pair moves (and the free atoms' single moves); returns this rank's counts
    // (the partners' side). `n`: the constraint direction of each group.
    Counts colour_phase(Spins& s, const std::vector<Vec3>& n, double beta, double width,
                        std::uint64_t sweep, int colour);
    // sum mu S of each group's atoms over the system, J/T (exact sums).
    std::vector<Vec3> magnetisations(const Spins& s) const;
    // Throws Error where the materials' shares differ between colours (see the .cpp).
    void refuse_materials_by_colour() const;
    // Each owned atom's group (constrained_pairs.cpp).
    void assign_groups(const IntegratorContext& c);
    // This phase's reflection centre (cell indices; none along fixed_axis_).
    void reflection_centre(std::uint64_t sweep, int colour, std::int64_t* centre) const;
    // The partner of owned atom `i` in this phase, or -1 (none: out of an open box, absent,
    // itself, or of another colour).
    std::int64_t partner(std::int64_t gid, const std::int64_t* centre, int colour) const;

    const Lattice& lattice_;
    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    parallel::HaloExchange& halo_;
    const parallel::Comm& comm_;
    const parallel::ProcessGrid& grid_;
    Timers& timers_;
    int t_trial_, t_halo_;
    MonteCarloMove move_;
    std::uint64_t seed_;
    ZigguratTables ziggurat_;
    Colouring colouring_;
    std::vector<std::vector<std::int32_t>> of_colour_;         // owned atoms of each colour
    std::unordered_map<std::int64_t, std::int32_t> local_of_;  // owned atoms' global ids
    std::vector<char> kept_;      // per material: non-magnetic (kept), neither moved nor counted
    std::vector<double> moment_;  // J/T, per material
    // Per owned atom: the group whose magnetisation is held (plain: group 0; hybrid: its
    // material's index if that is constrained; planes: its plane), free (-1) or kept (-2).
    std::vector<std::int32_t> group_;
    std::size_t groups_ = 1;
    enum class Mode { plain, hybrid, planes } mode_ = Mode::plain;
    int fixed_axis_ = -1;  // planes: the axis the reflection leaves alone
    Counts total_;         // over the run and all ranks
    double rescaling_curie_, rescaling_exponent_;
};

}  // namespace miniasd
