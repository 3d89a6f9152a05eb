#include "system/memory_estimate.hpp"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "util/error.hpp"

namespace miniasd {

namespace {
// What a process needs before any atom: the binary, its libraries, the MPI library and its
// buffers. Measured with Open MPI 4.1 as the peak of a 512-atom run: 22.5 MB alone or with one
// more rank, 25 MB from 4 ranks on a node (the shared-memory transport's segments). A network
// transport (UCX, libfabric) adds its own, which this does not know.
double process_bytes(int ranks) {
    return ranks > 2 ? 25e6 : 22.5e6;
}
}  // namespace

MemoryEstimate estimate_memory(const Lattice& l, int ranks, int materials, int columns,
                               int ghost_depth, double dipole_bytes) {
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
    m.dipole_bytes_per_rank = dipole_bytes;
    m.fixed_bytes = m.ghosts_per_rank * 60.0 + process_bytes(ranks);
    m.bytes_per_rank = m.atoms_per_rank * m.bytes_per_atom + m.ghosts_per_rank * 60.0 +
                       m.dipole_bytes_per_rank + process_bytes(ranks);
    return m;
}

void check_memory(const Lattice& l, const MemoryEstimate& m, int ranks_on_node,
                  const NodeMemory& node) {
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
    if (node.bytes > 0 && m.bytes_per_rank * ranks_on_node > node.bytes)
        throw Error(sizes + " need about " + describe(m) + "; the " +
                    std::to_string(ranks_on_node) + " rank(s) on this node would need " +
                    size_text(m.bytes_per_rank * ranks_on_node) + " but " + node.source + " " +
                    size_text(node.bytes) +
                    ": use more nodes (fewer ranks per node) or a smaller system" + node.remedy);
}

double cgroup_memory_limit(const std::string& proc_self_cgroup, const std::string& root) {
    std::istringstream groups(proc_self_cgroup);
    std::string line;
    double best = 0;
    auto consider = [&best](const std::string& file) {
        std::ifstream in(file);
        std::string text;
        if (!(in >> text) || text == "max") return;
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        // cgroup v1 writes about 9.2e18 for "no limit".
        if (end == text.c_str() || !(v > 0) || v >= 1e18) return;
        if (best == 0 || v < best) best = v;
    };
    while (std::getline(groups, line)) {
        // hierarchy-id:controllers:path; v2 has no controllers, v1's memory line names "memory"
        const auto a = line.find(':'), b = line.find(':', a + 1);
        if (a == std::string::npos || b == std::string::npos) continue;
        const std::string controllers = line.substr(a + 1, b - a - 1);
        std::string path = line.substr(b + 1);
        const bool v2 = controllers.empty();
        const bool v1_memory = ("," + controllers + ",").find(",memory,") != std::string::npos;
        if (!v2 && !v1_memory) continue;
        const std::string base = root + (v2 ? "" : "/memory");
        const std::string file = v2 ? "/memory.max" : "/memory.limit_in_bytes";
        for (;;) {  // the group, then each above it
            consider(base + (path == "/" ? "" : path) + file);
            if (path.empty() || path == "/") break;
            path = path.substr(0, path.rfind('/'));
        }
    }
    return best;
}

std::string size_text(double bytes) {
    char b[32];
    if (bytes >= 1e9)
        std::snprintf(b, sizeof b, "%.1f GB", bytes / 1e9);
    else
        std::snprintf(b, sizeof b, "%.0f MB", bytes / 1e6);
    return b;
}

NodeMemory node_memory(double limit) {
    NodeMemory m;
    const long pages = ::sysconf(_SC_PHYS_PAGES), size = ::sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && size > 0) m = {double(pages) * double(size), "this node has", ""};
    std::ifstream self("/proc/self/cgroup");
    std::stringstream text;
    text << self.rdbuf();
    const double group = cgroup_memory_limit(text.str(), "/sys/fs/cgroup");
    if (group > 0 && (m.bytes == 0 || group < m.bytes))
        m = {group, "the job's memory limit (its control group's memory.max) is", ""};
    if (limit > 0 && (m.bytes == 0 || limit < m.bytes))
        m = {limit, "sim:memory-limit allows", ", or raise sim:memory-limit"};
    return m;
}

std::string describe(const MemoryEstimate& m) {
    char b[160];
    const bool gb = m.bytes_per_rank >= 1e10;
    std::snprintf(b, sizeof b, "%.0f %s per rank (%.0f atoms, %.0f B each, + %.0f MB)",
                  m.bytes_per_rank / (gb ? 1e9 : 1e6), gb ? "GB" : "MB", m.atoms_per_rank,
                  m.bytes_per_atom, m.fixed_bytes / 1e6);
    std::string out = b;
    if (m.dipole_bytes_per_rank > 0) {
        std::snprintf(b, sizeof b, ", of which the dipolar field %.0f MB",
                      m.dipole_bytes_per_rank / 1e6);
        out += b;
    }
    if (m.output_bytes_per_rank > 0) {
        std::snprintf(b, sizeof b, "%s snapshots and checkpoints %.0f MB",
                      m.dipole_bytes_per_rank > 0 ? " and" : ", of which",
                      m.output_bytes_per_rank / 1e6);
        out += b;
    }
    return out;
}

}  // namespace miniasd
