// Which material sits at each lattice site: the first material, in index order, whose
// unit-cell-category and height range contain the site. Heights are fractions of the system
// height (z); a range is [minimum, maximum), and maximum = 1 includes the top. The parser has
// already checked that every site at every height has a material.
#pragma once

#include <cstdint>
#include <vector>

#include "input/config.hpp"
#include "system/lattice.hpp"

namespace miniasd {

class MaterialMap {
  public:
    MaterialMap(const Config& c, const Lattice& l);
    // 0-based material index of the atom with this global id.
    int of(std::int64_t gid) const;

  private:
    const Lattice* lattice_;
    std::vector<std::int32_t> by_layer_site_;  // [cz * sites + site]
};

}  // namespace miniasd
