#include "hamiltonian/zeeman.hpp"

namespace miniasd {

Zeeman::Zeeman(const std::int32_t* material, std::vector<double> moments, Vec3 field)
    : material_(material), moments_(std::move(moments)), field_(field) {}

void Zeeman::add_field(const SpinView&, std::int64_t begin, std::int64_t end, FieldView h) const {
    for (std::int64_t i = begin; i < end; ++i) {
        h.x[i - begin] += field_[0];
        h.y[i - begin] += field_[1];
        h.z[i - begin] += field_[2];
    }
}

void Zeeman::atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                           double* e) const {
    for (std::int64_t i = begin; i < end; ++i)
        e[i - begin] = -moments_[material_[i]] *
                       (s.x[i] * field_[0] + s.y[i] * field_[1] + s.z[i] * field_[2]);
}

double Zeeman::site_energy(const SpinView&, std::int64_t i, const double* si) const {
    return -moments_[material_[i]] * (si[0] * field_[0] + si[1] * field_[1] + si[2] * field_[2]);
}

}  // namespace miniasd
