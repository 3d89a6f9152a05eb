#include "system/spins.hpp"

#include <Random123/uniform.hpp>

#include <cmath>

#include "util/hash.hpp"
#include "util/random.hpp"

namespace miniasd {

Spins initial_spins(const Config& c, const LocalSystem& sys) {
    Spins s;
    s.resize(sys.n_storage());  // the null atom at n_local stays (0, 0, 0)
    constexpr double two_pi = 6.283185307179586;
    for (std::int64_t i = 0; i < sys.n_local; ++i) {
        const MaterialConfig& m = c.materials[sys.material[i]];
        if (!m.random_initial_spin) {
            s.x[i] = m.initial_spin[0];
            s.y[i] = m.initial_spin[1];
            s.z[i] = m.initial_spin[2];
            continue;
        }
        // Uniform on the sphere: cos(theta) uniform in [-1, 1), phi uniform in [0, 2 pi).
        const auto w = random_words(c.seed, RandomStream::initial_spin,
                                    static_cast<std::uint64_t>(sys.gid[i]), 0);
        const double ct = 2.0 * r123::u01<double>(w[0]) - 1.0;
        const double phi = two_pi * r123::u01<double>(w[1]);
        const double st = std::sqrt(std::max(0.0, 1.0 - ct * ct));
        s.x[i] = st * std::cos(phi);
        s.y[i] = st * std::sin(phi);
        s.z[i] = ct;
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
