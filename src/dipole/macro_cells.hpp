// VAMPIRE's macro-cells, for its macrocell and tensor dipole solvers (docs/physics.md, "Dipolar
// fields"): a grid of boxes of cells:macro-cell-size over the system, n = ceil((L + 0.01 A) / c)
// per axis; an atom at x belongs to box floor((x + 1e-4 A) / c). Only magnetic atoms (moment > 0)
// count. A box's position is the moment-weighted centre of its atoms, its volume the atoms'
// count times the volume per atom. The interaction tensors between boxes:
//   macrocell: the point tensor N(R_ij) between centres for i != j, zero for i = j;
//   tensor:    the same beyond dipole:cutoff-radius x the macro-cell size; closer pairs the mean
//              (1 / N_i N_j) sum_{p in i, q in j} N(r_pq), the self pair over p != q;
// with components whose square is below 1e-15 A^-6 dropped, as VAMPIRE does.
// Everything here is a function of the lattice alone: every rank builds the same boxes without
// communication, and each the tensors of the boxes holding its own atoms.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/materials.hpp"

namespace miniasd::dipole {

struct MacroCells {
    std::array<std::int64_t, 3> n{1, 1, 1};  // boxes per axis
    Vec3 size{};                             // m
    std::vector<Vec3> centre;                // m, moment-weighted; [box]
    std::vector<double> volume;              // m^3; 0 for a box without magnetic atoms
    std::vector<std::int64_t> atoms;         // magnetic atoms per box
    std::int64_t count() const { return n[0] * n[1] * n[2]; }
    std::int64_t box_of(const Vec3& r) const;  // r in m from the system's origin
    // The box index along `axis` of a coordinate x (m): box_of's rule axis by axis.
    std::int64_t index_along(int axis, double x) const;
};

// Calls f(box, position (m), moment (J/T)) for every magnetic atom (moment > 0) of the lattice,
// in global-id order.
template <typename F>
void for_each_magnetic_atom(const Lattice& l, const MaterialMap& materials,
                            const std::vector<double>& moments, const MacroCells& c, F&& f) {
    for (std::int64_t cz = 0; cz < l.cells[2]; ++cz)
        for (std::int64_t cy = 0; cy < l.cells[1]; ++cy)
            for (std::int64_t cx = 0; cx < l.cells[0]; ++cx)
                for (int s = 0; s < l.sites(); ++s) {
                    if (!l.present(cx, cy, cz, s)) continue;
                    const double mu = moments[std::size_t(materials.of(l.gid(cx, cy, cz, s)))];
                    if (mu <= 0) continue;
                    const Vec3 r = l.position(cx, cy, cz, s);
                    f(c.box_of(r), r, mu);
                }
}

// Boxes per axis of `size` (m) over the lattice: VAMPIRE's n = ceil((L + 0.01 A) / c), at least 1.
std::array<std::int64_t, 3> macro_cell_counts(const Lattice& l, const Vec3& size);

// `moments`: mu_s per material (J/T).
MacroCells make_macro_cells(const Lattice& l, const MaterialMap& materials,
                            const std::vector<double>& moments, const Vec3& size);

// The six components (xx xy xz yy yz zz, m^-3, without mu0/4pi) of the tensor from each box j
// to each box of `rows` (local boxes), [row][j][6]. near_range: pairs of boxes whose centres are
// at most this far apart (m) take the atomistic mean; 0 for the macrocell solver.
std::vector<double> macro_cell_tensors(const Lattice& l, const MaterialMap& materials,
                                       const std::vector<double>& moments, const MacroCells& cells,
                                       const std::vector<std::int64_t>& rows, double near_range);

}  // namespace miniasd::dipole
