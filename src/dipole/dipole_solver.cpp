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

    // Routes: owned atom -> the rank whose slab holds its z plane, in owned order per rank.
    const int ranks = comm_.size();
    std::vector<int> dest(std::size_t(sys.n_owned));
    std::vector<std::int64_t> slot(std::size_t(sys.n_owned));
    std::vector<int> atoms_to(std::size_t(ranks), 0);
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        std::int64_t cx, cy, cz;
        int site;
        l.decode(sys.gid[std::size_t(i)], cx, cy, cz, site);
        const int r = parallel::block_owner(n[2], ranks, cz);
        const std::int64_t z0 = parallel::block_range(n[2], ranks, r).begin;
        dest[std::size_t(i)] = r;
        slot[std::size_t(i)] = (((cz - z0) * n[1] + cy) * n[0] + cx) * sites_ + site;
        ++atoms_to[std::size_t(r)];
    }
    std::vector<int> at(std::size_t(ranks), 0);
    for (int r = 1; r < ranks; ++r)
        at[std::size_t(r)] = at[std::size_t(r - 1)] + atoms_to[std::size_t(r - 1)];
    send_atoms_.resize(std::size_t(sys.n_owned));
    std::vector<std::int64_t> send_slots(std::size_t(sys.n_owned));
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        const int k = at[std::size_t(dest[std::size_t(i)])]++;
        send_atoms_[std::size_t(k)] = static_cast<std::int32_t>(i);
        send_slots[std::size_t(k)] = slot[std::size_t(i)];
    }
    const std::vector<int> atoms_from = comm_.all_to_all_counts(atoms_to);
    std::int64_t received = 0;
    for (int c : atoms_from)
        received += c;
    recv_slots_.resize(std::size_t(received));
    comm_.all_to_all(send_slots.data(), atoms_to, recv_slots_.data(), atoms_from);
    send_counts_.resize(std::size_t(ranks));
    recv_counts_.resize(std::size_t(ranks));
    for (int r = 0; r < ranks; ++r) {
        send_counts_[std::size_t(r)] = 3 * atoms_to[std::size_t(r)];
        recv_counts_[std::size_t(r)] = 3 * atoms_from[std::size_t(r)];
    }
    slab_cells_ = fft_->planes(n[2]).size() * n[1] * n[0];
    for (std::int64_t& at_slot : recv_slots_)  // cell * sites + site -> (site * 3) * cells + cell
        at_slot = (at_slot % sites_) * 3 * slab_cells_ + at_slot / sites_;
    // Sites without an atom (a particle's outside, removed materials) keep a zero moment.
    real_.assign(std::size_t(3 * sites_ * slab_cells_), 0.0);
    fields_.resize(real_.size());
    if (ranks > 1) {  // message buffers; one rank has no routes
        out_.resize(std::size_t(3 * sys.n_owned));
        in_.resize(std::size_t(3 * received));
    }
}

void DipoleSolver::field(const double* moments, double* field) {
    if (comm_.size() == 1) {  // no routes: the atoms go straight into the grids and back
        for (std::size_t k = 0; k < send_atoms_.size(); ++k)
            for (int c = 0; c < 3; ++c)
                real_[std::size_t(recv_slots_[k] + c * slab_cells_)] =
                    moments[3 * std::size_t(send_atoms_[k]) + std::size_t(c)];
        convolve();
        for (std::size_t k = 0; k < send_atoms_.size(); ++k)
            for (int c = 0; c < 3; ++c)
                field[3 * std::size_t(send_atoms_[k]) + std::size_t(c)] =
                    fields_[std::size_t(recv_slots_[k] + c * slab_cells_)];
        return;
    }
    for (std::size_t k = 0; k < send_atoms_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            out_[3 * k + std::size_t(c)] =
                moments[3 * std::size_t(send_atoms_[k]) + std::size_t(c)];
    comm_.all_to_all(out_.data(), send_counts_, in_.data(), recv_counts_);
    for (std::size_t k = 0; k < recv_slots_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            real_[std::size_t(recv_slots_[k] + c * slab_cells_)] = in_[3 * k + std::size_t(c)];
    convolve();
    for (std::size_t k = 0; k < recv_slots_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            in_[3 * k + std::size_t(c)] = fields_[std::size_t(recv_slots_[k] + c * slab_cells_)];
    comm_.all_to_all(in_.data(), recv_counts_, out_.data(), send_counts_);
    for (std::size_t k = 0; k < send_atoms_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            field[3 * std::size_t(send_atoms_[k]) + std::size_t(c)] = out_[3 * k + std::size_t(c)];
}

void DipoleSolver::convolve() {
    fft_->forward(real_.data(), 3 * sites_, fft_->cells(), spectral_);
    kernel_->apply(spectral_);
    fft_->inverse(spectral_, 3 * sites_, fields_.data());
}

std::int64_t DipoleSolver::bytes() const {
    return kernel_->bytes() + std::int64_t(spectral_.capacity() * sizeof(Complex)) +
           std::int64_t((real_.capacity() + fields_.capacity() + out_.capacity() + in_.capacity()) *
                        sizeof(double)) +
           std::int64_t(recv_slots_.capacity() * sizeof(std::int64_t) +
                        send_atoms_.capacity() * sizeof(std::int32_t));
}

}  // namespace miniasd::dipole
