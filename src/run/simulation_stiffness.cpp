// What VAMPIRE's exchange-stiffness program does to the spins and reads from them
// (system/stiffness_planes.hpp): the twist each angle starts from, and the planes' torques and
// spins. Each atom's own arithmetic, and exact sums over the ranks, so the same bits on any
// decomposition.
#include <cmath>

#include "run/simulation.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

StiffnessPlanes Simulation::stiffness_planes() const {
    return find_stiffness_planes(config_, lattice_, system_, comm());
}

void Simulation::place_stiffness_twist(const StiffnessPlanes& p, double degrees,
                                       const Vec3& middle) {
    const double radians = degrees * (3.14159265358979323846 / 180.0);
    Spins& s = spins();
    // Owned atoms and ghosts alike (the same arithmetic on every copy); not the null atom.
    for (std::size_t i = 0; i < static_cast<std::size_t>(system_.n_local); ++i) {
        const int m = system_.material[i];
        const double c = lattice_.position(system_.gid[i])[std::size_t(p.axis)];
        const int plane = p.plane_of(m, c);
        if (plane == 0 || plane == 1) {
            const Vec3 d = plane == 0 ? Vec3{0, 0, 1} : middle;
            s.x[i] = d[0];
            s.y[i] = d[1];
            s.z[i] = d[2];
            continue;
        }
        const Vec3 v =
            m == p.material ? Vec3{0, 0, 1} : config_.materials[std::size_t(m)].initial_spin;
        const double a = radians * p.fraction(c), sin = std::sin(a), cos = std::cos(a);
        s.x[i] = v[0];
        s.y[i] = cos * v[1] + sin * v[2];
        s.z[i] = -sin * v[1] + cos * v[2];
    }
}

StiffnessSums Simulation::stiffness_sums(const StiffnessPlanes& p) {
    // The field of the present spins: the applied field of the run state, the non-local stages
    // prepared, the ghosts fresh (as for a statistics sample).
    sync_field();
    pull_spins();
    hamiltonian_.prepare(spins_.view());
    halo_.start(spins_.x.data(), spins_.y.data(), spins_.z.data());
    halo_.finish(spins_.x.data(), spins_.y.data(), spins_.z.data());
    const SpinView v = spins_.view();
    std::vector<ExactSum> sums(12);  // per plane: torque x, y, z, spin x, y, z
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        const int m = system_.material[std::size_t(i)];
        const int plane =
            p.plane_of(m, lattice_.position(system_.gid[std::size_t(i)])[std::size_t(p.axis)]);
        if (plane < 0) continue;
        double bx, by, bz;
        hamiltonian_.field(v, i, i + 1, FieldView{&bx, &by, &bz});
        const double mu = config_.materials[std::size_t(m)].moment;
        const double sx = v.x[i], sy = v.y[i], sz = v.z[i];
        ExactSum* q = &sums[6 * std::size_t(plane)];
        q[0].add(mu * (sy * bz - sz * by));
        q[1].add(mu * (sz * bx - sx * bz));
        q[2].add(mu * (sx * by - sy * bx));
        q[3].add(sx);
        q[4].add(sy);
        q[5].add(sz);
    }
    std::vector<std::int64_t> packed;
    for (const ExactSum& e : sums)
        e.append_to(packed);
    comm().sum_in_place(packed);
    StiffnessSums out;
    for (std::size_t k = 0; k < 12; ++k) {
        const double value =
            ExactSum::from(&packed[k * std::size_t(ExactSum::packed_size)]).value();
        Vec3& to = k % 6 < 3 ? out.torque[k / 6] : out.spin[k / 6];
        to[k % 3] = value;
    }
    return out;
}

}  // namespace miniasd
