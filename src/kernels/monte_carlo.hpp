// One Metropolis trial of one spin (integrate/monte_carlo.hpp, docs/physics.md) as MINIASD_HD
// functions: the trial moves, VAMPIRE's, and the acceptance test, with their random numbers keyed
// by (seed, global id, sweep), and their exp, sin and cos util/portable_math.hpp's, so the CPU's
// colour sweeps and a device's give an atom the same trial and outcome.
#pragma once

#include <cmath>
#include <cstdint>

#include "util/device.hpp"
#include "util/portable_math.hpp"
#include "util/random.hpp"

namespace miniasd::kernels {

// The Gaussian move of `adaptive` and `angle`: norm(S + width g), g ~ N(0, 1)^3.
MINIASD_HD inline void gaussian_move(double ox, double oy, double oz, double width, double gx,
                                     double gy, double gz, double& tx, double& ty, double& tz) {
    tx = ox + width * gx;
    ty = oy + width * gy;
    tz = oz + width * gz;
    const double inv = 1.0 / std::sqrt(tx * tx + ty * ty + tz * tz);
    tx *= inv;
    ty *= inv;
    tz *= inv;
}
// The same on arrays of three.
MINIASD_HD inline void gaussian_move(const double* old, double width, double gx, double gy,
                                     double gz, double* trial) {
    gaussian_move(old[0], old[1], old[2], width, gx, gy, gz, trial[0], trial[1], trial[2]);
}

// `spin-flip`: S' = -S.
MINIASD_HD inline void flip_move(const double* old, double* trial) {
    trial[0] = -old[0];
    trial[1] = -old[1];
    trial[2] = -old[2];
}

// `uniform`: a direction uniform on the sphere, cos(theta) uniform in [-1, 1], phi uniform.
MINIASD_HD inline void uniform_move(std::uint64_t seed, std::uint64_t id, std::uint64_t sweep,
                                    double* trial) {
    const auto w = random_words(seed, RandomStream::monte_carlo, id, sweep);
    const double cz = 2.0 * unit_interval(w[0]) - 1.0;
    const double phi = 2.0 * M_PI * unit_interval(w[1]);
    const double r = std::sqrt(std::fmax(0.0, 1.0 - cz * cz));
    double sine, cosine;
    portable_sincos(phi, sine, cosine);
    trial[0] = r * cosine;
    trial[1] = r * sine;
    trial[2] = cz;
}

// Metropolis: a move that lowers the energy (de <= 0, J) is taken; one that raises it with
// probability exp(-de beta), beta = 1 / (k_B T) (0: never), from its own random word.
MINIASD_HD inline bool metropolis_accept(double de, double beta, std::uint64_t seed,
                                         std::uint64_t id, std::uint64_t sweep) {
    if (de <= 0) return true;
    if (beta <= 0) return false;
    const double u =
        unit_interval(random_words(seed, RandomStream::monte_carlo_accept, id, sweep)[0]);
    return u < portable_exp(-de * beta);
}

}  // namespace miniasd::kernels
