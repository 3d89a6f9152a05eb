// The global crystal: a grid of cubic (or rectangular) unit cells, each holding the basis sites of
// sc, bcc or fcc, or the atoms of a unit-cell file. A global atom id is a function of (cell x, y,
// z, site) alone:
//     gid = ((cz * ny + cy) * nx + cx) * sites + site
// so ids are unique, contiguous from 0, and independent of how cells are shared among ranks.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "system/interactions.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

using Cells3 = std::array<std::int64_t, 3>;

// The most offsets of any site (the columns of a neighbour table built on them).
int widest(const SiteOffsets& offsets);
// The largest |cell displacement| along each axis over all offsets (0 with none).
std::array<int, 3> cell_reach(const SiteOffsets& offsets);

// One particle cut from the lattice (VAMPIRE's create:sphere, cube, cylinder,
// truncated-octahedron, ellipsoid, ellipse, cone, tear-drop, bubble), centred on the atom nearest
// the centre of the box (system/particle_shapes.cpp).
struct ParticleCut {
    ParticleShape shape = ParticleShape::none;
    Vec3 origin{0, 0, 0};  // m, an atom's position
    double radius = 0;     // m, half of dimensions:particle-size
    ParticleParameters parameters;
    double box_height = 0;  // m, dimensions:system-size-z: the frame of cone, tear-drop, bubble
    // A particle array (parameters.array): every particle's origin (m), and where each nominal
    // grid place (row iy, column ix) put its particle, index[iy * nx + ix] (-1: none fitted).
    std::vector<Vec3> origins;
    double pitch_x = 0, pitch_y = 0, base_x = 0, base_y = 0;
    int nx = 0, ny = 0;
    std::vector<int> index;
    // Whether a point (m) lies inside (a particle of the array): VAMPIRE's own inequality for
    // each shape.
    bool contains(const Vec3& p) const;
    // Distance of a point from the origin in the shape's own measure, in units of the radius:
    // inside the particle when <= 1; a core-shell material of size f holds the atoms with <= f.
    // In an array, from the nearest particle's origin.
    double scaled_distance(const Vec3& p) const;
    // How far the particle reaches from the origin along axis a (m); infinity where it may span
    // the whole box (a bound for counting, not the shape; an array's).
    double reach(int a) const;

  private:
    bool contains_at(const Vec3& o, const Vec3& p) const;
    double distance_at(const Vec3& o, const Vec3& p) const;
    // The origins of the array's particles that could hold p (those of the 3 x 3 grid places
    // around it), or the one origin.
    template <typename F>
    void for_candidates(const Vec3& p, F&& f) const;
};

class MaterialMap;

struct Lattice {
    CrystalStructure crystal = CrystalStructure::sc;
    Vec3 cell_size{};                // m
    Cells3 cells{1, 1, 1};           // unit cells along x, y, z
    std::array<bool, 3> periodic{};  // periodic boundaries per axis
    std::vector<Vec3> basis;         // fractional positions of the sites in a cell
    std::vector<int> category;       // [site] 1-based unit-cell category (material placement)
    SiteOffsets neighbours;          // nearest neighbours, per site (the first shell)
    InteractionList exchange;        // the exchange bonds (system/interactions.hpp)
    // The biquadratic bonds (hamiltonian/biquadratic.hpp): a unit-cell file's biquadratic block,
    // or, when some material has a biquadratic-exchange-matrix, the built-in crystal's exchange
    // bonds (their weights and shells too, as VAMPIRE builds both from one template); none
    // otherwise.
    InteractionList biquadratic;
    bool from_file = false;    // the cell is a unit-cell file's
    bool single_spin = false;  // create:single-spin: one atom, no neighbours of any shell
    ParticleCut particle;      // shape none: every site of the box holds an atom
    // material[i]:non-magnetic = remove: the sites whose material is removed hold no atom (the
    // map gives each site's material; removed[m] says which are removed), nor do the sites the
    // map leaves vacant (material[i]:density, core-shell rules). Null: none removed.
    std::shared_ptr<const MaterialMap> removal;
    std::vector<char> removed;  // [material]
    std::int64_t n_atoms = 0;   // atoms present (the whole box unless a particle is cut)
    // VAMPIRE's system dimensions (m): dimensions:system-size along an open axis, the whole cells
    // along a periodic one. Along an open axis whose size ends inside the last cell, the sites
    // at or beyond it hold no atom (`cut`), as VAMPIRE keeps only the atoms below the size.
    Vec3 extent{};
    std::array<bool, 3> cut{};

    int sites() const { return static_cast<int>(basis.size()); }
    // Every global id is below this; with a particle cut, the ids outside it are unused.
    std::int64_t id_space() const { return cells[0] * cells[1] * cells[2] * sites(); }
    std::int64_t atoms() const { return n_atoms; }
    // Whether the site holds an atom: it lies inside the particle, if one is cut, and its
    // material is not removed.
    bool present(std::int64_t cx, std::int64_t cy, std::int64_t cz, int site) const {
        if ((cut[0] || cut[1] || cut[2]) && beyond_extent(position(cx, cy, cz, site))) return false;
        if (particle.shape != ParticleShape::none && !particle.contains(position(cx, cy, cz, site)))
            return false;
        return !removal || !removed_at(gid(cx, cy, cz, site));
    }
    bool removed_at(std::int64_t gid) const;  // removed or vacant (removal set)
    bool beyond_extent(const Vec3& p) const {
        return (cut[0] && p[0] >= extent[0]) || (cut[1] && p[1] >= extent[1]) ||
               (cut[2] && p[2] >= extent[2]);
    }
    Vec3 position(std::int64_t cx, std::int64_t cy, std::int64_t cz, int site) const {
        const Vec3& f = basis[site];
        return {(cx + f[0]) * cell_size[0], (cy + f[1]) * cell_size[1], (cz + f[2]) * cell_size[2]};
    }
    std::int64_t gid(std::int64_t cx, std::int64_t cy, std::int64_t cz, int site) const {
        return ((cz * cells[1] + cy) * cells[0] + cx) * sites() + site;
    }
    void decode(std::int64_t gid, std::int64_t& cx, std::int64_t& cy, std::int64_t& cz,
                int& site) const;
    Vec3 position(std::int64_t gid) const;  // m, from the origin of the box
    // The fraction of VAMPIRE's system height at which a site of layer cz lies (material heights,
    // multilayer blocks): of the given size where the box is cut below the last cell's top
    // (`cut`), else of the whole cells.
    double height_fraction(std::int64_t cz, int site) const {
        const double z = double(cz) + basis[std::size_t(site)][2];
        return cut[2] ? z * cell_size[2] / extent[2] : z / double(cells[2]);
    }
};

// The distinct coordinates of a cell's sites along `axis` (fractions, ascending, 1e-9 apart or
// more) and each site's index among them: the atomic planes of the cell along that axis.
struct SitePlanes {
    std::vector<double> planes;
    std::vector<int> of_site;
};
SitePlanes site_planes(const std::vector<Vec3>& basis, int axis);

// The site nearest `point` (m; the lowest id on a tie), searched in the cells around it: where
// VAMPIRE centres a particle.
Vec3 nearest_site(const Lattice& l, const Vec3& point);
// VAMPIRE's particle arrays (create:particle-array, hexagonal-particle-array): the particles'
// origins on their grid, each on its nearest site (particle-centre-offset: half a cell further),
// those that fit whole in the box (centre at most size/2 from its far x and y faces) kept, in
// l.particle (origins and the grid's index). Throws Error when none fits.
void place_particle_array(Lattice& l, double size);

// Cells per axis: ceil(system size / cell size) as VAMPIRE does, with a relative tolerance of
// 1e-6 so a size that is an exact multiple of the cell (40 * 2.87 A) does not gain a cell from
// rounding.
std::int64_t cells_along(double system_size, double cell_size);

// Builds the lattice of a configuration: a built-in crystal's cell (system/crystals.hpp) with its
// bonds found as VAMPIRE finds them on the ideal cell (the first shell: sc 6, bcc 8, fcc 12; more
// with exchange:interaction-range), or a unit-cell file's cell and bonds; create:single-spin gives
// one sc cell with no neighbours. A particle shape cuts one particle; its atoms are counted over
// its bounding box. Throws Error when a bond would join an atom to itself across a periodic box too
// small for its reach.
Lattice make_lattice(const SystemSettings& c);

// The first `shells` neighbour shells of the lattice's sites: result[k][site] lists the offsets
// of the sites at the (k+1)-th shortest distance from `site` (relative tolerance 1e-6), ordered
// by (dz, dy, dx, site). result[0] is Lattice::neighbours. A single spin has no shells.
std::vector<SiteOffsets> neighbour_shells(const Lattice& l, int shells);

}  // namespace miniasd
