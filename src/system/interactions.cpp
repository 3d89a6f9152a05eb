#include "system/interactions.hpp"

#include <algorithm>
#include <tuple>

namespace miniasd {

std::array<double, 9> isotropic(double v) {
    return {v, 0, 0, 0, v, 0, 0, 0, v};
}

SiteOffsets InteractionList::offsets() const {
    SiteOffsets out(sites.size());
    for (std::size_t s = 0; s < sites.size(); ++s)
        for (const Bond& b : sites[s])
            out[s].push_back(b.to);
    return out;
}

bool InteractionList::uniform(double& value) const {
    if (form != CouplingForm::isotropic) return false;
    value = 1.0;  // no bonds at all (a single spin): any value serves
    bool any = false;
    for (const auto& site : sites)
        for (const Bond& b : site) {
            if (b.shell != 0 || (any && b.j[0] != value)) return false;
            value = b.j[0];
            any = true;
        }
    return true;
}

std::size_t InteractionList::bonds() const {
    std::size_t n = 0;
    for (const auto& site : sites)
        n += site.size();
    return n;
}

InteractionList interactions_from_file(const UnitCellFile& u) {
    InteractionList l;
    l.form = u.form;
    l.normalised = u.normalised;
    l.sites.resize(u.atoms.size());
    for (const UnitCellFile::Bond& b : u.bonds)
        l.sites[static_cast<std::size_t>(b.i)].push_back({{b.dx, b.dy, b.dz, b.j}, 0, b.value});
    for (auto& site : l.sites)
        std::sort(site.begin(), site.end(), [](const Bond& a, const Bond& b) {
            return std::make_tuple(a.to.dz, a.to.dy, a.to.dx, a.to.site) <
                   std::make_tuple(b.to.dz, b.to.dy, b.to.dx, b.to.site);
        });
    return l;
}

}  // namespace miniasd
