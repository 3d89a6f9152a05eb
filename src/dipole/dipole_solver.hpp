// The exact dipolar field of every atom, distributed: the moments travel from the ranks that own
// the atoms to the z slabs of the FFT grid (dipole/slab_fft.hpp), are convolved with the
// point-dipole kernel (dipole/dipole_kernel.hpp), and the fields travel back. The routes are
// planned once (atoms never move); each evaluation sends 3 doubles per atom each way plus the two
// transposes of the FFT.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "dipole/dipole_kernel.hpp"
#include "dipole/slab_fft.hpp"
#include "dipole/slab_routes.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

namespace miniasd::dipole {

class DipoleSolver {
  public:
    // Collective over comm. Open boundaries, or periodic along all three axes (the caller refuses
    // any other mix), where `surface` is the term at infinity (dipole/ewald_sum.hpp).
    DipoleSolver(const Lattice& l, const LocalSystem& sys, const parallel::Comm& comm,
                 SurfaceTerm surface = SurfaceTerm::tin_foil);
    // Collective. moments: m (J/T) of owned atom i at [3 i, 3 i + 3); field: B (T) written alike.
    void field(const double* moments, double* field);

    // For the report: bytes this rank holds (kernel, grids, routes) and has sent in transposes.
    std::int64_t bytes() const;
    std::int64_t transpose_bytes() const { return fft_->transpose_bytes(); }
    const std::array<int, 3>& padded() const { return fft_->padded(); }
    // The field of an atom's own periodic images per unit of its moment (T per J/T: xx xy xz yy
    // yz zz), the same for every atom: the images' lattice sum over the box (of the same surface
    // term; a film's in-plane images only). Zero in an open sample. A single-spin move's energy
    // change needs it (kernels/held_field.hpp).
    const std::array<double, 6>& self_tensor() const { return self_; }

  private:
    void convolve();  // real_ -> fields_ (this rank's planes)
    parallel::Comm comm_;
    int sites_;
    std::int64_t slab_cells_ = 0;  // cells of this rank's z slab of the box
    std::unique_ptr<SlabFft> fft_;
    std::unique_ptr<SpectralKernel> kernel_;
    std::array<double, 6> self_{};
    std::unique_ptr<SlabRoutes> routes_;  // owned atoms <-> the slabs
    PlanVector<double> real_;    // [site*3+component][slab cell] moments (J/T); zero off atoms
    PlanVector<double> fields_;  // the same layout: fields (T)
    std::vector<Complex> spectral_;
};

}  // namespace miniasd::dipole
