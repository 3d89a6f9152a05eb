#include "dipole/macro_cell_solver.hpp"

#include <algorithm>
#include <cmath>

#include "util/exact_sum.hpp"
#include "util/units.hpp"

namespace miniasd::dipole {

MacroCellSolver::MacroCellSolver(const Lattice& l, const LocalSystem& sys,
                                 const MaterialMap& materials, const std::vector<double>& moments,
                                 const Vec3& box_size, double near_range,
                                 const parallel::Comm& comm)
    : comm_(comm), cells_(make_macro_cells(l, materials, moments, box_size)) {
    std::vector<std::int64_t> box(std::size_t(sys.n_owned));
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        box[std::size_t(i)] = cells_.box_of(l.position(sys.gid[std::size_t(i)]));
        rows_.push_back(box[std::size_t(i)]);
    }
    std::sort(rows_.begin(), rows_.end());
    rows_.erase(std::unique(rows_.begin(), rows_.end()), rows_.end());
    row_of_atom_.resize(std::size_t(sys.n_owned));
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        row_of_atom_[std::size_t(i)] = std::int32_t(
            std::lower_bound(rows_.begin(), rows_.end(), box[std::size_t(i)]) - rows_.begin());
    tensors_ = macro_cell_tensors(l, materials, moments, cells_, rows_, near_range);
    sums_.resize(3 * std::size_t(cells_.count()));
    box_m_.resize(sums_.size());
    box_b_.resize(3 * rows_.size());
    box_h_.resize(3 * rows_.size());
}

void MacroCellSolver::field(const double* moments, double* b, double* energy_field) {
    // The boxes' moments, exactly: the same sum on any decomposition.
    const std::size_t boxes = std::size_t(cells_.count());
    std::fill(sums_.begin(), sums_.end(), ExactSum());
    std::vector<ExactSum>& sums = sums_;
    for (std::size_t i = 0; i < row_of_atom_.size(); ++i) {
        const std::size_t box = std::size_t(rows_[std::size_t(row_of_atom_[i])]);
        for (int a = 0; a < 3; ++a)
            sums[3 * box + std::size_t(a)].add(moments[3 * i + std::size_t(a)]);
    }
    packed_.clear();
    for (const ExactSum& s : sums)
        s.append_to(packed_);
    comm_.sum_in_place(packed_);
    std::vector<double>& m = box_m_;
    for (std::size_t k = 0; k < m.size(); ++k)
        m[k] = ExactSum::from(&packed_[k * ExactSum::packed_size]).value();
    const double c = constants::mu0_over_4pi;
#pragma omp parallel for schedule(static)
    for (std::size_t row = 0; row < rows_.size(); ++row) {
        double f[3] = {0, 0, 0};
        const double* t = &tensors_[row * boxes * 6];
        for (std::size_t j = 0; j < boxes; ++j, t += 6) {
            const double* mj = &m[3 * j];
            f[0] += t[0] * mj[0] + t[1] * mj[1] + t[2] * mj[2];
            f[1] += t[1] * mj[0] + t[3] * mj[1] + t[4] * mj[2];
            f[2] += t[2] * mj[0] + t[4] * mj[1] + t[5] * mj[2];
        }
        const std::size_t i = std::size_t(rows_[row]);
        const double v = cells_.volume[i];
        for (int a = 0; a < 3; ++a) {
            const double self = v > 0 ? m[3 * i + std::size_t(a)] / v : 0.0;
            box_b_[3 * row + std::size_t(a)] = c * (f[a] + 8.0 * M_PI / 3.0 * self);
            box_h_[3 * row + std::size_t(a)] = c * (f[a] - 4.0 * M_PI / 3.0 * self);
        }
    }
    for (std::size_t i = 0; i < row_of_atom_.size(); ++i)
        for (int a = 0; a < 3; ++a) {
            b[3 * i + std::size_t(a)] = box_b_[3 * std::size_t(row_of_atom_[i]) + std::size_t(a)];
            energy_field[3 * i + std::size_t(a)] =
                box_h_[3 * std::size_t(row_of_atom_[i]) + std::size_t(a)];
        }
}

std::int64_t MacroCellSolver::bytes() const {
    return std::int64_t(
        tensors_.capacity() * sizeof(double) + packed_.capacity() * sizeof(std::int64_t) +
        (box_m_.capacity() + box_b_.capacity() + box_h_.capacity()) * sizeof(double) +
        sums_.capacity() * sizeof(ExactSum) + row_of_atom_.capacity() * sizeof(std::int32_t));
}

}  // namespace miniasd::dipole
