#include "stats/energy_path.hpp"

#include "util/geodesic.hpp"
#include "util/shortest.hpp"
#include "util/units.hpp"

namespace miniasd {

std::size_t EnergyPath::highest() const {
    std::size_t top = 0;
    for (std::size_t k = 1; k < energy.size(); ++k)
        if (energy[k] > energy[top]) top = k;
    return top;
}

double joules_per(EnergyUnit unit) {
    switch (unit) {
        case EnergyUnit::millielectronvolt:
            return constants::electron_volt * 1e-3;
        case EnergyUnit::electronvolt:
            return constants::electron_volt;
        case EnergyUnit::joule:
            break;
    }
    return 1;
}

void write_energy_path(std::FILE* out, const EnergyPath& p, EnergyUnit unit) {
    const std::string u = word_of(energy_unit_words, unit);
    const double scale = 1.0 / joules_per(unit);
    std::fprintf(out,
                 "# image reaction-coordinate[rad] energy[%s] type m-x m-y m-z dE/ds[%s/rad]\n",
                 u.c_str(), u.c_str());
    for (std::size_t k = 0; k < p.energy.size(); ++k) {
        const Vec3& m = p.magnetisation[k];
        std::fprintf(out, "%zu %s %s %s %s %s %s %s\n", k,
                     shortest(p.reaction_coordinate[k]).c_str(),
                     shortest((p.energy[k] - p.energy[0]) * scale).c_str(), p.type[k].c_str(),
                     shortest(m[0]).c_str(), shortest(m[1]).c_str(), shortest(m[2]).c_str(),
                     shortest(p.slope[k] * scale).c_str());
    }
}

void write_interpolated_path(std::FILE* out, const EnergyPath& p, EnergyUnit unit, int points) {
    const std::string u = word_of(energy_unit_words, unit);
    const double scale = 1.0 / joules_per(unit);
    std::vector<double> e(p.energy.size()), slope(p.energy.size());
    for (std::size_t k = 0; k < e.size(); ++k) {
        e[k] = (p.energy[k] - p.energy[0]) * scale;
        slope[k] = p.slope[k] * scale;
    }
    std::fprintf(out, "# reaction-coordinate[rad] energy[%s]\n", u.c_str());
    for (const auto& [s, v] : geodesic::hermite_path(p.reaction_coordinate, e, slope, points))
        std::fprintf(out, "%s %s\n", shortest(s).c_str(), shortest(v).c_str());
}

}  // namespace miniasd
