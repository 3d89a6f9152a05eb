// A colouring of the lattice for parallel Monte Carlo: no two interacting atoms share a colour,
// so all atoms of one colour can be updated at once, in any order, on any rank and thread, and
// the result cannot depend on the decomposition. A colour is a function of the global id alone.
//   bcc, fcc: the basis site (the nearest neighbours of a site are always other sites).
//   sc: the parity of cx + cy + cz; an odd periodic axis needs a third colour at its last cell,
//   and then colour = (ax + ay + az) mod 3 with a = 0, 1 alternating and 2 at that cell.
#pragma once

#include <cstdint>

#include "system/lattice.hpp"

namespace miniasd {

class Colouring {
  public:
    // Throws Error (every rank agrees: it depends on the lattice alone) when the lattice cannot
    // be coloured this way, e.g. a periodic axis of one cell, where an atom is its own neighbour.
    explicit Colouring(const Lattice& lattice);
    int colours() const { return colours_; }
    int of(std::int64_t gid) const;

  private:
    int axis_colour(int axis, std::int64_t c) const;

    const Lattice* lattice_;
    bool by_site_ = false;
    int colours_ = 0;
    std::array<bool, 3> odd_periodic_{};  // axis needs the third colour at its last cell
};

}  // namespace miniasd
