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
                             std::vector<double> fields)
    : moments_(std::move(moments)), fields_(std::move(fields)) {
    view_ = {material, moments_.data(), fields_.data()};
}

}  // namespace miniasd
