// Where VAMPIRE centres particles (the site nearest a point) and its particle arrays (its
// create/square_array.cpp and hexagonal_array.cpp): lattice.hpp.
#include <cmath>
#include <limits>
#include <string>

#include "system/lattice.hpp"
#include "util/error.hpp"

namespace miniasd {

Vec3 nearest_site(const Lattice& l, const Vec3& point) {
    Vec3 best{0, 0, 0};
    double best_d = std::numeric_limits<double>::infinity();
    const double tie = 1e-9 * l.cell_size[0] * l.cell_size[0];  // m^2
    std::int64_t lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
        const auto c = static_cast<std::int64_t>(std::floor(point[a] / l.cell_size[a]));
        lo[a] = std::max<std::int64_t>(0, std::min<std::int64_t>(l.cells[a] - 1, c - 1));
        hi[a] = std::min<std::int64_t>(l.cells[a] - 1, std::max<std::int64_t>(0, c + 1));
    }
    for (std::int64_t z = lo[2]; z <= hi[2]; ++z)
        for (std::int64_t y = lo[1]; y <= hi[1]; ++y)
            for (std::int64_t x = lo[0]; x <= hi[0]; ++x)
                for (int s = 0; s < l.sites(); ++s) {
                    const Vec3 p = l.position(x, y, z, s);
                    const double d = (p[0] - point[0]) * (p[0] - point[0]) +
                                     (p[1] - point[1]) * (p[1] - point[1]) +
                                     (p[2] - point[2]) * (p[2] - point[2]);
                    // Loops run in increasing id: the first minimum wins, and distances
                    // equal but for rounding (a point halfway between two sites) are a tie.
                    if (d < best_d - tie) {
                        best_d = d;
                        best = p;
                    }
                }
    return best;
}

void place_particle_array(Lattice& l, double size) {
    ParticleCut& p = l.particle;
    const ParticleParameters& a = p.parameters;
    const bool hexagonal = a.array == ParticleParameters::Array::hexagonal;
    // VAMPIRE's grid: x pitch size + spacing, rows that pitch (hexagonal: sqrt(3)/2 of it) apart,
    // every odd hexagonal row shifted by half a pitch; the particles at mid-height, a whole
    // number of cells up.
    const double repeat = size + a.spacing;
    p.pitch_x = repeat;
    p.pitch_y = hexagonal ? repeat * std::sqrt(3.0) / 2 : repeat;
    p.base_x = 0.5 * size + a.offset_x;
    p.base_y = 0.5 * size + a.offset_y;
    p.nx = static_cast<int>(std::ceil(l.extent[0] / p.pitch_x));
    p.ny = static_cast<int>(std::ceil(l.extent[1] / p.pitch_y));
    const double z = std::round(l.extent[2] / (2.0 * l.cell_size[2])) * l.cell_size[2];
    p.origins.clear();
    p.index.assign(std::size_t(p.nx) * std::size_t(p.ny), -1);
    // VAMPIRE's order (x outer, y inner) numbers the particles.
    for (int ix = 0; ix < p.nx; ++ix)
        for (int iy = 0; iy < p.ny; ++iy) {
            const double shift = hexagonal && iy % 2 == 1 ? 0.5 * repeat : 0.0;
            Vec3 o = nearest_site(
                l, {double(ix) * repeat + shift + p.base_x, double(iy) * p.pitch_y + p.base_y, z});
            if (a.centre_offset)
                for (int k = 0; k < 3; ++k)
                    o[k] += 0.5 * l.cell_size[k];
            if (o[0] <= l.extent[0] - 0.5 * size && o[1] <= l.extent[1] - 0.5 * size) {
                p.index[std::size_t(iy) * std::size_t(p.nx) + std::size_t(ix)] =
                    static_cast<int>(p.origins.size());
                p.origins.push_back(o);
            }
        }
    if (p.origins.empty())
        throw Error("the particle array holds no whole particle: a particle of " +
                    std::to_string(size * 1e10) +
                    " A needs at least that much of the box in x "
                    "and y (dimensions:system-size, particle-array-offset-x/-y)");
    p.origin = p.origins.front();
}

}  // namespace miniasd
