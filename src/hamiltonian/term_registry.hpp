// The terms a Hamiltonian can have, as recipes: what each reads (its reach) is known from the input
// and the lattice alone, before the system is built, so the neighbour table, the halo, the
// Monte Carlo colouring and the fused Heun plan can all be derived from the union of the reaches
// (hamiltonian/reach.hpp). A recipe then builds its term on the finished system: a local term
// (hamiltonian/local_term.hpp) or, for a non-local reach, a non-local stage
// (hamiltonian/non_local_stage.hpp).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "hamiltonian/local_term.hpp"
#include "hamiltonian/non_local_stage.hpp"
#include "hamiltonian/reach.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/materials.hpp"

namespace miniasd {

// hamiltonian_settings.hpp: declared only, so that what includes the Hamiltonian is not rebuilt
// when a section its terms read changes.
struct HamiltonianSettings;

// What a recipe builds its term from.
struct TermContext {
    const HamiltonianSettings& config;
    const Lattice& lattice;
    const MaterialMap& materials;  // each atom's material (the simulation's one map)
    const LocalSystem& system;
    std::vector<double> moments;  // mu_s per material (J/T)
    // Per basis site, the neighbour-table column of each offset the term declared, in its order
    // (neighbour terms): the k-th declared offset of site s of owned atom i is
    // system.neighbour(i, columns[s][k]). The site of atom i is system.gid[i] % lattice.sites().
    std::vector<std::vector<int>> columns;
    // The simulation's communicator, for terms with a collective set-up (the dipolar field's
    // FFT plan); null in tests that build local terms alone.
    const parallel::Comm* comm = nullptr;
    Vec3 applied_field{0, 0, 0};  // T: the run's sim:applied-field-* at the start
};

struct TermRecipe {
    const char* name;
    // The term's reach for this input, or nullopt when the input does not use the term.
    std::optional<Reach> (*reach)(const HamiltonianSettings& c, const Lattice& l);
    // Builds the term: a local one (reach on_site or neighbours), or a non-local stage.
    std::unique_ptr<LocalTerm> (*make)(const TermContext& context);
    std::unique_ptr<NonLocalStage> (*make_stage)(const TermContext& context) = nullptr;
};

// Every recipe, in the order the terms add their fields (the order of the sums: fixed, so the
// bits of a field do not change when a term is added that an input does not use).
const std::vector<TermRecipe>& term_recipes();

// Appends a recipe after the built-in ones (for terms outside src/, such as the tests' own);
// returns true, so a file can register its term in one line:
//     static const bool registered = register_term({"name", &reach, &make});
//     static const bool registered = register_term({"name", &reach, nullptr, &make_stage});
bool register_term(const TermRecipe& recipe);

// The terms an input uses, with their reaches joined: made before the system, which is built on
// `reach.offsets()`.
struct HamiltonianPlan {
    std::vector<TermRecipe> recipes;                     // the terms, in order
    std::vector<Reach> reaches;                          // [term]
    std::vector<std::vector<std::vector<int>>> columns;  // [term][site][offset]: table columns
    ReachUnion reach{1};
};
HamiltonianPlan plan_hamiltonian(const HamiltonianSettings& c, const Lattice& l);

}  // namespace miniasd
