// Spin storage: structure of arrays, one array per component, local atoms (owned then ghosts).
#pragma once

#include <vector>

#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/system_settings.hpp"
#include "util/vec3.hpp"

namespace miniasd {

struct Spins {
    std::vector<double> x, y, z;  // unit vectors, [n_storage]: local atoms, then the null atom

    SpinView view() const { return {x.data(), y.data(), z.data()}; }
    void resize(std::int64_t n) {
        x.resize(n);
        y.resize(n);
        z.resize(n);
    }
};

// Initial spins of every local atom (ghosts included): sim:initial-spin-configuration's state
// (system/initial_state.hpp), a function of the atom's id, position and material, so every rank
// agrees on every atom.
Spins initial_spins(const SystemSettings& c, std::uint64_t seed, const Lattice& l,
                    const LocalSystem& sys);

// Order-independent hash (util/hash.hpp) of the owned spins of this rank; wrap-sum over ranks.
std::uint64_t local_spin_hash(const Spins& s, const LocalSystem& sys);

}  // namespace miniasd
