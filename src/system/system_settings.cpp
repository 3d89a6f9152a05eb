// What the system's settings answer together (system_settings.hpp).
#include "system/system_settings.hpp"

#include <algorithm>

#include "system/crystals.hpp"

namespace miniasd {

int site_categories(const SystemSettings& c) {
    if (c.unit_cell_file.given()) return c.unit_cell_file.categories();
    int n = 0;
    for (const int k : crystal_cell(c.structure.crystal).category)
        n = std::max(n, k);
    return n;
}

bool has_dmi(const SystemSettings& c) {
    for (const MaterialConfig& m : c.materials)
        for (const auto* row : {&m.dmi, &m.interfacial_dmi, &m.bulk_dmi})
            for (const double d : *row)
                if (d != 0) return true;
    return false;
}

bool has_kitaev(const SystemSettings& c) {
    for (const MaterialConfig& m : c.materials)
        for (const double k : m.kitaev)
            if (k != 0) return true;
    return false;
}

bool has_four_spin(const SystemSettings& c) {
    for (const MaterialConfig& m : c.materials)
        for (const double k : m.four_spin)
            if (k != 0) return true;
    return false;
}

bool has_biquadratic(const SystemSettings& c) {
    if (c.unit_cell_file.has_biquadratic) return true;
    for (const MaterialConfig& m : c.materials) {
        for (const double b : m.biquadratic)
            if (b != 0) return true;
        for (const std::vector<double>& shell : m.further_biquadratic)
            for (const double b : shell)
                if (b != 0) return true;
    }
    return false;
}

double shell_biquadratic(const SystemSettings& c, std::size_t a, std::size_t b, int shell) {
    const MaterialConfig& m = c.materials[a];
    if (shell == 0) return m.biquadratic[b];
    const std::size_t k = static_cast<std::size_t>(shell - 1);
    return k < m.further_biquadratic.size() ? m.further_biquadratic[k][b] : 0.0;
}

bool vectorial_exchange(const SystemSettings& c) {
    for (const MaterialConfig& m : c.materials) {
        for (const Vec3& v : m.exchange_vector)
            if (is_vectorial(v)) return true;
        for (const std::vector<Vec3>& shell : m.further_exchange)
            for (const Vec3& v : shell)
                if (is_vectorial(v)) return true;
    }
    return false;
}

Vec3 shell_exchange_xyz(const SystemSettings& c, std::size_t a, std::size_t b, int shell) {
    const MaterialConfig& m = c.materials[a];
    if (shell == 0) {
        if (b < m.exchange_vector.size() && is_vectorial(m.exchange_vector[b]))
            return m.exchange_vector[b];
        return Vec3{m.exchange[b], m.exchange[b], m.exchange[b]};
    }
    const std::size_t k = static_cast<std::size_t>(shell - 1);
    return k < m.further_exchange.size() ? m.further_exchange[k][b] : Vec3{0, 0, 0};
}

double shell_exchange(const SystemSettings& c, std::size_t a, std::size_t b, int shell) {
    if (shell == 0) return c.materials[a].exchange[b];
    const Vec3 v = shell_exchange_xyz(c, a, b, shell);
    return is_vectorial(v) ? (v[0] + v[1] + v[2]) / 3 : v[0];
}

std::string further_exchange_keyword(int k) {
    static const char* const names[further_exchange_shells] = {"2nd", "3rd", "4th", "5th", "6th",
                                                               "7th", "8th", "9th", "10th"};
    return std::string("exchange-matrix-") + names[k] + "-nn";
}

bool places_by_rule(const SystemSettings& c) {
    for (const MaterialConfig& m : c.materials)
        if (m.unit_cell_category != 0 || m.height_set) return true;
    return false;
}

bool material_admits(const SystemSettings& c, std::size_t m, int category) {
    const int own = c.materials[m].unit_cell_category;
    if (own != 0) return own == category;
    return !c.unit_cell_file.given() || category == 1;
}

bool alloyed_only(const SystemSettings& c, std::size_t m) {
    const MaterialConfig& mc = c.materials[m];
    if (mc.unit_cell_category != 0 || mc.height_set)
        return false;  // placed where its category and heights say, and alloyed too
    for (const MaterialConfig& host : c.materials)
        if (host.alloy_host && m < host.alloy_fraction.size() && host.alloy_fraction[m] > 0)
            return true;
    return false;
}

const char* word_of(CrystalStructure c) {
    return crystal_cell(c).name;
}

}  // namespace miniasd
