// The spins' polar-angle histogram (ProgramHost::polar_angle_counts): the diagnostic-boltzmann
// program's sample; and the magnetisation a program steers by (ProgramHost::magnetisation). Counts
// are integers summed over the ranks, so the histogram is the same on any decomposition.
#include <algorithm>
#include <cmath>

#include "run/simulation.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

std::vector<std::int64_t> Simulation::polar_angle_counts() const {
    constexpr int bins = 181;  // VAMPIRE's: bin b counts [b - 1, b) degrees, bin 0 stays empty
    std::vector<std::int64_t> counts(bins, 0);
    const Spins& s = spins();
    const double degrees = 180.0 / 3.14159265358979323846;
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        if (!measures_.counted[std::size_t(system_.material[std::size_t(i)])]) continue;
        const double z = std::clamp(s.z[std::size_t(i)], -1.0, 1.0);
        // floor(angle + 1) as VAMPIRE's iround(angle + 0.5); 180 degrees (its bin 181, past its
        // array) is kept in the last bin.
        const int b = std::min(bins - 1, int(std::floor(std::acos(z) * degrees + 1.0)));
        ++counts[std::size_t(b)];
    }
    comm().sum_in_place(counts);
    return counts;
}

Vec3 Simulation::magnetisation() const {
    std::vector<ExactSum> m(3);
    const Spins& s = spins();
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        const auto mat = std::size_t(system_.material[std::size_t(i)]);
        if (!measures_.counted[mat]) continue;
        const double mu = config_.materials[mat].moment;
        m[0].add(mu * s.x[std::size_t(i)]);
        m[1].add(mu * s.y[std::size_t(i)]);
        m[2].add(mu * s.z[std::size_t(i)]);
    }
    std::vector<std::int64_t> packed;
    for (const ExactSum& e : m)
        e.append_to(packed);
    comm().sum_in_place(packed);
    Vec3 out;
    for (std::size_t a = 0; a < 3; ++a)
        out[a] = ExactSum::from(&packed[a * std::size_t(ExactSum::packed_size)]).value() /
                 measures_.total_moment;
    return out;
}

}  // namespace miniasd
