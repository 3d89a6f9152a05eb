#include "system/memory_estimate.hpp"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

#include "util/error.hpp"

namespace miniasd {

namespace {
constexpr double process_bytes = 20e6;  // libraries, MPI, buffers: measured ~19 MB here
}

MemoryEstimate estimate_memory(const Lattice& l, int ranks, int materials, int columns,
                               int ghost_depth, bool dipolar) {
    MemoryEstimate m;
    const double first_shell = l.neighbours.empty() ? 0.0 : double(l.neighbours[0].size());
    const double width = columns < 0 ? first_shell : double(columns);
    m.atoms_per_rank = double(l.atoms()) / double(ranks > 0 ? ranks : 1);
    // A cubic block of side L cells has about 6 d L^2 cells of ghosts, d cells deep; L from the
    // atoms per rank.
    if (ranks > 1) {
        const double side = std::cbrt(m.atoms_per_rank / double(l.sites()));
        m.ghosts_per_rank = std::min(
            m.atoms_per_rank, 6.0 * std::max(1, ghost_depth) * side * side * double(l.sites()));
    }
    // Peak of two phases (measured at 1M atoms, one rank, above the process's ~22 MB: sc 91,
    // bcc 91, fcc 105 B/atom). Set-up: the 32-bit neighbour table (4 B per neighbour) while the
    // spins, ids, materials and the exchange term's compact form are built, about 57 B + 4 B per
    // neighbour. The run: spins and predicted spins (24 B each, ghosts included), the thermal
    // field, ids, materials and the exchange term's compact neighbours, about 91 B, plus the
    // table when several materials keep it.
    const double run = 91.0 + (materials > 1 || width > first_shell ? 4.0 * width : 0.0);
    m.bytes_per_atom = std::max(run, 57.0 + 4.0 * width);
    if (dipolar) {
        // dipole/: the grid padded to about 2n per axis, px/2 + 1 complex values along x. The
        // transformed kernel (6 components per pair of sites), the 3 s spectral grids, and while
        // they are transformed about as much again in the slab and the two message buffers,
        // plus the 3 s real grids of moments and fields.
        const double s = l.sites();
        const double points = double(l.cells[0] + 1) * 2.0 * double(l.cells[1]) * 2.0 *
                              double(l.cells[2]);  // per grid
        const double complex_grids = 6.0 * s * (s + 1) / 2 + 3.0 * s + 3.0 * 3.0 * s / 2;
        const double total = 16.0 * points * complex_grids +
                             2.0 * 8.0 * 3.0 * s * double(l.cells[0] * l.cells[1] * l.cells[2]);
        m.dipole_bytes_per_rank = total / double(ranks > 0 ? ranks : 1);
    }
    m.bytes_per_rank = m.atoms_per_rank * m.bytes_per_atom + m.ghosts_per_rank * 60.0 +
                       m.dipole_bytes_per_rank + process_bytes;
    return m;
}

void check_memory(const Lattice& l, const MemoryEstimate& m, int ranks_on_node, double node_bytes) {
    const std::string sizes = std::to_string(l.cells[0]) + " x " + std::to_string(l.cells[1]) +
                              " x " + std::to_string(l.cells[2]) + " unit cells (" +
                              std::to_string(l.atoms()) +
                              " atoms; dimensions:system-size over dimensions:unit-cell-size)";
    // Local indices are 32-bit (the neighbour table); the set-up also counts sites of a block.
    if (m.atoms_per_rank + m.ghosts_per_rank > double(INT_MAX / 2))
        throw Error(sizes + " need about " + describe(m) +
                    ", more atoms on one rank than its 32-bit local indices allow: use at least " +
                    std::to_string(static_cast<long long>(
                        std::ceil(double(l.atoms()) / double(INT_MAX / 4)))) +
                    " ranks");
    if (node_bytes > 0 && m.bytes_per_rank * ranks_on_node > node_bytes)
        throw Error(sizes + " need about " + describe(m) + "; the " +
                    std::to_string(ranks_on_node) + " rank(s) on this node would need " +
                    std::to_string(static_cast<long long>(m.bytes_per_rank * ranks_on_node / 1e9)) +
                    " GB but it has " + std::to_string(static_cast<long long>(node_bytes / 1e9)) +
                    " GB: use more nodes or a smaller system");
}

double node_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGE_SIZE);
    return pages > 0 && size > 0 ? double(pages) * double(size) : 0.0;
}

std::string describe(const MemoryEstimate& m) {
    char b[160];
    const bool gb = m.bytes_per_rank >= 1e10;
    std::snprintf(b, sizeof b, "%.0f %s per rank (%.0f atoms, %.0f B each, + %.0f MB)",
                  m.bytes_per_rank / (gb ? 1e9 : 1e6), gb ? "GB" : "MB", m.atoms_per_rank,
                  m.bytes_per_atom, (m.ghosts_per_rank * 60.0 + process_bytes) / 1e6);
    std::string out = b;
    if (m.dipole_bytes_per_rank > 0) {
        std::snprintf(b, sizeof b, ", of which the dipolar field %.0f MB",
                      m.dipole_bytes_per_rank / 1e6);
        out += b;
    }
    return out;
}

}  // namespace miniasd
