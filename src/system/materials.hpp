// Which material sits at each lattice site (VAMPIRE's rules; places_by_rule in
// system/system_settings.hpp). First the site's own material. When some material gives
// unit-cell-category or a height range, it is the last material, in index order, that admits the
// site's category (its basis site or sublattice, or a unit-cell file's material column + 1; a
// material without a category admits every site of a built-in crystal and a file's column-0 atoms)
// and whose height range holds the site (fractions of the system height z, [minimum, maximum),
// maximum = 1 including the top). A unit-cell-file atom that no material places this way, and every
// atom when no material gives a category or height, keeps the material of its column; a built-in
// crystal's site then takes the first material. A material alloyed into a host (the j of some
// host's alloy-fraction[j]) is not placed by rule unless it has a unit-cell-category or height
// range of its own. Then random alloys: a site of an alloy host (material[i]:host-alloy) is given
// to material j with probability alloy-fraction[j], by a uniform number drawn from
// (create:alloy-random-seed, global id). So the realised alloy is a function of the seed and the
// atom's id alone: the same on any number of ranks. In a core-shell particle
// (material[i]:core-shell-size) the site's material is instead the first, by increasing
// core-shell-size then index, whose size reaches the site's shape distance from the particle centre
// and whose unit-cell-category and height range admit the site (VAMPIRE's rule; a site none admits
// holds no atom); alloying then applies as above, then dilution (material[i]:density). The parser
// has already checked that every site of a built-in crystal at every height has a material, that
// every material column of a unit-cell file names a material, and that a host's fractions add up to
// at most 1.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "system/lattice.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

class MaterialMap {
  public:
    MaterialMap(const SystemSettings& c, const Lattice& l);
    // 0-based material index of the atom with this global id.
    int of(std::int64_t gid) const { return site(gid).material; }
    // A site's material, and whether the rules leave it empty: in a core-shell particle, a site
    // that no shell reaching it admits (VAMPIRE includes only admitted sites), or, with
    // create:fill-core-shell-particles = false, one that the innermost shell reaching it does not
    // admit; a site of a material with density d < 1 whose number drawn from
    // (create:dilution-random-seed, global id) is at least d.
    struct Site {
        int material = 0;
        bool vacant = false;
    };
    Site site(std::int64_t gid) const;
    // Whether a site's material is a function of its layer and basis site alone (no alloys, no
    // core-shell particle).
    bool layered() const;

  private:
    std::shared_ptr<Lattice> lattice_;         // the geometry: cells, sites, particle
    std::vector<std::int32_t> by_layer_site_;  // [cz * sites + site]
    // Core-shell: materials in VAMPIRE's order with their size, and which (layer, site) each
    // admits ([material][cz * sites + site]); empty when no material sets core-shell-size.
    std::vector<std::pair<double, std::int32_t>> shells_;
    std::vector<std::vector<char>> admits_;
    bool fill_core_shell_ = true;
    std::uint64_t alloy_seed_ = 0;
    std::uint64_t dilution_seed_ = 0;
    std::vector<double> density_;  // [material]; empty when every material's is 1
    // Per host material: (cumulative probability, material) in index order; empty: not a host.
    std::vector<std::vector<std::pair<double, std::int32_t>>> alloy_;
};

// Whether the rules may leave a site of `l` vacant: a core-shell particle, a dilute material.
bool leaves_vacancies(const SystemSettings& c, const Lattice& l);

}  // namespace miniasd
