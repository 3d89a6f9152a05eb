#include "system/materials.hpp"

#include <algorithm>
#include <memory>

#include "util/random.hpp"

namespace miniasd {

namespace {

// Whether a site at fraction h of the box's height lies in the material's height range; with
// create:multilayers = N, in the range of any of the N blocks (VAMPIRE's
// create/multilayers.cpp: (min + k) L/N <= z < (max + k) L/N).
bool holds_height(const MaterialConfig& mc, double h, std::int64_t layers) {
    if (layers <= 1)
        return h >= mc.minimum_height && (h < mc.maximum_height || mc.maximum_height >= 1.0);
    const double block = 1.0 / double(layers);
    for (std::int64_t k = 0; k < layers; ++k)
        if (h >= (mc.minimum_height + double(k)) * block &&
            h < (mc.maximum_height + double(k)) * block)
            return true;
    return false;
}

}  // namespace

bool leaves_vacancies(const SystemSettings& c, const Lattice& l) {
    return std::any_of(c.materials.begin(), c.materials.end(), [&l](const MaterialConfig& m) {
        return m.density < 1 || (m.core_shell_set && l.particle.shape != ParticleShape::none);
    });
}

MaterialMap::MaterialMap(const SystemSettings& c, const Lattice& l)
    : lattice_(std::make_shared<Lattice>(l)),
      fill_core_shell_(c.structure.fill_core_shell),
      alloy_seed_(c.structure.alloy_seed),
      dilution_seed_(c.structure.dilution_seed) {
    // Its own copy of the geometry (not the bonds, not the removal, which may be this map's), so
    // the map stays valid when the lattice it was made from is moved or gone.
    lattice_->exchange = InteractionList{};
    lattice_->neighbours.clear();
    lattice_->removal.reset();
    const int sites = l.sites();
    const std::size_t n = c.materials.size();
    const bool core_shell = l.particle.shape != ParticleShape::none &&
                            std::any_of(c.materials.begin(), c.materials.end(),
                                        [](const MaterialConfig& m) { return m.core_shell_set; });
    if (core_shell) admits_.assign(n, std::vector<char>(l.cells[2] * sites, 0));
    by_layer_site_.assign((l.cells[2] * sites), 0);
    const bool by_rule = places_by_rule(c);
    // A built-in crystal's site without a rule: the first material that is not only alloyed in.
    std::int32_t first = 0;
    while (static_cast<std::size_t>(first) + 1 < n && alloyed_only(c, first))
        ++first;
    for (std::int64_t cz = 0; cz < l.cells[2]; ++cz) {
        for (int s = 0; s < sites; ++s) {
            const double h = l.height_fraction(cz, s);
            // Without a rule, or where none places it, the site keeps its own material.
            std::int32_t own = l.from_file ? l.category[s] - 1 : first;
            for (std::size_t m = 0; m < n; ++m) {
                const MaterialConfig& mc = c.materials[m];
                const bool height_ok = holds_height(mc, h, c.structure.multilayers);
                const bool ok =
                    material_admits(c, m, l.category[s]) && height_ok && !alloyed_only(c, m);
                if (core_shell) admits_[m][cz * sites + s] = ok;
                if (ok && by_rule) own = static_cast<std::int32_t>(m);  // the last one wins
            }
            by_layer_site_[(cz * sites + s)] = own;
        }
    }
    if (core_shell) {
        for (std::size_t m = 0; m < n; ++m)
            shells_.emplace_back(c.materials[m].core_shell_size, static_cast<std::int32_t>(m));
        std::stable_sort(shells_.begin(), shells_.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    if (std::any_of(c.materials.begin(), c.materials.end(),
                    [](const MaterialConfig& m) { return m.density < 1; }))
        for (const MaterialConfig& m : c.materials)
            density_.push_back(m.density);
    alloy_.resize(c.materials.size());
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const MaterialConfig& host = c.materials[m];
        if (!host.alloy_host) continue;
        double cumulative = 0;
        for (std::size_t j = 0; j < host.alloy_fraction.size(); ++j)
            if (host.alloy_fraction[j] > 0) {
                cumulative += host.alloy_fraction[j];
                alloy_[m].emplace_back(cumulative, static_cast<std::int32_t>(j));
            }
    }
}

MaterialMap::Site MaterialMap::site(std::int64_t gid) const {
    std::int64_t cx, cy, cz;
    int s;
    lattice_->decode(gid, cx, cy, cz, s);
    const std::int64_t layer_site = cz * lattice_->sites() + s;
    Site site{by_layer_site_[layer_site], false};
    if (!shells_.empty()) {
        // VAMPIRE visits the shells from the largest in, each reaching one setting the site to
        // its material if it admits it, else (clearing) leaving it empty: the innermost reaching
        // shell that admits it wins, and with clearing the innermost reaching one decides.
        const double r = lattice_->particle.scaled_distance(lattice_->position(cx, cy, cz, s));
        double innermost = -1;  // the size of the innermost shell reaching the site
        site.vacant = true;
        for (const auto& [size, material] : shells_) {
            if (r > size) continue;
            if (innermost < 0) innermost = size;
            if (!admits_[material][layer_site]) continue;
            site.material = material;
            site.vacant = !fill_core_shell_ && size > innermost;
            break;
        }
    }
    const auto& alloy = alloy_[static_cast<std::size_t>(site.material)];
    if (!alloy.empty()) {
        const double u = unit_interval(
            random_words(alloy_seed_, RandomStream::alloy, static_cast<std::uint64_t>(gid), 0)[0]);
        for (const auto& [cumulative, material] : alloy)
            if (u < cumulative) {
                site.material = material;
                break;
            }
    }
    if (!density_.empty() && !site.vacant) {
        const double u = unit_interval(random_words(dilution_seed_, RandomStream::dilution,
                                                    static_cast<std::uint64_t>(gid), 0)[0]);
        site.vacant = u >= density_[static_cast<std::size_t>(site.material)];
    }
    return site;
}

bool MaterialMap::layered() const {
    if (!shells_.empty() || !density_.empty()) return false;
    for (const auto& host : alloy_)
        if (!host.empty()) return false;
    return true;
}

}  // namespace miniasd
