// sim:program = setting (programs.hpp): VAMPIRE's exchange-bias setting of L1_2 IrMn3
// (program/setting.cpp). Materials 1 to 4 are the antiferromagnet's four sublattices, the
// materials above 4 the ferromagnet (VAMPIRE's types 0-3 and 4 and up; its type 8, material 9,
// is left out of the count and set as a ferromagnet). The program counts the exchange bonds from a
// ferromagnet's atom to each sublattice (the interface), takes the sublattice with the most (the
// first on a tie), and of the antiferromagnet's eight ordered states, its sublattices along
// VAMPIRE's eight directions (the tetrahedral <111>-like T1 states and their reverses, as VAMPIRE
// tabulates them), chooses the one that puts that sublattice along the direction nearest the
// applied field's unit vector; the ferromagnet's spins go along the field. No steps are taken:
// the row (and snapshot) of that state is the result, the start of a run that cools it. VAMPIRE
// counts per grain; miniASD has no grains, which is VAMPIRE's single grain without
// create:voronoi-film.
#include <cmath>
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"

namespace miniasd {

namespace {

// VAMPIRE's table of the sublattice directions (not quite unit vectors; normalised when set).
constexpr double configurations[8][3] = {
    {0, 0, -1}, {-0.94, 0, 0.3}, {0.44, -0.845, 0.3},  {0.44, 0.845, 0.3},
    {0, 0, 1},  {0.94, 0, -0.3}, {-0.44, 0.845, -0.3}, {-0.44, -0.845, -0.3}};
// The eight ordered states: the direction of each sublattice.
constexpr int states[8][4] = {{0, 1, 2, 3}, {1, 0, 3, 2}, {2, 3, 0, 1}, {3, 2, 1, 0},
                              {4, 5, 6, 7}, {5, 4, 7, 6}, {6, 7, 4, 5}, {7, 6, 5, 4}};

}  // namespace

std::vector<Vec3> setting_directions(const std::vector<std::int64_t>& bonds, const Vec3& field,
                                     std::size_t materials, int* largest_out, int* closest_out) {
    int largest = 0;
    std::int64_t most = 0;
    for (int k = 0; k < 4; ++k)
        if (bonds[std::size_t(k)] > most) {
            largest = k;
            most = bonds[std::size_t(k)];
        }
    // VAMPIRE's nearest direction: the least acos of the dot product with the table's entries as
    // they stand.
    int closest = 0;
    double least = 1000;
    for (int d = 0; d < 8; ++d) {
        const double dot = configurations[d][0] * field[0] + configurations[d][1] * field[1] +
                           configurations[d][2] * field[2];
        const double angle = std::acos(std::fmax(-1.0, std::fmin(1.0, dot)));
        if (angle < least) {
            closest = d;
            least = angle;
        }
    }
    int chosen = 0;
    for (int s = 0; s < 8; ++s)
        if (states[s][largest] == closest) {
            chosen = s;
            break;
        }
    std::vector<Vec3> out;
    for (std::size_t m = 0; m < materials; ++m) {
        if (m > 3) {
            out.push_back(field);
            continue;
        }
        const double* c = configurations[states[chosen][m]];
        const double n = std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
        out.push_back({c[0] / n, c[1] / n, c[2] / n});
    }
    if (largest_out) *largest_out = largest;
    if (closest_out) *closest_out = closest;
    return out;
}

void SettingProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    const std::vector<std::int64_t> bonds = sim.setting_interface_bonds();
    int largest = 0, closest = 0;
    directions_ =
        setting_directions(bonds, c.sim.field_direction, c.materials.size(), &largest, &closest);
    if (!sim.continued()) sim.set_material_spins(directions_);
    if (std::FILE* screen = sim.screen()) {
        std::fprintf(screen,
                     "Setting: interface bonds to sublattices 1-4: %lld %lld %lld %lld; sublattice "
                     "%d along VAMPIRE's direction %d, the nearest the field\n",
                     static_cast<long long>(bonds[0]), static_cast<long long>(bonds[1]),
                     static_cast<long long>(bonds[2]), static_cast<long long>(bonds[3]),
                     largest + 1, closest);
        if (bonds[0] + bonds[1] + bonds[2] + bonds[3] == 0)
            std::fprintf(screen,
                         "warning: no exchange bond joins a ferromagnet (materials above 4) to "
                         "the sublattices (materials 1-4): sublattice 1 was taken\n");
    }
    sim.plan_rows(1);
    Phase p;  // no steps: the row of the state set
    p.temperature = p.equilibration_temperature = c.sim.temperature;
    sim.run(p);
}

}  // namespace miniasd
