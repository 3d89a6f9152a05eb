// What the field of a Hamiltonian term at atom i reads: its reach. Every term declares it before
// the system is built, and everything that depends on which atoms interact is derived from the
// union of the reaches (docs/architecture.md, "Terms and their reach"):
//   the ghost atoms and so the halo (build_local_system visits the union's offsets),
//   the neighbour table's columns (one per offset of the union, per basis site),
//   the Monte Carlo colouring (no two atoms linked by an offset share a colour),
//   the fused Heun plan (the corrector window covers every offset; none when a non-local term
//     must be prepared between the stages),
//   the exchange's stencil fast path (built on the exchange's own columns).
#pragma once

#include <string>
#include <vector>

#include "system/lattice.hpp"

namespace miniasd {

enum class Locality {
    on_site,     // the field at i reads S_i only (anisotropy, Zeeman)
    neighbours,  // the field at i reads S_i and the spins at the declared offsets
    non_local,   // the field at i reads spins anywhere: a collective prepare stage first
};

struct Reach {
    Locality locality = Locality::on_site;
    SiteOffsets offsets;  // [basis site] the offsets read, in summation order (neighbours only)
};

// The union of the reaches of a Hamiltonian's terms, in the terms' order: per site, the first
// term's offsets, then each later term's offsets not yet present. So the first neighbour term
// (the exchange) owns the leading columns [0, its width) of every row.
class ReachUnion {
  public:
    explicit ReachUnion(int sites) : offsets_(static_cast<std::size_t>(sites)) {}
    // Adds a term's reach; returns, per site, the union column of each of its offsets.
    std::vector<std::vector<int>> add(const Reach& r);

    const SiteOffsets& offsets() const { return offsets_; }
    bool non_local() const { return non_local_; }
    // Columns of the neighbour table: the most offsets of any site.
    int width() const { return widest(offsets_); }
    // One line for the run's summary:
    // "8 neighbour offsets per site (cell reach 1 1 1), all terms local".
    std::string describe() const;

  private:
    SiteOffsets offsets_;
    bool non_local_ = false;
};

}  // namespace miniasd
