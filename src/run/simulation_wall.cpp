// What two of VAMPIRE's programs do to the spins and read from them: the domain-wall program's
// wall and profile (system/wall_slices.hpp), and the setting program's interface count and
// directions. Each atom's own arithmetic, and exact sums over the ranks, so the same bits on any
// decomposition.
#include <algorithm>
#include <cmath>

#include "run/simulation.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

void Simulation::place_domain_wall() {
    const InitialStateSection& w = config_.initial;
    const int axis = w.domain_wall_axis;
    const double length =
        double(lattice_.cells[std::size_t(axis)]) * lattice_.cell_size[std::size_t(axis)];
    Spins& s = spins();
    // Owned atoms and ghosts alike (the same arithmetic on every copy); not the null atom.
    for (std::size_t i = 0; i < static_cast<std::size_t>(system_.n_local); ++i) {
        const Vec3 r = lattice_.position(system_.gid[i]);
        const double f = wall_fraction(r[std::size_t(axis)], length, w.domain_wall_position,
                                       w.domain_wall_width);
        if (f <= 0) continue;
        const Vec3& target =
            config_.materials[std::size_t(system_.material[i])].domain_wall_second_direction;
        const Vec3 t = wall_turn({s.x[i], s.y[i], s.z[i]}, target, f, axis);
        s.x[i] = t[0];
        s.y[i] = t[1];
        s.z[i] = t[2];
    }
}

WallSlices Simulation::domain_wall_slices() const {
    const InitialStateSection& w = config_.initial;
    const int axis = w.domain_wall_axis;
    const double length =
        double(lattice_.cells[std::size_t(axis)]) * lattice_.cell_size[std::size_t(axis)];
    WallSlices out;
    out.slices = static_cast<std::int64_t>(std::floor(length / w.domain_wall_discretisation)) + 1;
    out.materials = static_cast<std::int64_t>(config_.materials.size());
    const auto bins = static_cast<std::size_t>(out.slices * out.materials);
    out.atoms.assign(bins, 0);
    std::vector<ExactSum> sums(3 * bins);
    const Spins& s = spins();
    for (std::size_t i = 0; i < static_cast<std::size_t>(system_.n_owned); ++i) {
        const double x = lattice_.position(system_.gid[i])[std::size_t(axis)];
        // VAMPIRE's slice: the coordinate over the thickness, truncated (x >= 0); the 1e-9
        // keeps an atom on a slice's boundary in the slice it begins (28 x 3 A over 3 A is
        // 27.999... in floating point).
        const auto slice = std::min<std::int64_t>(
            out.slices - 1,
            static_cast<std::int64_t>(std::floor(x / w.domain_wall_discretisation + 1e-9)));
        const std::size_t k = std::size_t(slice * out.materials + system_.material[i]);
        ++out.atoms[k];
        sums[3 * k].add(s.x[i]);
        sums[3 * k + 1].add(s.y[i]);
        sums[3 * k + 2].add(s.z[i]);
    }
    comm().sum_in_place(out.atoms);
    std::vector<std::int64_t> packed;
    for (const ExactSum& e : sums)
        e.append_to(packed);
    comm().sum_in_place(packed);
    out.mean.resize(bins);
    for (std::size_t k = 0; k < bins; ++k) {
        const double n = out.atoms[k] > 0 ? double(out.atoms[k]) : 1.0;
        for (std::size_t a = 0; a < 3; ++a)
            out.mean[k][a] =
                ExactSum::from(&packed[(3 * k + a) * std::size_t(ExactSum::packed_size)]).value() /
                n;
    }
    return out;
}

std::vector<std::int64_t> Simulation::setting_interface_bonds() const {
    std::vector<std::int64_t> count(4, 0);
    const SiteOffsets offsets = lattice_.exchange.offsets();
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        const int m = system_.material[std::size_t(i)];
        if (m <= 3 || m == 8) continue;  // VAMPIRE's ferromagnet: types above 3 but 8
        std::int64_t c[3];
        int site;
        lattice_.decode(system_.gid[std::size_t(i)], c[0], c[1], c[2], site);
        for (const NeighbourOffset& o : offsets[std::size_t(site)]) {
            std::int64_t n[3] = {c[0] + o.dx, c[1] + o.dy, c[2] + o.dz};
            bool inside = true;
            for (std::size_t a = 0; a < 3; ++a) {
                const std::int64_t l = lattice_.cells[a];
                if (lattice_.periodic[a])
                    n[a] = ((n[a] % l) + l) % l;
                else
                    inside = inside && n[a] >= 0 && n[a] < l;
            }
            if (!inside || !lattice_.present(n[0], n[1], n[2], o.site)) continue;
            const int j = materials_.of(lattice_.gid(n[0], n[1], n[2], o.site));
            if (j <= 3) ++count[std::size_t(j)];
        }
    }
    comm().sum_in_place(count);
    return count;
}

void Simulation::set_material_spins(const std::vector<Vec3>& d) {
    Spins& s = spins();
    for (std::size_t i = 0; i < static_cast<std::size_t>(system_.n_local); ++i) {
        const Vec3& v = d[std::size_t(system_.material[i])];
        s.x[i] = v[0];
        s.y[i] = v[1];
        s.z[i] = v[2];
    }
}

}  // namespace miniasd
