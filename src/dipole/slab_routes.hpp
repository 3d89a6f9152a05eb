// The routes of per-atom values between the ranks that own the atoms and the z slabs of a
// SlabFft's real grids (dipole/slab_fft.hpp): planned once (atoms never move), each use sends 3
// doubles per atom (one all-to-all). The grids are [site * 3 + component][slab cell], slab cell =
// (z - first plane) * ny * nx + y * nx + x; sites without an atom are never written. The dipolar
// field sends moments and takes fields back; the structure factor's grid sends spins.
#pragma once

#include <cstdint>
#include <vector>

#include "dipole/slab_fft.hpp"
#include "parallel/comm.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"

namespace miniasd::dipole {

class SlabRoutes {
  public:
    // Collective over comm (the fft's).
    SlabRoutes(const Lattice& l, const LocalSystem& sys, const SlabFft& fft,
               const parallel::Comm& comm);
    // Collective. values: 3 per owned atom ([3 i + c]); real: this rank's grids, written at the
    // received atoms' places.
    void to_slabs(const double* values, double* real);
    // Collective. The reverse: each owned atom's 3 values from the grids.
    void from_slabs(const double* real, double* values);
    std::int64_t slab_cells() const { return slab_cells_; }  // of one grid, this rank's planes
    std::int64_t bytes() const;

  private:
    parallel::Comm comm_;
    std::int64_t slab_cells_ = 0;
    std::vector<std::int32_t> send_atoms_;        // owned atoms in the order they are sent
    std::vector<int> send_counts_, recv_counts_;  // doubles per rank (3 per atom)
    std::vector<std::int64_t> recv_slots_;        // where each received atom's x value lies in real
    std::vector<double> out_, in_;                // message buffers
};

}  // namespace miniasd::dipole
