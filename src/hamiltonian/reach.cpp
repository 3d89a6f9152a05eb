#include "hamiltonian/reach.hpp"

#include <algorithm>

#include "util/error.hpp"

namespace miniasd {

std::vector<std::vector<int>> ReachUnion::add(const Reach& r) {
    std::vector<std::vector<int>> columns(offsets_.size());
    if (r.locality == Locality::non_local) non_local_ = true;
    if (r.locality != Locality::neighbours) return columns;
    if (r.offsets.size() != offsets_.size())
        throw LocalError("internal error: a term's reach has " + std::to_string(r.offsets.size()) +
                         " sites, the lattice " + std::to_string(offsets_.size()));
    for (std::size_t s = 0; s < offsets_.size(); ++s) {
        std::vector<NeighbourOffset>& mine = offsets_[s];
        for (const NeighbourOffset& o : r.offsets[s]) {
            auto at = std::find(mine.begin(), mine.end(), o);
            if (at == mine.end()) at = mine.insert(mine.end(), o);
            columns[s].push_back(static_cast<int>(at - mine.begin()));
        }
    }
    return columns;
}

std::string ReachUnion::describe() const {
    const std::array<int, 3> r = cell_reach(offsets_);
    return std::to_string(width()) + " neighbour offsets per site (cell reach " +
           std::to_string(r[0]) + " " + std::to_string(r[1]) + " " + std::to_string(r[2]) + "), " +
           (non_local_ ? "with a non-local term" : "all terms local");
}

}  // namespace miniasd
