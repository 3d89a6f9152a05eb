#include "system/local_system.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <unordered_map>
#include <utility>

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
    std::int64_t key;  // storage_key(gid)
};

// The position of an atom in the order owned atoms are stored in (rows of cells, each site by
// site along x), as a number that any rank computes from the global id alone. Ghosts from one
// owner and the atoms that owner sends are both ordered by it: a layer of ghosts then lies like
// the owned rows beside it, so a boundary atom reads its ghost neighbours at the same offsets as
// the rest of its row (stencil runs continue through the subdomain's faces), and the sender's
// list is in its own storage order (packing reads memory in sequence).
std::int64_t storage_key(const Lattice& lat, std::int64_t gid) {
    std::int64_t cx, cy, cz;
    int s;
    lat.decode(gid, cx, cy, cz, s);
    return ((cz * lat.cells[1] + cy) * lat.sites() + s) * lat.cells[0] + cx;
}

// The rank's block of cells: its ranges, and the walks over its sites and their neighbours.
struct Block {
    const Lattice& lat;
    const parallel::ProcessGrid& grid;
    const SiteOffsets& offsets;
    const SiteOffsets& observed;  // ghosts only (no column): what observables read
    parallel::CellRange rx, ry, rz;
    std::int64_t bx, by, bz;
    int sites;

    Block(const Lattice& l, const parallel::ProcessGrid& g, const SiteOffsets& o,
          const SiteOffsets& seen)
        : lat(l),
          grid(g),
          offsets(o),
          observed(seen),
          rx(g.owned(0)),
          ry(g.owned(1)),
          rz(g.owned(2)),
          bx(rx.size()),
          by(ry.size()),
          bz(rz.size()),
          sites(l.sites()) {}

    std::int64_t size() const { return bx * by * bz * sites; }  // sites, present or not

    // Calls f(column, k, -1, -1) for each offset of site s of cell (cx, cy, cz) whose atom is
    // owned here (k its block index) and f(column, -1, gid, owner) for one on another rank, in
    // the offsets' order. Absent sites (outside a particle cut, Lattice::present) and open
    // boundaries give no neighbour: their column stays the null atom.
    // With `of` = observed, the observed offsets instead (col their index there).
    template <class F>
    void visit(std::int64_t cx, std::int64_t cy, std::int64_t cz, int s, F&& f) const {
        visit(offsets, cx, cy, cz, s, std::forward<F>(f));
    }
    template <class F>
    void visit(const SiteOffsets& of, std::int64_t cx, std::int64_t cy, std::int64_t cz, int s,
               F&& f) const {
        if (static_cast<std::size_t>(s) >= of.size()) return;
        for (int col = 0; col < static_cast<int>(of[s].size()); ++col) {
            const NeighbourOffset& o = of[s][static_cast<std::size_t>(col)];
            std::int64_t nx = cx + o.dx, ny = cy + o.dy, nz = cz + o.dz;
            if (!wrap(nx, lat.cells[0], lat.periodic[0]) ||
                !wrap(ny, lat.cells[1], lat.periodic[1]) ||
                !wrap(nz, lat.cells[2], lat.periodic[2]) || !lat.present(nx, ny, nz, o.site))
                continue;
            if (nx >= rx.begin && nx < rx.end && ny >= ry.begin && ny < ry.end && nz >= rz.begin &&
                nz < rz.end)
                f(col,
                  (((nz - rz.begin) * by + (ny - ry.begin)) * bx + (nx - rx.begin)) * sites +
                      o.site,
                  std::int64_t{-1}, -1);
            else
                f(col, std::int64_t{-1}, lat.gid(nx, ny, nz, o.site),
                  grid.owner_of_cell(nx, ny, nz));
        }
    }

    // f(block index, cx, cy, cz, site) in block order.
    template <class F>
    void for_each_site(F&& f) const {
        std::int64_t k = 0;
        for (std::int64_t lz = 0; lz < bz; ++lz)
            for (std::int64_t ly = 0; ly < by; ++ly)
                for (std::int64_t lx = 0; lx < bx; ++lx)
                    for (int s = 0; s < sites; ++s, ++k)
                        f(k, rx.begin + lx, ry.begin + ly, rz.begin + lz, s);
    }
};

// Pass 1 of the build: which sites hold atoms, which have neighbours on other ranks (boundary),
// the ghosts. The neighbours themselves are found again in pass 2, once local indices exist:
// storing them here would double the set-up's peak memory.
struct Scan {
    std::vector<char> boundary, here;
    std::vector<Ghost> ghosts;
    std::unordered_map<std::int64_t, std::int64_t> ghost_number;  // gid -> index in ghosts
};

Scan scan_block(const Block& b) {
    Scan scan;
    scan.boundary.assign(b.size(), 0);
    scan.here.assign(b.size(), 0);
    b.for_each_site([&](std::int64_t k, std::int64_t cx, std::int64_t cy, std::int64_t cz, int s) {
        scan.here[k] = b.lat.present(cx, cy, cz, s);
        if (!scan.here[k]) return;
        auto ghost = [&](std::int64_t g, int owner) {
            auto [it, fresh] =
                scan.ghost_number.emplace(g, static_cast<std::int64_t>(scan.ghosts.size()));
            if (!fresh) return;
            if (scan.ghosts.size() >= std::size_t(INT_MAX) - 1)
                throw LocalError("too many ghost atoms on one rank for 32-bit local indices");
            scan.ghosts.push_back({g, owner, storage_key(b.lat, g)});
        };
        b.visit(cx, cy, cz, s, [&](int, std::int64_t owned, std::int64_t g, int owner) {
            if (owned >= 0) return;
            scan.boundary[k] = 1;
            ghost(g, owner);
        });
        // An observed offset's atom is a ghost too, but the field never reads it: the atom
        // stays a core atom (computed while the halo is in flight).
        b.visit(b.observed, cx, cy, cz, s, [&](int, std::int64_t owned, std::int64_t g, int owner) {
            if (owned < 0) ghost(g, owner);
        });
    });
    return scan;
}

// Owned order: core atoms then boundary atoms, each row of cells (fixed y and z) site by site:
// the row's site-0 atoms along x, then its site-1 atoms, and so on. Atoms of one site then lie
// next to each other with every neighbour at the same offset, so the exchange reads neighbours
// with contiguous vector loads (stencil runs of period 1). Global ids stay those of the lattice
// coordinates; only the storage order differs from them. Returns each block site's local index
// (-1 where no atom is) and counts the core atoms.
std::vector<std::int32_t> order_owned(const Block& b, const Scan& scan, std::int64_t& n_core) {
    std::vector<std::int32_t> local_of_block(b.size(), -1);
    std::int32_t next = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (std::int64_t row = 0; row < b.by * b.bz; ++row)
            for (int s = 0; s < b.sites; ++s)
                for (std::int64_t lx = 0; lx < b.bx; ++lx) {
                    const std::int64_t k = (row * b.bx + lx) * b.sites + s;
                    if (scan.here[k] && scan.boundary[k] == pass) local_of_block[k] = next++;
                }
    n_core = 0;
    for (std::int64_t k = 0; k < b.size(); ++k)
        n_core += scan.here[k] && !scan.boundary[k];
    return local_of_block;
}

// Ghost order: by owner rank, then storage key (the owner's send order).
std::vector<std::int64_t> order_ghosts(const std::vector<Ghost>& ghosts) {
    std::vector<std::int64_t> order(ghosts.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<std::int64_t>(i);
    std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        const Ghost &ga = ghosts[a], &gb = ghosts[b];
        return ga.owner != gb.owner ? ga.owner < gb.owner : ga.key < gb.key;
    });
    return order;
}

// The halo plan. Send lists: every owned atom with a neighbour (or an observed atom) on rank r
// goes to r, once, in the storage order the receiver's ghosts are in. `sends`: (rank, owned
// local index) of every such link, repeats allowed. The offsets are symmetric (the terms' are, and
// observers give theirs both ways), so what this rank needs from r, r needs from this rank.
std::vector<parallel::HaloPeer> plan_halo(const Lattice& lat, const LocalSystem& sys,
                                          const std::vector<Ghost>& ghosts,
                                          const std::vector<std::int64_t>& order,
                                          const std::vector<std::pair<int, std::int32_t>>& sends,
                                          int me) {
    const std::int64_t n_owned = sys.n_owned;
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
    for (const auto& [owner, l] : sends) {
        std::vector<std::int32_t>& send = peers[owner].send;
        if (send.empty() || send.back() != l) send.push_back(l);
    }
    std::vector<parallel::HaloPeer> out;
    for (auto& [rank, p] : peers) {
        std::vector<std::pair<std::int64_t, std::int32_t>> keyed;  // (storage key, local index)
        for (const std::int32_t l : p.send)
            keyed.emplace_back(storage_key(lat, sys.gid[l]), l);
        std::sort(keyed.begin(), keyed.end());
        keyed.erase(std::unique(keyed.begin(), keyed.end()), keyed.end());
        p.send.clear();
        for (const auto& k : keyed)
            p.send.push_back(k.second);
        if (p.rank == me) throw LocalError("internal error: a rank is its own halo peer");
        out.push_back(std::move(p));
    }
    return out;
}

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
    return build_local_system(lat, grid, materials, lat.neighbours);
}

LocalSystem build_local_system(const Lattice& lat, const parallel::ProcessGrid& grid,
                               const MaterialMap& materials, const SiteOffsets& offsets,
                               const SiteOffsets& observed) {
    if (offsets.size() != static_cast<std::size_t>(lat.sites()))
        throw LocalError("internal error: interaction offsets for " +
                         std::to_string(offsets.size()) + " sites on a lattice of " +
                         std::to_string(lat.sites()));
    const Block block(lat, grid, offsets, observed);
    if (block.size() > INT_MAX / 2)
        throw LocalError("too many atoms on one rank for 32-bit local indices; use more ranks");

    const Scan scan = scan_block(block);
    const std::int64_t n_owned = std::count(scan.here.begin(), scan.here.end(), 1);
    LocalSystem sys;
    sys.n_owned = n_owned;
    sys.n_global = lat.atoms();
    sys.n_local = n_owned + static_cast<std::int64_t>(scan.ghosts.size());
    // One column per offset (the most of any site): a term finds its neighbours in fixed columns.
    sys.width = widest(offsets);
    if (sys.n_local > INT_MAX)
        throw LocalError("too many atoms and ghosts on one rank for 32-bit local indices");

    const std::vector<std::int32_t> local_of_block = order_owned(block, scan, sys.n_core);
    const std::vector<std::int64_t> order = order_ghosts(scan.ghosts);
    std::vector<std::int32_t> local_of_ghost(scan.ghosts.size());
    sys.gid.resize(sys.n_local);
    block.for_each_site(
        [&](std::int64_t k, std::int64_t cx, std::int64_t cy, std::int64_t cz, int s) {
            if (scan.here[k]) sys.gid[local_of_block[k]] = lat.gid(cx, cy, cz, s);
        });
    for (std::size_t i = 0; i < order.size(); ++i) {
        const auto l = static_cast<std::int32_t>(n_owned + static_cast<std::int64_t>(i));
        local_of_ghost[order[i]] = l;
        sys.gid[l] = scan.ghosts[order[i]].gid;
    }
    sys.material.resize(sys.n_local);
    for (std::int64_t l = 0; l < sys.n_local; ++l)
        sys.material[l] = materials.of(sys.gid[l]);

    // Pass 2: the interaction table in local order; absent neighbours are the null atom.
    sys.null_atom = static_cast<std::int32_t>(sys.n_local);
    sys.material.push_back(0);
    sys.nbr.assign(static_cast<std::size_t>(sys.width) * n_owned, sys.null_atom);
    std::vector<std::pair<int, std::int32_t>> sends;  // (rank, owned atom) of each link out
    block.for_each_site([&](std::int64_t k, std::int64_t cx, std::int64_t cy, std::int64_t cz,
                            int s) {
        if (!scan.here[k]) return;
        const std::int64_t l = local_of_block[k];
        block.visit(cx, cy, cz, s, [&](int col, std::int64_t owned, std::int64_t g, int owner) {
            sys.nbr[std::int64_t(col) * n_owned + l] =
                owned >= 0 ? local_of_block[owned] : local_of_ghost[scan.ghost_number.at(g)];
            if (owned < 0) sends.emplace_back(owner, static_cast<std::int32_t>(l));
        });
        block.visit(observed, cx, cy, cz, s, [&](int, std::int64_t owned, std::int64_t, int owner) {
            if (owned < 0) sends.emplace_back(owner, static_cast<std::int32_t>(l));
        });
    });

    sys.peers = plan_halo(lat, sys, scan.ghosts, order, sends, grid.rank_of(grid.coords));
    return sys;
}

}  // namespace miniasd
