// A chain of images' energy path (sim:program = gneb, integrate/gneb.hpp) as the program writes
// it: per image the reaction coordinate, the energy, its slope along the path and the image's
// type and magnetisation, the barriers both ways, and the files `energy-path` and
// `energy-path-interpolated` (energy_path.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "stats/columns_section.hpp"
#include "util/vec3.hpp"

namespace miniasd {

struct EnergyPath {
    std::vector<double> reaction_coordinate;  // rad: geodesic distance from image 0 along the chain
    std::vector<double> energy;               // J: each image's total energy
    std::vector<double> slope;                // J/rad: dE/ds along the path's tangent
    std::vector<std::string> type;            // end-point, normal, climbing, falling
    std::vector<Vec3> magnetisation;          // the image's reduced magnetisation
    std::int64_t iterations = 0;              // the chain's iterations
    double force = 0;                         // T: the largest force at the end
    bool converged = false;
    std::string stopped;  // why the chain stopped before converging ("" when it did not stop)

    bool empty() const { return energy.empty(); }
    // The highest image (the first of equals).
    std::size_t highest() const;
    // The barriers (J): the highest image's energy above the first image's, and above the last.
    double barrier_forward() const { return energy[highest()] - energy.front(); }
    double barrier_backward() const { return energy[highest()] - energy.back(); }
};

// One row per image: image, reaction-coordinate (rad), energy (relative to image 0, in `unit`),
// type, m-x, m-y, m-z, dE/ds (in `unit` per rad), after a header naming the columns and units.
void write_energy_path(std::FILE* out, const EnergyPath& p, EnergyUnit unit);
// The path's cubic Hermite interpolation: `points` rows per segment between images and the last
// image's: reaction-coordinate (rad), energy (relative to image 0, in `unit`).
void write_interpolated_path(std::FILE* out, const EnergyPath& p, EnergyUnit unit, int points);
// Joules per `unit`.
double joules_per(EnergyUnit unit);

}  // namespace miniasd
