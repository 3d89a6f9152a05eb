// The periodic box's transformed kernel (dipole/dipole_kernel.hpp): no transform, no message. Each
// rank evaluates the Ewald lattice sum at the wave indices of its own spectral slab, so no rank
// holds more of the kernel than it uses, and a value depends only on its wave index.
#include "dipole/dipole_kernel.hpp"

namespace miniasd::dipole {

SpectralKernel::SpectralKernel(const SlabFft& fft, const std::vector<Vec3>& basis,
                               const EwaldSum& sum)
    : sites_(static_cast<int>(basis.size())), points_(fft.spectral_size()) {
    const auto& p = fft.padded();
    const std::int64_t hx = fft.half_x(), ky0 = fft.ky().begin;
    const double scale = 1.0 / (double(p[0]) * double(p[1]) * double(p[2]));
    kd_.resize(std::size_t(sites_ * 6 * points_));
    ko_.resize(std::size_t(sites_ * (sites_ - 1) / 2 * 6 * points_));
    int pair = 0;  // of a < b
    for (int a = 0; a < sites_; ++a)
        for (int b = a; b < sites_; ++b) {
            const EwaldSum::Shift shift = sum.shift(
                {basis[a][0] - basis[b][0], basis[a][1] - basis[b][1], basis[a][2] - basis[b][2]});
            // Spectral layout [ky of this rank][kx][kz], kz fastest (dipole/slab_fft.hpp).
#pragma omp parallel for schedule(static)
            for (std::int64_t point = 0; point < points_; ++point) {
                const std::int64_t k[3] = {(point / p[2]) % hx, ky0 + point / (p[2] * hx),
                                           point % p[2]};
                Complex t[6];
                sum.tensor(shift, k, t);
                for (int c = 0; c < 6; ++c) {
                    if (a == b)  // even in the displacement: real, up to rounding
                        kd_[std::size_t((a * 6 + c) * points_ + point)] = t[c].real() * scale;
                    else
                        ko_[std::size_t((pair * 6 + c) * points_ + point)] = t[c] * scale;
                }
            }
            if (a != b) ++pair;
        }
}

}  // namespace miniasd::dipole
