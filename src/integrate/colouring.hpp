// A colouring of the lattice for parallel Monte Carlo: no two interacting atoms share a colour,
// so all atoms of one colour can be updated at once, in any order, on any rank and thread, and
// the result cannot depend on the decomposition. A colour is a function of the global id alone.
// Which atoms interact is the Hamiltonian's reach (the offsets of its neighbour table), not the
// crystal. The first colouring below that is proper for those offsets is used:
//   1. several sites per cell: the basis site (enough for a first shell of bcc and fcc);
//   2. one site: the parity of cx + cy + cz; an odd periodic axis needs a third colour at its
//      last cell, and then colour = (ax + ay + az) mod 3 with a = 0, 1 alternating and 2 there;
//   3. any reach: cells are put in classes per axis, c mod k with k = (cell reach + 1) (the last
//      L mod k cells of a periodic axis each a class of their own, so the wrap never joins two
//      atoms of one class), and the classes x sites are coloured greedily, in order, by the links
//      between them. Two linked atoms are never in one class, so the colouring is proper.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "system/lattice.hpp"

namespace miniasd {

class Colouring {
  public:
    // `offsets`: per basis site, the neighbours that interact (Hamiltonian::reach().offsets()).
    // Throws Error (every rank agrees: it depends on the lattice alone) when no colouring is
    // proper, e.g. a periodic axis shorter than the reach, where an atom is its own neighbour.
    Colouring(const Lattice& lattice, const SiteOffsets& offsets);
    int colours() const { return colours_; }
    int of(std::int64_t gid) const;
    enum class Scheme { by_site, parity, classes };
    Scheme scheme() const { return scheme_; }

  private:
    int axis_colour(int axis, std::int64_t c) const;
    int axis_class(int axis, std::int64_t c) const;
    int vertex(std::int64_t cx, std::int64_t cy, std::int64_t cz, int site) const;
    void colour_classes(const SiteOffsets& offsets);
    // The first linked pair of atoms with one colour, as a message; "" when the colouring is
    // proper.
    std::string conflict(const SiteOffsets& offsets) const;

    const Lattice* lattice_;
    std::array<int, 3> reach_;  // the offsets' largest cell displacement per axis
    Scheme scheme_ = Scheme::by_site;
    int colours_ = 0;
    std::array<bool, 3> odd_periodic_{};  // parity: axis needs the third colour at its last cell
    std::array<std::int64_t, 3> period_{}, main_{}, classes_{};  // classes: per axis
    std::vector<int> class_colour_;                              // classes: per vertex
};

}  // namespace miniasd
