#include "system/local_system.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <unordered_map>

#include "util/error.hpp"

namespace miniasd {

namespace {

// Wraps a cell coordinate on a periodic axis; returns false when it falls off an open one.
bool wrap(std::int64_t& c, std::int64_t n, bool periodic) {
    if (c >= 0 && c < n) return true;
    if (!periodic) return false;
    c = ((c % n) + n) % n;
    return true;
}

struct Ghost {
    std::int64_t gid;
    int owner;
};

}  // namespace

std::vector<std::int32_t> LocalSystem::neighbours_of(std::int64_t i) const {
    if (nbr.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(n_owned))
        throw LocalError("neighbours_of: the neighbour table was released");
    std::vector<std::int32_t> out;
    for (int k = 0; k < width; ++k)
        if (neighbour(i, k) != null_atom) out.push_back(neighbour(i, k));
    return out;
}

LocalSystem build_local_system(const Lattice& lat, const parallel::ProcessGrid& grid,
                               const MaterialMap& materials) {
    const parallel::CellRange rx = grid.owned(0), ry = grid.owned(1), rz = grid.owned(2);
    const std::int64_t bx = rx.size(), by = ry.size(), bz = rz.size();
    const int sites = lat.sites();
    const std::int64_t n_block = bx * by * bz * sites;  // sites of the block, present or not
    if (n_block > INT_MAX / 2)
        throw LocalError("too many atoms on one rank for 32-bit local indices; use more ranks");
    const int me = grid.rank_of(grid.coords);

    // Pass 1: neighbours in block order. An owned neighbour is coded by its block index k >= 0,
    // a ghost by -(ghost number + 1).
    // Sites outside a particle cut (Lattice::present) hold no atom: no local index, no links.
    std::vector<std::int64_t> start(n_block + 1, 0);
    std::vector<std::int32_t> code;  // 32-bit: the set-up's peak memory is mostly this table
    code.reserve(n_block * lat.neighbours[0].size());
    std::vector<char> boundary(n_block, 0), here(n_block, 0);
    std::vector<Ghost> ghosts;
    std::unordered_map<std::int64_t, std::int64_t> ghost_number;
    std::vector<std::int64_t> block_gid(n_block);

    std::int64_t k = 0;
    for (std::int64_t lz = 0; lz < bz; ++lz)
        for (std::int64_t ly = 0; ly < by; ++ly)
            for (std::int64_t lx = 0; lx < bx; ++lx)
                for (int s = 0; s < sites; ++s, ++k) {
                    const std::int64_t cx = rx.begin + lx, cy = ry.begin + ly, cz = rz.begin + lz;
                    block_gid[k] = lat.gid(cx, cy, cz, s);
                    here[k] = lat.present(cx, cy, cz, s);
                    start[k + 1] = static_cast<std::int64_t>(code.size());
                    if (!here[k]) continue;
                    for (const NeighbourOffset& o : lat.neighbours[s]) {
                        std::int64_t nx = cx + o.dx, ny = cy + o.dy, nz = cz + o.dz;
                        if (!wrap(nx, lat.cells[0], lat.periodic[0]) ||
                            !wrap(ny, lat.cells[1], lat.periodic[1]) ||
                            !wrap(nz, lat.cells[2], lat.periodic[2]) ||
                            !lat.present(nx, ny, nz, o.site))
                            continue;
                        if (nx >= rx.begin && nx < rx.end && ny >= ry.begin && ny < ry.end &&
                            nz >= rz.begin && nz < rz.end) {
                            code.push_back(static_cast<std::int32_t>(
                                (((nz - rz.begin) * by + (ny - ry.begin)) * bx + (nx - rx.begin)) *
                                    sites +
                                o.site));
                            continue;
                        }
                        const std::int64_t g = lat.gid(nx, ny, nz, o.site);
                        auto [it, fresh] =
                            ghost_number.emplace(g, static_cast<std::int64_t>(ghosts.size()));
                        if (fresh) {
                            if (ghosts.size() >= std::size_t(INT_MAX) - 1)
                                throw LocalError(
                                    "too many ghost atoms on one rank for 32-bit local indices");
                            ghosts.push_back({g, grid.owner_of_cell(nx, ny, nz)});
                        }
                        code.push_back(static_cast<std::int32_t>(-(it->second + 1)));
                        boundary[k] = 1;
                    }
                    start[k + 1] = static_cast<std::int64_t>(code.size());
                }

    // The set-up's memory peaks while the table is filled below: free what is no longer needed.
    std::unordered_map<std::int64_t, std::int64_t>().swap(ghost_number);
    const std::int64_t n_owned = std::count(here.begin(), here.end(), 1);
    LocalSystem sys;
    sys.n_owned = n_owned;
    sys.n_global = lat.atoms();
    sys.n_local = n_owned + static_cast<std::int64_t>(ghosts.size());
    if (sys.n_local > INT_MAX)
        throw LocalError("too many atoms and ghosts on one rank for 32-bit local indices");

    // Owned order: core atoms then boundary atoms, each row of cells (fixed y and z) site by site:
    // the row's site-0 atoms along x, then its site-1 atoms, and so on. Atoms of one site then
    // lie next to each other with every neighbour at the same offset, so the exchange reads
    // neighbours with contiguous vector loads (stencil runs of period 1). Global ids stay those of
    // the lattice coordinates; only the storage order differs from them.
    std::vector<std::int32_t> local_of_block(n_block, -1);
    std::int32_t next = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (std::int64_t row = 0; row < by * bz; ++row)
            for (int s = 0; s < sites; ++s)
                for (std::int64_t lx = 0; lx < bx; ++lx) {
                    const std::int64_t b = (row * bx + lx) * sites + s;
                    if (here[b] && boundary[b] == pass) local_of_block[b] = next++;
                }
    sys.n_core = 0;
    for (std::int64_t b = 0; b < n_block; ++b)
        sys.n_core += here[b] && !boundary[b];

    // Ghost order: by owner rank, then global id.
    std::vector<std::int64_t> order(ghosts.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<std::int64_t>(i);
    std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        const Ghost &ga = ghosts[a], &gb = ghosts[b];
        return ga.owner != gb.owner ? ga.owner < gb.owner : ga.gid < gb.gid;
    });
    std::vector<std::int32_t> local_of_ghost(ghosts.size());
    sys.gid.resize(sys.n_local);
    for (std::int64_t b = 0; b < n_block; ++b)
        if (here[b]) sys.gid[(local_of_block[b])] = block_gid[b];
    for (std::size_t i = 0; i < order.size(); ++i) {
        const auto l = static_cast<std::int32_t>(n_owned + static_cast<std::int64_t>(i));
        local_of_ghost[order[i]] = l;
        sys.gid[l] = ghosts[order[i]].gid;
    }
    std::vector<std::int64_t>().swap(block_gid);
    sys.material.resize(sys.n_local);
    for (std::int64_t l = 0; l < sys.n_local; ++l)
        sys.material[l] = materials.of(sys.gid[l]);

    // Interaction table in local order, padded to the widest atom with the null atom.
    sys.null_atom = static_cast<std::int32_t>(sys.n_local);
    sys.material.push_back(0);
    for (std::int64_t b = 0; b < n_block; ++b)
        sys.width = std::max<int>(sys.width, static_cast<int>(start[b + 1] - start[b]));
    sys.nbr.assign(static_cast<std::size_t>(sys.width) * n_owned, sys.null_atom);
    for (std::int64_t b = 0; b < n_block; ++b) {
        if (!here[b]) continue;
        const std::int64_t l = local_of_block[b];
        for (std::int64_t j = start[b]; j < start[b + 1]; ++j) {
            const std::int64_t c = code[static_cast<std::size_t>(j)];
            sys.nbr[(j - start[b]) * n_owned + l] =
                c >= 0 ? local_of_block[c] : local_of_ghost[-c - 1];
        }
    }

    // Halo plan. Send lists: every owned atom with a neighbour on rank r goes to r, once.
    std::map<int, parallel::HaloPeer> peers;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Ghost& g = ghosts[order[i]];
        parallel::HaloPeer& p = peers[g.owner];
        if (p.ghost_count == 0) {
            p.rank = g.owner;
            p.ghost_begin = n_owned + static_cast<std::int64_t>(i);
        }
        ++p.ghost_count;
    }
    for (std::int64_t l = sys.n_core; l < n_owned; ++l) {
        for (const std::int32_t n : sys.neighbours_of(l)) {
            if (n < n_owned) continue;
            const int owner = ghosts[(order[(n - n_owned)])].owner;
            std::vector<std::int32_t>& send = peers[owner].send;
            if (send.empty() || send.back() != l) send.push_back(static_cast<std::int32_t>(l));
        }
    }
    for (auto& [rank, p] : peers) {
        std::sort(p.send.begin(), p.send.end(),
                  [&](std::int32_t a, std::int32_t b) { return sys.gid[a] < sys.gid[b]; });
        p.send.erase(std::unique(p.send.begin(), p.send.end()), p.send.end());
        if (p.rank == me) throw LocalError("internal error: a rank is its own halo peer");
        sys.peers.push_back(std::move(p));
    }
    return sys;
}

}  // namespace miniasd
