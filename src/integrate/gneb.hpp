// The geodesic nudged elastic band (sim:program = gneb; Bessarab, Uzdin and Jonsson, Comput. Phys.
// Commun. 196, 335 (2015); docs/physics.md, "Energy barriers"). A chain of images S^0 .. S^M-1,
// each a whole spin configuration, from one minimum to another; the end points stay put and the
// interior images move on the spheres until the chain lies on the minimum-energy path.
//
// Per iteration, for every interior image k (G_i = mu_i H_i, J: minus the energy's gradient):
//   tangent   tau: the energy-weighted upwind difference of the neighbours (S^k+1 - S^k toward
//             the higher neighbour; a mix weighted by the energy differences at extrema, as
//             Henkelman and Jonsson), each spin's part across its sphere, normalised over all
//             atoms
//   distance  d_k = sqrt(sum_i theta_i^2), theta_i = atan2(|S_i^k x S_i^k+1|, S^k_i . S^k+1_i)
//   force     normal:   F = G_perp - (G . tau) tau + kappa (d_k - d_k-1) tau
//             climbing: F = G_perp - 2 (G . tau) tau   (up the path, down across it)
//             falling:  F = G_perp
// and the images move by velocity projection (integrate/minimiser.hpp) over the whole chain at
// once, each atom's force taken as F_i / mu_i (T), in steps of 1/B, B the largest of every |H_i|
// seen and the springs' stiffness 2 kappa / mu. Every sum is exact and every maximum order-free:
// each rank holds its own atoms of every image, and the chain is the same bits on any
// decomposition and thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "hamiltonian/hamiltonian.hpp"
#include "integrate/gneb_section.hpp"
#include "parallel/comm.hpp"
#include "parallel/halo.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

enum class ImageType { end_point, normal, climbing, falling };
const char* word_of(ImageType t);

class Gneb {
  public:
    // The chain `images` (each sized like the run's spins; the first and last are the end
    // points), `moments` the materials' moments (J/T); its field evaluations are counted on from
    // `evaluations` (Hamiltonian::begin_iteration: a count no earlier evaluation used).
    Gneb(const GnebSection& settings, const std::vector<double>& moments, const LocalSystem& sys,
         Hamiltonian& h, parallel::HaloExchange& halo, const parallel::Comm& comm,
         std::vector<Spins> images, std::int64_t evaluations);

    // Collective. Energies, tangents and forces of the present chain; returns the largest
    // |F_i| / mu_i over the moving images (T), NaN when a field or energy is not finite.
    double measure();
    // Collective (its sums). Moves the interior images along the forces measure() found.
    void move();
    // Collective. The end points' dE/ds along their one-sided tangents (slopes()), for the
    // interpolated path: after the last measure() (the loop leaves them out).
    void measure_end_slopes();
    // The climbing image starts (when gneb:climbing-image allows) from the next measure().
    void allow_climbing() { climbing_allowed_ = settings_.climbing; }

    std::vector<Spins>& images() { return images_; }
    const std::vector<Spins>& images() const { return images_; }
    // Of the last measure(), per image: the total energy (J), the geodesic distance to the next
    // image (rad; one fewer), the reaction coordinate (rad, from image 0), dE/ds along the
    // tangent (J/rad) and the image's type.
    const std::vector<double>& energies() const { return energy_; }
    const std::vector<double>& distances() const { return distance_; }
    std::vector<double> reaction_coordinates() const;
    const std::vector<double>& slopes() const { return slope_; }
    const std::vector<ImageType>& types() const { return type_; }
    // The next unused count of field evaluations (Hamiltonian::begin_iteration).
    std::int64_t evaluations() const { return evaluations_; }

    // One image's per-atom arrays (the block kernels of integrate/gneb_blocks.hpp read them).
    struct Work {                        // one image's per-atom arrays, [n_owned] each
        std::vector<double> gx, gy, gz;  // G_i (J); after measure() of a moving image, F_i
        std::vector<double> tx, ty, tz;  // the tangent
        std::vector<double> vx, vy, vz;  // velocity carried as v + (h/2) f (kick_carried)
    };

  private:
    void evaluate(std::size_t k, std::vector<std::int64_t>& energy, double& field2, double& bad);
    void choose_types();
    // Collective. The moving images' tangents, G . tau and the distances between all images
    // (ends false), or the end points' tangents and G . tau alone (ends true).
    void tangents(std::vector<std::int64_t>& sums, bool ends);
    double forces();

    GnebSection settings_;
    std::vector<double> inv_moment_;  // 1/mu per material (0 for a moment of 0), T/J
    std::vector<double> moment_;      // mu per material (0 where inv_moment_ is), J/T
    const LocalSystem& sys_;
    Hamiltonian& hamiltonian_;
    parallel::HaloExchange& halo_;
    const parallel::Comm& comm_;
    std::vector<Spins> images_;
    std::vector<Work> work_;
    std::vector<double> energy_, distance_, slope_;
    std::vector<double> along_, inv_norm_;  // G . tau (J/rad); 1 / |tangent array| per image
    std::vector<ImageType> type_;
    double scale_ = 0;             // B, T
    double spring_stiffness_ = 0;  // 2 kappa / (smallest moment), T
    bool ends_measured_ = false, have_force_ = false, climbing_allowed_ = false;
    std::int64_t evaluations_ = 0;  // the non-local stages' iteration counter
};

}  // namespace miniasd
