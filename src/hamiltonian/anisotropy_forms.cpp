#include "hamiltonian/anisotropy_forms.hpp"

namespace miniasd {

bool has_anisotropy_forms(const SystemSettings& c) {
    for (const MaterialConfig& m : c.materials)
        if (m.anisotropy_forms.any() ||
            (m.anisotropy_forms.cubic_rotated() && m.cubic_anisotropy != 0))
            return true;
    return false;
}

AnisotropyFormsTerm::AnisotropyFormsTerm(const std::int32_t* material, const SystemSettings& c,
                                         const std::vector<double>& moments) {
    using namespace kernels;
    table_.assign(c.materials.size() * anisotropy_forms_stride, 0.0);
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const MaterialConfig& mc = c.materials[m];
        const AnisotropyForms& f = mc.anisotropy_forms;
        double* p = table_.data() + m * anisotropy_forms_stride;
        p[af_inv_mu] = 1.0 / moments[m];
        p[af_k4u] = f.uniaxial4;
        p[af_k6u] = f.uniaxial6;
        p[af_k4b] = f.biaxial4;
        p[af_k6c] = f.cubic6;
        p[af_k4r] = f.rotational4;
        // The fourth-order cubic on rotated axes here; on the crystal's, the cubic term's.
        p[af_kc] = f.cubic_rotated() ? mc.cubic_anisotropy : 0.0;
        for (int k = 0; k < 3; ++k) {
            p[af_axis + k] = mc.anisotropy_axis[std::size_t(k)];
            p[af_k2t + k] = f.triaxial2[std::size_t(k)];
            p[af_k4t + k] = f.triaxial4[std::size_t(k)];
            for (int n = 0; n < 3; ++n) {
                p[af_basis2 + 3 * n + k] = f.basis2[n][std::size_t(k)];
                p[af_basis4 + 3 * n + k] = f.basis4[n][std::size_t(k)];
                p[af_cubic_axes + 3 * n + k] = f.cubic_axes[n][std::size_t(k)];
            }
        }
    }
    view_ = {material, table_.data()};
}

}  // namespace miniasd
