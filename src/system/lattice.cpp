#include "system/lattice.hpp"

#include "system/nearest_shell.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "system/crystals.hpp"
#include "system/materials.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

std::vector<Vec3> basis_of(CrystalStructure c) {
    return crystal_cell(c).basis;
}

// For each site, the sites of the first `shells` distinct distances. A box of +-(shells + 1)
// cells holds them all: along the shortest cell edge a the points 1a .. (shells)a give `shells`
// distinct distances, so the last shell lies within shells * a, and a basis offset adds less than
// one cell. Candidates are visited in (dz, dy, dx, site) order, which orders each shell.
std::vector<SiteOffsets> shells_of(const std::vector<Vec3>& basis, const Vec3& a, int shells) {
    const std::vector<SiteNeighbour> found =
        neighbours_within(basis, a, shells + 1, std::numeric_limits<double>::infinity());
    const std::vector<double> shell_r = distinct_radii(found, static_cast<std::size_t>(shells));
    std::vector<SiteOffsets> out(static_cast<std::size_t>(shells), SiteOffsets(basis.size()));
    for (const SiteNeighbour& c : found)
        for (std::size_t k = 0; k < shell_r.size(); ++k)
            if (std::abs(c.r - shell_r[k]) < 1e-6 * shell_r[k])
                out[k][static_cast<std::size_t>(c.site)].push_back(c.offset);
    return out;
}

}  // namespace

std::int64_t cells_along(double system_size, double cell_size) {
    const double ratio = system_size / cell_size;
    const auto n = static_cast<std::int64_t>(std::ceil(ratio * (1.0 - 1e-6)));
    return n < 1 ? 1 : n;
}

void Lattice::decode(std::int64_t g, std::int64_t& cx, std::int64_t& cy, std::int64_t& cz,
                     int& site) const {
    site = static_cast<int>(g % sites());
    std::int64_t cell = g / sites();
    cx = cell % cells[0];
    cell /= cells[0];
    cy = cell % cells[1];
    cz = cell / cells[1];
}

Vec3 Lattice::position(std::int64_t g) const {
    std::int64_t cx, cy, cz;
    int s;
    decode(g, cx, cy, cz, s);
    return position(cx, cy, cz, s);
}

namespace {

// Atoms present, counted over the cells a particle's bounding box can touch (the whole box
// without one). Without a particle, and with materials fixed per layer and site, removed
// materials are counted layer by layer instead of atom by atom.
std::int64_t count_present(const Lattice& l) {
    if (l.particle.shape == ParticleShape::none && (!l.removal || l.removal->layered())) {
        // Each site's atoms in a layer are the cells of x below the extent times those of y
        // (positions are per axis, so the box cut is too); a layer is present or removed whole.
        auto below = [&l](int a, int s) {
            std::int64_t n = 0;
            for (std::int64_t c = 0; c < l.cells[a]; ++c)
                n += !(l.cut[a] && (c + l.basis[s][a]) * l.cell_size[a] >= l.extent[a]);
            return n;
        };
        std::int64_t n = 0;
        for (int s = 0; s < l.sites(); ++s) {
            const std::int64_t row = below(0, s) * below(1, s);
            for (std::int64_t z = 0; z < l.cells[2]; ++z)
                if (!(l.cut[2] && (z + l.basis[s][2]) * l.cell_size[2] >= l.extent[2]) &&
                    (!l.removal || !l.removed_at(l.gid(0, 0, z, s))))
                    n += row;
        }
        return n;
    }
    std::int64_t lo[3], hi[3];
    for (int a = 0; a < 3 && l.particle.shape == ParticleShape::none; ++a) {
        lo[a] = 0;
        hi[a] = l.cells[a];
    }
    for (int a = 0; a < 3 && l.particle.shape != ParticleShape::none; ++a) {
        const double reach = l.particle.reach(a) * 1.0000001 + l.cell_size[a];
        if (!std::isfinite(reach)) {  // the shape may span the box along this axis
            lo[a] = 0;
            hi[a] = l.cells[a];
            continue;
        }
        lo[a] = std::max<std::int64_t>(
            0,
            static_cast<std::int64_t>(std::floor((l.particle.origin[a] - reach) / l.cell_size[a])));
        hi[a] = std::min<std::int64_t>(
            l.cells[a],
            static_cast<std::int64_t>(std::ceil((l.particle.origin[a] + reach) / l.cell_size[a])) +
                1);
    }
    std::int64_t n = 0;
    for (std::int64_t z = lo[2]; z < hi[2]; ++z)
        for (std::int64_t y = lo[1]; y < hi[1]; ++y)
            for (std::int64_t x = lo[0]; x < hi[0]; ++x)
                for (int s = 0; s < l.sites(); ++s)
                    n += l.present(x, y, z, s);
    return n;
}

// A bond from a site to itself in a cell (dx, dy, dz) away is the atom itself when every nonzero
// displacement is a whole number of periodic box lengths: the atom would feel its own spin.
void check_self_bonds(const Lattice& l, const InteractionList& list) {
    for (std::size_t s = 0; s < list.sites.size(); ++s)
        for (const Bond& b : list.sites[s]) {
            if (b.to.site != static_cast<int>(s)) continue;
            const int d[3] = {b.to.dx, b.to.dy, b.to.dz};
            bool self = true;
            int axis = 0;
            for (int a = 0; a < 3; ++a) {
                if (d[a] == 0) continue;
                if (!l.periodic[a] || d[a] % l.cells[a] != 0) self = false;
                axis = a;
            }
            if (self)
                throw Error("the periodic box is too small for the exchange bonds: along " +
                            std::string(1, "xyz"[axis]) + " it has " +
                            std::to_string(l.cells[axis]) + " cell(s), and a bond of site " +
                            std::to_string(s) + " reaches " + std::to_string(std::abs(d[axis])) +
                            " cells, so an atom would interact with itself; make "
                            "dimensions:system-size larger");
        }
}

}  // namespace

namespace {

// The box in cells of l.cell_size along each axis, from the structure's system size. Sizes from
// the input are checked before any arithmetic on them can overflow: global ids are 64-bit, and
// every site of the box gets one.
void size_box(Lattice& l, const StructureSection& st) {
    constexpr std::int64_t max_id_space = std::int64_t(1) << 62;
    const char* xyz = "xyz";
    std::int64_t ids = static_cast<std::int64_t>(l.basis.size());
    for (int a = 0; a < 3; ++a) {
        const double ratio = st.system_size[a] / l.cell_size[a];
        const std::string keys = std::string("dimensions:system-size-") + xyz[a] +
                                 " / dimensions:unit-cell-size-" + xyz[a];
        if (!(ratio < 1e12))
            throw Error("the system is too large: " + keys + " gives " + std::to_string(ratio) +
                        " unit cells along " + xyz[a] + " (at most 1e12)");
        l.cells[a] = cells_along(st.system_size[a], l.cell_size[a]);
        if (!st.single_spin && __builtin_mul_overflow(ids, l.cells[a], &ids)) ids = INT64_MAX;
    }
    if (!st.single_spin && ids > max_id_space)
        throw Error("the system is too large: " + std::to_string(l.cells[0]) + " x " +
                    std::to_string(l.cells[1]) + " x " + std::to_string(l.cells[2]) +
                    " unit cells of " + std::to_string(l.basis.size()) +
                    " sites (dimensions:system-size over dimensions:unit-cell-size) are more "
                    "than the 2^62 atoms global ids can number");
}

}  // namespace

Lattice make_lattice(const SystemSettings& c) {
    Lattice l;
    l.crystal = c.structure.crystal;
    const CrystalCell& cell = crystal_cell(c.structure.crystal);
    for (int a = 0; a < 3; ++a)  // the real cell: normalised dimensions x unit-cell-size
        l.cell_size[a] = c.unit_cell_file.given() ? c.structure.unit_cell[a]
                                                  : cell.dimensions[a] * c.structure.unit_cell[a];
    l.periodic = c.structure.periodic;
    l.basis = basis_of(c.structure.crystal);
    if (c.unit_cell_file.given()) {  // the parser set c.structure.unit_cell to the file's cell
        l.from_file = true;
        l.basis.clear();
        for (const UnitCellFile::Atom& a : c.unit_cell_file.atoms) {
            l.basis.push_back(a.position);
            l.category.push_back(a.category + 1);
        }
    } else {
        l.category = cell.category;
    }
    size_box(l, c.structure);
    // The first shell: a built-in crystal's by VAMPIRE's cutoff on the ideal cell (so the
    // topology does not change when unit-cell-size-x/y/z strain the cell), a unit-cell file's
    // geometrically on its cell (only for sizes and tests: its bonds are the file's).
    if (l.from_file)
        l.neighbours = first_shell(l.basis, l.cell_size);
    else
        l.neighbours = nearest_neighbour_bonds(l.basis, cell.dimensions, cell.r_nn).offsets();
    if (c.structure.single_spin) {
        l.crystal = CrystalStructure::sc;
        l.cells = {1, 1, 1};
        l.periodic = {false, false, false};
        l.basis = basis_of(CrystalStructure::sc);
        l.category = {1};
        l.neighbours.assign(1, {});
        l.single_spin = true;
    }
    if (l.from_file)
        l.exchange = interactions_from_file(c.unit_cell_file);
    else if (l.single_spin)
        l.exchange.sites.resize(1);  // one atom, no bonds
    else
        l.exchange = bonds_within_range(c.exchange, l.basis, exchange_categories(c),
                                        cell.dimensions, cell.r_nn, c.exchange.interaction_range);
    if (!l.from_file) check_shells_in_range(c, l.exchange);
    if (l.from_file && c.unit_cell_file.has_biquadratic)
        l.biquadratic = interactions_from_file(c.unit_cell_file, true);
    else if (!l.from_file && !l.single_spin && has_biquadratic(c))
        l.biquadratic = l.exchange;  // the same bonds, weights and shells (VAMPIRE's template)
    else
        l.biquadratic.sites.resize(l.basis.size());
    check_self_bonds(l, l.exchange);
    check_self_bonds(l, l.biquadratic);
    l.n_atoms = l.id_space();
    for (int a = 0; a < 3; ++a) {
        const double whole = l.cells[a] * l.cell_size[a];
        l.extent[a] = l.periodic[a] || l.single_spin ? whole : c.structure.system_size[a];
        // A size within cells_along's tolerance of whole cells keeps them all.
        l.cut[a] =
            !l.periodic[a] && !l.single_spin && c.structure.system_size[a] < whole * (1 - 1e-6);
    }
    if (l.cut[0] || l.cut[1] || l.cut[2]) l.n_atoms = count_present(l);
    if (c.structure.particle_shape != ParticleShape::none) {
        l.particle.shape = c.structure.particle_shape;
        l.particle.radius = 0.5 * c.structure.particle_size;
        // VAMPIRE's centre: of dimensions:system-size on an open axis (which may end inside
        // the last cell), of the whole cells on a periodic one (VAMPIRE rounds those up).
        l.particle.origin =
            nearest_site(l, {0.5 * l.extent[0], 0.5 * l.extent[1], 0.5 * l.extent[2]});
        l.particle.parameters = c.structure.particle;
        l.particle.box_height = l.extent[2];
        // VAMPIRE's create:particle-centre-offset: half a cell further along each axis, when
        // the box is more than two cells across.
        const Vec3& size = l.extent;
        if (c.structure.particle.centre_offset && 2 * l.cell_size[0] < size[0] &&
            2 * l.cell_size[1] < size[1] && 2 * l.cell_size[2] < size[2])
            for (int a = 0; a < 3; ++a)
                l.particle.origin[a] += 0.5 * l.cell_size[a];
        if (c.structure.particle.array != ParticleParameters::Array::none)
            place_particle_array(l, c.structure.particle_size);
        l.n_atoms = count_present(l);
        if (l.n_atoms == 0)
            throw Error("the particle (create:" + std::string(word_of(l.particle.shape)) +
                        ") holds no atom of the lattice: make dimensions:particle-size larger");
    }
    bool removes = false;
    for (const MaterialConfig& m : c.materials) {
        l.removed.push_back(m.removed);
        removes = removes || m.removed;
    }
    if (removes || leaves_vacancies(c, l)) {
        l.removal = std::make_shared<const MaterialMap>(c, l);
        l.n_atoms = count_present(l);
        if (l.n_atoms == 0)
            throw Error(removes ? "every atom of the system is of a material with non-magnetic = "
                                  "remove, or left empty by material[i]:density or the core-shell "
                                  "rules"
                                : "every site is left empty by material[i]:density or the "
                                  "core-shell rules (no shell admits a site of the particle)");
    }
    return l;
}

SitePlanes site_planes(const std::vector<Vec3>& basis, int axis) {
    SitePlanes p;
    const auto a = static_cast<std::size_t>(axis);
    for (const Vec3& b : basis)
        p.planes.push_back(b[a]);
    std::sort(p.planes.begin(), p.planes.end());
    p.planes.erase(std::unique(p.planes.begin(), p.planes.end(),
                               [](double x, double y) { return std::abs(x - y) < 1e-9; }),
                   p.planes.end());
    for (const Vec3& b : basis)
        for (std::size_t k = 0; k < p.planes.size(); ++k)
            if (std::abs(p.planes[k] - b[a]) < 1e-9) {
                p.of_site.push_back(static_cast<int>(k));
                break;
            }
    return p;
}

bool Lattice::removed_at(std::int64_t gid) const {
    const MaterialMap::Site s = removal->site(gid);
    return s.vacant || removed[static_cast<std::size_t>(s.material)] != 0;
}

std::vector<SiteOffsets> neighbour_shells(const Lattice& l, int shells) {
    if (l.single_spin)
        return std::vector<SiteOffsets>(static_cast<std::size_t>(shells), SiteOffsets(1));
    return shells_of(l.basis, l.cell_size, shells);
}

int widest(const SiteOffsets& offsets) {
    std::size_t w = 0;
    for (const auto& site : offsets)
        w = std::max(w, site.size());
    return static_cast<int>(w);
}

std::array<int, 3> cell_reach(const SiteOffsets& offsets) {
    std::array<int, 3> r{0, 0, 0};
    for (const auto& site : offsets)
        for (const NeighbourOffset& o : site) {
            r[0] = std::max(r[0], std::abs(o.dx));
            r[1] = std::max(r[1], std::abs(o.dy));
            r[2] = std::max(r[2], std::abs(o.dz));
        }
    return r;
}

}  // namespace miniasd
