#include "system/spins.hpp"

#include "system/initial_state.hpp"
#include "util/hash.hpp"

namespace miniasd {

Spins initial_spins(const SystemSettings& c, std::uint64_t seed, const Lattice& l,
                    const LocalSystem& sys) {
    Spins s;
    s.resize(sys.n_storage());  // the null atom at n_local stays (0, 0, 0)
    for (std::int64_t i = 0; i < sys.n_local; ++i) {
        const std::int64_t gid = sys.gid[std::size_t(i)];
        const Vec3 d =
            initial_direction(c, seed, l, gid, sys.material[std::size_t(i)], l.position(gid));
        s.x[i] = d[0];
        s.y[i] = d[1];
        s.z[i] = d[2];
    }
    return s;
}

std::uint64_t local_spin_hash(const Spins& s, const LocalSystem& sys) {
    std::uint64_t h = 0;
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        h += atom_hash(sys.gid[i], s.x[i], s.y[i], s.z[i]);
    return h;
}

}  // namespace miniasd
