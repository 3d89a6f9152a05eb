#include "dipole/slab_routes.hpp"

namespace miniasd::dipole {

SlabRoutes::SlabRoutes(const Lattice& l, const LocalSystem& sys, const SlabFft& fft,
                       const parallel::Comm& comm)
    : comm_(comm) {
    const std::array<std::int64_t, 3> n = l.cells;
    const int sites = l.sites();
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
        slot[std::size_t(i)] = (((cz - z0) * n[1] + cy) * n[0] + cx) * sites + site;
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
    slab_cells_ = fft.planes(n[2]).size() * n[1] * n[0];
    for (std::int64_t& at_slot : recv_slots_)  // cell * sites + site -> (site * 3) * cells + cell
        at_slot = (at_slot % sites) * 3 * slab_cells_ + at_slot / sites;
    if (ranks > 1) {  // message buffers; one rank has no routes
        out_.resize(std::size_t(3 * sys.n_owned));
        in_.resize(std::size_t(3 * received));
    }
}

void SlabRoutes::to_slabs(const double* values, double* real) {
    if (comm_.size() == 1) {  // no routes: the atoms go straight into the grids
        for (std::size_t k = 0; k < send_atoms_.size(); ++k)
            for (int c = 0; c < 3; ++c)
                real[std::size_t(recv_slots_[k] + c * slab_cells_)] =
                    values[3 * std::size_t(send_atoms_[k]) + std::size_t(c)];
        return;
    }
    for (std::size_t k = 0; k < send_atoms_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            out_[3 * k + std::size_t(c)] = values[3 * std::size_t(send_atoms_[k]) + std::size_t(c)];
    comm_.all_to_all(out_.data(), send_counts_, in_.data(), recv_counts_);
    for (std::size_t k = 0; k < recv_slots_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            real[std::size_t(recv_slots_[k] + c * slab_cells_)] = in_[3 * k + std::size_t(c)];
}

void SlabRoutes::from_slabs(const double* real, double* values) {
    if (comm_.size() == 1) {
        for (std::size_t k = 0; k < send_atoms_.size(); ++k)
            for (int c = 0; c < 3; ++c)
                values[3 * std::size_t(send_atoms_[k]) + std::size_t(c)] =
                    real[std::size_t(recv_slots_[k] + c * slab_cells_)];
        return;
    }
    for (std::size_t k = 0; k < recv_slots_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            in_[3 * k + std::size_t(c)] = real[std::size_t(recv_slots_[k] + c * slab_cells_)];
    comm_.all_to_all(in_.data(), recv_counts_, out_.data(), send_counts_);
    for (std::size_t k = 0; k < send_atoms_.size(); ++k)
        for (int c = 0; c < 3; ++c)
            values[3 * std::size_t(send_atoms_[k]) + std::size_t(c)] = out_[3 * k + std::size_t(c)];
}

std::int64_t SlabRoutes::bytes() const {
    return std::int64_t((out_.capacity() + in_.capacity()) * sizeof(double) +
                        recv_slots_.capacity() * sizeof(std::int64_t) +
                        send_atoms_.capacity() * sizeof(std::int32_t));
}

}  // namespace miniasd::dipole
