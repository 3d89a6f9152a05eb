#include "system/stiffness_planes.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "parallel/comm.hpp"
#include "system/local_system.hpp"
#include "system/system_settings.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {
constexpr double angstrom = 1e-10;            // m
constexpr double tolerance = 0.1 * angstrom;  // a plane's half-thickness, VAMPIRE's
}  // namespace

int StiffnessPlanes::plane_of(int atom_material, double c) const {
    if (atom_material != material) return -1;
    if (c > first - tolerance && c < first + tolerance) return 0;
    if (c > middle - tolerance && c < middle + tolerance) return 1;
    return -1;
}

double StiffnessPlanes::fraction(double c) const {
    const double f = c * (2.0 / (last - first));
    return f <= 1.0 ? f : 2.0 - f;
}

StiffnessPlanes find_stiffness_planes(const SystemSettings& c, const Lattice& lattice,
                                      const LocalSystem& system, const parallel::Comm& comm) {
    const int axis = c.initial.domain_wall_axis;
    int material = 0;
    for (std::size_t m = 0; m < c.materials.size(); ++m)
        if (c.materials[m].constrained) material = int(m);
    StiffnessPlanes p;
    p.axis = axis;
    p.material = material;
    const double inf = std::numeric_limits<double>::infinity();
    auto coordinate = [&](std::int64_t i) {
        return lattice.position(system.gid[std::size_t(i)])[std::size_t(axis)];
    };
    double lo = inf, hi = -inf;
    for (std::int64_t i = 0; i < system.n_owned; ++i)
        if (system.material[std::size_t(i)] == material) {
            lo = std::fmin(lo, coordinate(i));
            hi = std::fmax(hi, coordinate(i));
        }
    std::vector<double> extremes = {-lo, hi};
    comm.max_in_place(extremes);
    lo = -extremes[0];
    hi = extremes[1];
    const std::string name = "material " + std::to_string(material + 1);
    if (!(hi >= lo)) throw Error("exchange-stiffness: the constrained " + name + " has no atoms");
    // The coordinate nearest the target, the lower on a tie: each rank's best, then the best of
    // those (every rank picks alike from the same gathered pairs).
    const double target = lo + (hi - lo) * 0.5 + 3.0 * angstrom;
    double best = inf, at = 0;
    for (std::int64_t i = 0; i < system.n_owned; ++i) {
        if (system.material[std::size_t(i)] != material) continue;
        const double c = coordinate(i), d = std::fabs(c - target);
        if (d < best || (d == best && c < at)) {
            best = d;
            at = c;
        }
    }
    const std::vector<double> all = comm.all_gather(std::vector<double>{best, at});
    best = inf;
    for (std::size_t r = 0; r + 1 < all.size(); r += 2)
        if (all[r] < best || (all[r] == best && all[r + 1] < at)) {
            best = all[r];
            at = all[r + 1];
        }
    p.first = lo;
    p.middle = at;
    p.last = hi;
    if (std::fabs(at - lo) < angstrom || std::fabs(hi - at) < angstrom)
        throw Error("exchange-stiffness: the constrained " + name + " spans " +
                    std::to_string((hi - lo) / angstrom) +
                    " A along sim:domain-wall-axis; its middle plane must lie at least 1 A from "
                    "its first and its last plane (as VAMPIRE requires): make the system longer "
                    "along that axis");
    std::vector<std::int64_t> counts = {0, 0};
    for (std::int64_t i = 0; i < system.n_owned; ++i) {
        const int k = p.plane_of(system.material[std::size_t(i)], coordinate(i));
        if (k >= 0) ++counts[std::size_t(k)];
    }
    comm.sum_in_place(counts);
    p.atoms[0] = counts[0];
    p.atoms[1] = counts[1];
    return p;
}

std::vector<std::int32_t> stiffness_plane_of_atoms(const StiffnessPlanes& p, const Lattice& lattice,
                                                   const LocalSystem& system) {
    std::vector<std::int32_t> out(std::size_t(system.n_owned));
    for (std::int64_t i = 0; i < system.n_owned; ++i) {
        const double c = lattice.position(system.gid[std::size_t(i)])[std::size_t(p.axis)];
        out[std::size_t(i)] = std::int32_t(p.plane_of(system.material[std::size_t(i)], c));
    }
    return out;
}

}  // namespace miniasd
