#include "dipole/dipole_solver.hpp"

#include "dipole/images.hpp"
#include "util/error.hpp"

namespace miniasd::dipole {

DipoleSolver::DipoleSolver(const Lattice& l, const LocalSystem& sys, const parallel::Comm& comm,
                           SurfaceTerm surface)
    : comm_(comm), sites_(l.sites()) {
    const std::array<std::int64_t, 3> n = l.cells;
    fft_ = std::make_unique<SlabFft>(n, transform_lengths(n, l.periodic), comm_);
    // The box's own images: the same sums with the whole box as the cell, at wave vector 0.
    const Vec3 box{double(n[0]) * l.cell_size[0], double(n[1]) * l.cell_size[1],
                   double(n[2]) * l.cell_size[2]};
    const std::array<std::int64_t, 3> one{1, 1, 1};
    const std::int64_t zero[3] = {0, 0, 0};
    Complex t[6] = {};
    switch (images_of(l.periodic)) {
        case Images::bulk: {
            kernel_ =
                std::make_unique<SpectralKernel>(*fft_, l.basis, EwaldSum(l.cell_size, n, surface));
            const EwaldSum images(box, one, surface);
            images.tensor(images.shift({0, 0, 0}), zero, t);
            break;
        }
        case Images::film: {
            kernel_ =
                std::make_unique<SpectralKernel>(*fft_, l.basis, SlabEwaldSum(l.cell_size, n));
            const SlabEwaldSum images(box, one);
            images.tensor(images.plane({0, 0, 0}, 0), zero, t);
            break;
        }
        case Images::none:
            kernel_ = std::make_unique<SpectralKernel>(*fft_, l.basis, l.cell_size);
            break;
        case Images::unsupported:
            throw Error("dipole: periodic along x and y (a film) or x, y and z only");
    }
    for (int c = 0; c < 6; ++c)
        self_[std::size_t(c)] = t[c].real();  // real: the images come in pairs, e and -e

    routes_ = std::make_unique<SlabRoutes>(l, sys, *fft_, comm_);
    slab_cells_ = routes_->slab_cells();
    // Sites without an atom (a particle's outside, removed materials) keep a zero moment.
    real_.assign(std::size_t(3 * sites_ * slab_cells_), 0.0);
    fields_.resize(real_.size());
}

void DipoleSolver::field(const double* moments, double* field) {
    routes_->to_slabs(moments, real_.data());
    convolve();
    routes_->from_slabs(fields_.data(), field);
}

void DipoleSolver::convolve() {
    fft_->forward(real_.data(), 3 * sites_, fft_->cells(), spectral_);
    kernel_->apply(spectral_);
    fft_->inverse(spectral_, 3 * sites_, fields_.data());
}

std::int64_t DipoleSolver::bytes() const {
    return kernel_->bytes() + std::int64_t(spectral_.capacity() * sizeof(Complex)) +
           std::int64_t((real_.capacity() + fields_.capacity()) * sizeof(double)) +
           routes_->bytes();
}

}  // namespace miniasd::dipole
