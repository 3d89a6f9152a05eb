// The periodic box's and the film's transformed kernels (dipole/dipole_kernel.hpp), with no
// message: each rank evaluates the Ewald lattice sum at the wave indices of its own spectral slab
// (the film's along z too, then transforms those lines itself), so no rank holds more of the
// kernel than it uses, and a value depends only on its wave index.
#include <algorithm>

#include "dipole/dipole_kernel.hpp"

namespace miniasd::dipole {

SpectralKernel::SpectralKernel(const SlabFft& fft, const std::vector<Vec3>& basis,
                               const EwaldSum& sum)
    : sites_(static_cast<int>(basis.size())),
      points_(fft.spectral_size()),
      columns_(fft.columns()) {
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
            // Points [kz][ky of this rank][kx], kx fastest (dipole/slab_fft.hpp).
#pragma omp parallel for schedule(static)
            for (std::int64_t point = 0; point < points_; ++point) {
                const std::int64_t k[3] = {point % hx, ky0 + (point % columns_) / hx,
                                           point / columns_};
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

SpectralKernel::SpectralKernel(const SlabFft& fft, const std::vector<Vec3>& basis,
                               const SlabEwaldSum& sum)
    : sites_(static_cast<int>(basis.size())),
      points_(fft.spectral_size()),
      columns_(fft.columns()) {
    const auto& p = fft.padded();
    const std::int64_t hx = fft.half_x(), ky0 = fft.ky().begin, nz = fft.cells()[2], pz = p[2];
    const double scale = 1.0 / (double(p[0]) * double(p[1]) * double(pz));
    kd_.resize(std::size_t(sites_ * 6 * points_));
    ko_.resize(std::size_t(sites_ * (sites_ - 1) / 2 * 6 * points_));
    const LinePlan along_z(LineKind::forward, p[2]);  // the solver's own z transform
    int pair = 0;                                     // of a < b
    for (int a = 0; a < sites_; ++a)
        for (int b = a; b < sites_; ++b) {
            const Vec3 s{basis[a][0] - basis[b][0], basis[a][1] - basis[b][1],
                         basis[a][2] - basis[b][2]};
            std::vector<SlabEwaldSum::Plane> planes;  // e_z = -(nz - 1) ... nz - 1
            for (std::int64_t ez = 1 - nz; ez < nz; ++ez)
                planes.push_back(sum.plane(s, ez));
#pragma omp parallel
            {
                LineBuffer in(p[2]), out(p[2]);
                std::vector<Complex> line(std::size_t(6 * pz));
#pragma omp for schedule(static)
                for (std::int64_t col = 0; col < columns_; ++col) {
                    const std::int64_t k[2] = {col % hx, ky0 + col / hx};
                    std::fill(line.begin(), line.end(), Complex(0, 0));
                    for (std::int64_t ez = 1 - nz; ez < nz; ++ez) {
                        Complex t[6];
                        sum.tensor(planes[std::size_t(ez + nz - 1)], k, t);
                        const std::int64_t at = ez < 0 ? ez + pz : ez;  // circular index
                        for (int c = 0; c < 6; ++c)
                            line[std::size_t(c * pz + at)] = t[c];
                    }
                    for (int c = 0; c < 6; ++c) {
                        std::copy(&line[std::size_t(c * pz)], &line[std::size_t((c + 1) * pz)],
                                  in.data());
                        along_z.run(in, out);
                        for (std::int64_t kz = 0; kz < pz; ++kz) {
                            const std::int64_t point = kz * columns_ + col;
                            if (a == b)  // even in the displacement: real, up to rounding
                                kd_[std::size_t((a * 6 + c) * points_ + point)] =
                                    out.data()[kz].real() * scale;
                            else
                                ko_[std::size_t((pair * 6 + c) * points_ + point)] =
                                    out.data()[kz] * scale;
                        }
                    }
                }
            }
            if (a != b) ++pair;
        }
}

}  // namespace miniasd::dipole
