// The further anisotropy forms' rows (material[i]:, VAMPIRE's names; MaterialConfig::
// anisotropy_forms) and their checks: a basis needs two vectors that are not parallel, the third
// follows as their cross product. The term: hamiltonian/anisotropy_forms.hpp.
#include "hamiltonian/anisotropy_forms.hpp"
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using input_checks::fail;
using KeywordSpec = Keyword<SystemSettings>;

// Largest constant accepted, J per atom (VAMPIRE's bound).
constexpr double largest = 1e-17;

void constant(std::vector<KeywordSpec>& t, const char* name, double AnisotropyForms::*field,
              const std::string& doc) {
    t.push_back(mat(
        name, K::real, D::energy, -largest, largest, "0 J", doc,
        [field](MaterialConfig& m, const Value& v, const Entry&) {
            m.anisotropy_forms.*field = v.real;
        },
        [field](const MaterialConfig& m) {
            const double x = m.anisotropy_forms.*field;
            return x != 0 ? number(x) : none;
        }));
}

void triaxial(std::vector<KeywordSpec>& t, const char* order, Vec3 AnisotropyForms::*constants,
              Vec3 (AnisotropyForms::*basis)[3], bool (AnisotropyForms::*given)[3],
              const std::string& formula) {
    t.push_back(mat(
        std::string(order) + "-order-triaxial-anisotropy-vector", K::real_or_triple, D::energy,
        -largest, largest, "none",
        std::string("constants k_1, k_2, k_3 (joules per atom, J/atom accepted) along the ") +
            order + "-order triaxial basis: " + formula,
        [constants](MaterialConfig& m, const Value& v, const Entry& e) {
            if (!v.triple)
                entry_error(e, "expected three constants k1, k2, k3, like 1e-23, 0, -2e-23");
            m.anisotropy_forms.*constants = v.vec;
        },
        [constants](const MaterialConfig& m) {
            const Vec3& k = m.anisotropy_forms.*constants;
            return k != Vec3{0, 0, 0} ? triple(k) : none;
        }));
    for (int n = 0; n < 3; ++n)
        t.push_back(mat(
            std::string(order) + "-order-triaxial-basis-vector-" + std::to_string(n + 1),
            K::direction, D::none, 0, 0,
            n == 0   ? "1,0,0"
            : n == 1 ? "0,1,0"
                     : "0,0,1",
            std::string("basis vector ") + std::to_string(n + 1) + " of the " + order +
                "-order triaxial anisotropy (normalised); give two, the third is their cross "
                "product (1 x 2, 3 x 1 or 2 x 3)",
            [basis, given, n](MaterialConfig& m, const Value& v, const Entry&) {
                (m.anisotropy_forms.*basis)[n] = v.vec;
                (m.anisotropy_forms.*given)[n] = true;
            },
            [basis, given, n](const MaterialConfig& m) {
                return (m.anisotropy_forms.*given)[n] ? unit_vector((m.anisotropy_forms.*basis)[n])
                                                      : none;
            }));
}

void add_rows(std::vector<KeywordSpec>& t) {
    using F = AnisotropyForms;
    constant(t, "fourth-order-uniaxial-anisotropy-constant", &F::uniaxial4,
             "fourth-order uniaxial k4, joules per atom, about uniaxial-anisotropy-direction: "
             "E = k4 (u^4 - 6/7 u^2 - 1/7), u = S . e (VAMPIRE's form: k4 > 0 makes the cone "
             "u^2 = 3/7 easy)");
    constant(t, "sixth-order-uniaxial-anisotropy-constant", &F::uniaxial6,
             "sixth-order uniaxial k6, joules per atom, about uniaxial-anisotropy-direction: "
             "E = -(k6/24)(231 u^6 - 315 u^4 + 105 u^2) = -(2/3) k6 (P6(u) + 5/16)");
    constant(t, "fourth-order-biaxial-anisotropy-constant", &F::biaxial4,
             "fourth-order biaxial k4b, joules per atom: E = -(k4b/2)((S.a)^4 + (S.b)^4), a and b "
             "the crystal's [110] and [1-10] (VAMPIRE's fixed axes)");
    constant(t, "sixth-order-cubic-anisotropy-constant", &F::cubic6,
             "sixth-order cubic k6c, joules per atom: E = k6c Sx^2 Sy^2 Sz^2 on the crystal axes "
             "(as VAMPIRE, cubic-anisotropy-direction does not rotate it)");
    constant(t, "fourth-order-rotational-anisotropy-constant", &F::rotational4,
             "fourth-order rotational k4r, joules per atom: E = k4r sin^4(theta) cos(4 phi) "
             "(theta from z, phi from x), VAMPIRE's polynomial k4r (1 + Sz^4 - 8 Sx^2 + 8 Sx^2 "
             "Sz^2 + 8 Sx^4 - 2 Sz^2)");
    triaxial(t, "second", &F::triaxial2, &F::basis2, &F::basis2_given,
             "E = -sum_n k_n (S . f_n)^2, f_n the basis vectors (the crystal axes unless given)");
    triaxial(t, "fourth", &F::triaxial4, &F::basis4, &F::basis4_given,
             "E = -sum_n k_n ((S . g_n)^4 - 6/7 (S . g_n)^2), g_n the basis vectors (the "
             "crystal axes unless given)");
    for (int n = 0; n < 2; ++n)
        t.push_back(mat(
            "cubic-anisotropy-direction-" + std::to_string(n + 1), K::direction, D::none, 0, 0,
            n == 0 ? "1,0,0" : "0,1,0",
            std::string("cubic axis ") + std::to_string(n + 1) +
                " of the fourth-order cubic anisotropy (normalised; the third is 1 x 2): "
                "E = -(k_c/2) sum_n (S . c_n)^4",
            [n](MaterialConfig& m, const Value& v, const Entry&) {
                m.anisotropy_forms.cubic_axes[n] = v.vec;
                m.anisotropy_forms.cubic_axes_given[n] = true;
            },
            [n](const MaterialConfig& m) {
                return m.anisotropy_forms.cubic_axes_given[n]
                           ? unit_vector(m.anisotropy_forms.cubic_axes[n])
                           : none;
            }));
}

Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// Completes a basis of which `given` says which vectors the input gave: none (the crystal axes),
// two (the third is their cross product, in the cyclic order), or three. One alone, or vectors
// within 87 degrees of each other (|cos| above 0.05, VAMPIRE's tolerance), are refused.
void complete(Vec3 (&b)[3], const bool (&given)[3], const std::string& keyword, const Seen& seen) {
    const int count = int(given[0]) + int(given[1]) + int(given[2]);
    if (count == 0) return;
    const Entry* line = nullptr;  // the first vector's line the input has
    for (int n = 2; n >= 0; --n)
        if (const auto it = seen.find(keyword + std::to_string(n + 1)); it != seen.end())
            line = &it->second;
    const Entry& e = *line;
    auto at = [&](int n) -> const Entry& {  // vector n's line, or the first given's
        const auto it = seen.find(keyword + std::to_string(n + 1));
        return it != seen.end() ? it->second : e;
    };
    if (count == 1)
        fail(e,
             "a rotated basis needs two of its three vectors (the third is their cross "
             "product)");
    for (int a = 0; a < 3; ++a)
        for (int c = a + 1; c < 3; ++c)
            if (given[a] && given[c] &&
                std::abs(b[a][0] * b[c][0] + b[a][1] * b[c][1] + b[a][2] * b[c][2]) > 0.05)
                fail(at(c), "basis vectors " + std::to_string(a + 1) + " and " +
                                std::to_string(c + 1) + " are not orthogonal (|cos| above 0.05)");
    if (count == 3) return;
    const int missing = !given[0] ? 0 : !given[1] ? 1 : 2;
    b[missing] = cross(b[(missing + 1) % 3], b[(missing + 2) % 3]);
    normalise(b[missing]);
}

void check(SystemSettings& c, const Seen& seen, std::vector<std::string>& warnings) {
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        AnisotropyForms& f = c.materials[m].anisotropy_forms;
        const std::string p = "material[" + std::to_string(m + 1) + "]:";
        complete(f.basis2, f.basis2_given, p + "second-order-triaxial-basis-vector-", seen);
        complete(f.basis4, f.basis4_given, p + "fourth-order-triaxial-basis-vector-", seen);
        if (f.cubic_rotated()) {
            const bool given[3] = {f.cubic_axes_given[0], f.cubic_axes_given[1], false};
            if (given[0] != given[1]) {
                // VAMPIRE's default for the other axis: x or y, then the check below
                const bool both[3] = {true, true, false};
                complete(f.cubic_axes, both, p + "cubic-anisotropy-direction-", seen);
            } else {
                complete(f.cubic_axes, given, p + "cubic-anisotropy-direction-", seen);
            }
            if (c.materials[m].cubic_anisotropy == 0)
                warnings.push_back(p +
                                   "cubic-anisotropy-direction given without a fourth-order "
                                   "cubic anisotropy constant: it has no effect");
            if (f.cubic6 != 0)
                warnings.push_back(p +
                                   "sixth-order-cubic-anisotropy-constant stays on the "
                                   "crystal axes, as in VAMPIRE: cubic-anisotropy-direction "
                                   "rotates the fourth-order term only");
        }
    }
}

}  // namespace

SectionOf<SystemSettings> anisotropy_forms_section() {
    return {"further anisotropy forms", add_rows, check};
}

}  // namespace miniasd
