// The atoms one rank works on, in local indices:
//   [0, n_core)              owned atoms whose neighbours are all owned (computed while the
//                            halo exchange is in flight)
//   [n_core, n_owned)        owned atoms with at least one ghost neighbour
//   [n_owned, n_local)       ghosts: copies of other ranks' atoms, grouped by owner rank
//   n_local                  the null atom: padding for neighbour tables, spin always zero
// Owned atoms go row of cells by row, and within a row site by site (see build_local_system);
// ghosts are grouped by owner and, within one owner, lie in the order the owner stores them (rows
// of cells, site by site: a ghost layer looks like an owned one). Interaction lists refer to local
// indices.
// Built once; atoms never move, so the halo plan is fixed for the run.
#pragma once

#include <cstdint>
#include <vector>

#include "parallel/halo_plan.hpp"
#include "parallel/process_grid.hpp"
#include "system/lattice.hpp"
#include "system/materials.hpp"

namespace miniasd {

struct LocalSystem {
    std::int64_t n_core = 0;
    std::int64_t n_owned = 0;
    std::int64_t n_local = 0;  // owned + ghosts
    std::int64_t n_global = 0;

    std::vector<std::int64_t> gid;       // [n_local] global ids
    std::vector<std::int32_t> material;  // [n_storage()] 0-based material index

    // The interaction table, column-major (ELLPACK): neighbour k of owned atom i is
    // nbr[k * n_owned + i], k < width. Column k holds offset k of the atom's basis site in the
    // offsets the table was built from (the union of the terms' reaches, hamiltonian/reach.hpp),
    // so a term reads its own offsets from fixed columns. A neighbour that is absent (open
    // surface, particle cut, a site with fewer offsets) is the null atom, whose spin is zero: field
    // kernels run one fixed-width loop, and a zero adds nothing to a sum, bit for bit.
    int width = 0;
    std::int32_t null_atom = 0;     // == n_local
    std::vector<std::int32_t> nbr;  // [width * n_owned]

    // Length of per-atom arrays that neighbour tables index: local atoms plus the null atom.
    std::int64_t n_storage() const { return n_local + 1; }
    std::int32_t neighbour(std::int64_t i, int k) const { return nbr[k * n_owned + i]; }
    // The real (non-padding) neighbours of owned atom i, for set-up code and tests.
    std::vector<std::int32_t> neighbours_of(std::int64_t i) const;

    std::vector<parallel::HaloPeer> peers;  // the halo plan, by ascending peer rank

    // Frees nbr (4 x width bytes per atom) once every reader keeps its own form of it (the
    // exchange term's stencil runs); neighbour() and neighbours_of() must not be called after.
    void release_neighbour_table() { std::vector<std::int32_t>().swap(nbr); }
};

// Builds this rank's part of the lattice from its place in the process grid, with a neighbour
// table of the given offsets per basis site; the ghosts are every atom another rank owns at one of
// them, or at one of the `observed` offsets (an observable's reach, e.g. the topological charge's
// triangles: halo-exchanged like the rest, but no column of the table and no reason to count an
// atom as a boundary atom; each site's list symmetric, as the terms' are). Pure: no MPI. Throws
// LocalError if the local arrays would not fit 32-bit local indices.
LocalSystem build_local_system(const Lattice& lattice, const parallel::ProcessGrid& grid,
                               const MaterialMap& materials, const SiteOffsets& offsets,
                               const SiteOffsets& observed = {});
// The same with the lattice's nearest neighbours (tests and benchmarks of the first shell).
LocalSystem build_local_system(const Lattice& lattice, const parallel::ProcessGrid& grid,
                               const MaterialMap& materials);

}  // namespace miniasd
