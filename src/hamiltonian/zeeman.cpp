#include "hamiltonian/zeeman.hpp"

namespace miniasd {

Zeeman::Zeeman(const std::int32_t* material, std::vector<double> moments, Vec3 field)
    : moments_(std::move(moments)) {
    view_.material = material;
    view_.moment = moments_.data();
    set_field(field);
}

void Zeeman::set_field(const Vec3& b) {
    field_ = b;
    for (int c = 0; c < 3; ++c)
        view_.b[c] = b[c];
}

MaterialField::MaterialField(const std::int32_t* material, std::vector<double> moments,
                             std::vector<double> fields, std::vector<double> directions)
    : moments_(std::move(moments)),
      constant_(fields),
      directions_(std::move(directions)),
      fields_(std::move(fields)) {
    view_ = {material, moments_.data(), fields_.data()};
}

void MaterialField::set_oscillating(const std::vector<double>& strength) {
    strength_ = strength;
    for (std::size_t k = 0; k < fields_.size(); ++k)
        fields_[k] =
            constant_[k] + (k / 3 < strength.size() ? strength[k / 3] : 0.0) * directions_[k];
}

}  // namespace miniasd
