// Shared by the describe() tests: a bitwise, field-by-field comparison of two configurations
// (guarded by the structs' sizes, so a new field must be added here) and an input parser that
// reads from memory.
#pragma once

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "run/config/config.hpp"
#include "run/config/parser.hpp"

namespace miniasd::describe_test {

// Bitwise: 0 and -0 differ, as they may in the physics.
inline bool same(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}
template <class T>
inline bool same(const T& a, const T& b) {
    return a == b;
}
inline bool same(const Vec3& a, const Vec3& b) {
    return same(a[0], b[0]) && same(a[1], b[1]) && same(a[2], b[2]);
}
// Nested settings structs with their own MINIASD_FIELDS (defined below same_fields).
inline bool same(const ParticleParameters& a, const ParticleParameters& b);
inline bool same(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t k = 0; k < a.size(); ++k)
        if (!same(a[k], b[k])) return false;
    return true;
}

// Every setting of Config and MaterialConfig. The sizes below fail to compile when a field is
// added, so that it is added here too (the layout checked is libstdc++'s on x86-64, this
// project's CI). A section's own fields are guarded beside it (MINIASD_SIZE_GUARD) and compared
// by its MINIASD_FIELDS list, so Config's guard leaves the sections out: a keyword added to a
// section touches that section's files only.
#if defined(__GLIBCXX__) && defined(__x86_64__)
constexpr std::size_t section_bytes =
    sizeof(StructureSection) + sizeof(ExchangeSection) + sizeof(SimSection) + sizeof(SweepSection) +
    sizeof(LimitsSection) + sizeof(RelaxSection) + sizeof(GnebSection) + sizeof(DipoleSection) +
    sizeof(CheckpointSection) + sizeof(InitialStateSection) + sizeof(PulseSection) +
    sizeof(ColumnsSection) + sizeof(SpinTorqueSection) + sizeof(SnapshotSection) +
    sizeof(StructureFactorSection) + sizeof(NeelSection) + sizeof(ConstraintSection);
// 352 bytes of Config's own, the unit-cell file and the field-sweep file, and 64 of the pointers of
// the 8 features' settings that share SystemSettings as a virtual base.
static_assert(sizeof(Config) - section_bytes == 416,
              "a Config field outside the sections was added or removed: update same()");
static_assert(sizeof(MaterialConfig) == 1096, "a MaterialConfig field changed: update same()");
static_assert(sizeof(AnisotropyForms) == 312, "an AnisotropyForms field changed: update same()");
#endif

// A section (MINIASD_FIELDS): every listed field, the first that differs named in *why.
template <class S, std::size_t... I>
bool same_fields(const S& a, const S& b, std::string* why, std::index_sequence<I...>) {
    const auto ta = a.fields(), tb = b.fields();
    const bool equal[] = {same(std::get<I>(ta), std::get<I>(tb))...};
    std::string names = S::field_names;
    std::size_t k = 0;
    for (bool e : equal) {
        if (!e) {
            std::string name;
            std::stringstream in(names);
            for (std::size_t i = 0; i <= k; ++i)
                std::getline(in >> std::ws, name, ',');
            if (why) *why = name;
            return false;
        }
        ++k;
    }
    return true;
}
template <class S>
bool same_section(const S& a, const S& b, const char* section, std::string* why) {
    constexpr std::size_t n = std::tuple_size<decltype(a.fields())>::value;
    if (same_fields(a, b, why, std::make_index_sequence<n>{})) return true;
    if (why) *why = std::string(section) + "." + *why;
    return false;
}

inline bool same(const ParticleParameters& a, const ParticleParameters& b) {
    constexpr std::size_t n = std::tuple_size<decltype(a.fields())>::value;
    return same_fields(a, b, nullptr, std::make_index_sequence<n>{});
}

// The first field that differs, named in *why.
using Fields = std::initializer_list<std::pair<const char*, bool>>;
inline bool all_same(Fields fields, std::string* why) {
    for (const auto& [name, equal] : fields)
        if (!equal) {
            if (why) *why = name;
            return false;
        }
    return true;
}
inline bool same(const AnisotropyForms& a, const AnisotropyForms& b) {
    bool equal = same(a.uniaxial4, b.uniaxial4) && same(a.uniaxial6, b.uniaxial6) &&
                 same(a.biaxial4, b.biaxial4) && same(a.cubic6, b.cubic6) &&
                 same(a.rotational4, b.rotational4) && same(a.triaxial2, b.triaxial2) &&
                 same(a.triaxial4, b.triaxial4);
    for (int n = 0; n < 3; ++n)
        equal = equal && same(a.basis2[n], b.basis2[n]) && same(a.basis4[n], b.basis4[n]) &&
                same(a.cubic_axes[n], b.cubic_axes[n]) && a.basis2_given[n] == b.basis2_given[n] &&
                a.basis4_given[n] == b.basis4_given[n];
    return equal && a.cubic_axes_given[0] == b.cubic_axes_given[0] &&
           a.cubic_axes_given[1] == b.cubic_axes_given[1];
}

#define F(f) \
    { #f, same(a.f, b.f) }

inline bool same(const MaterialConfig& a, const MaterialConfig& b, std::string* why) {
    return all_same({F(name),
                     F(moment),
                     F(damping),
                     F(relative_gamma),
                     F(rescaling_exponent),
                     F(rescaling_curie),
                     F(temperature),
                     F(temperature_set),
                     F(minimum_temperature),
                     F(maximum_temperature),
                     F(temperature_range_set),
                     F(constrained),
                     F(constraint_theta),
                     F(constraint_theta_minimum),
                     F(constraint_theta_maximum),
                     F(constraint_theta_increment),
                     F(constraint_phi),
                     F(constraint_phi_minimum),
                     F(constraint_phi_maximum),
                     F(constraint_phi_increment),
                     F(applied_field),
                     F(applied_field_direction),
                     F(fmr_strength),
                     F(fmr_frequency),
                     F(fmr_direction),
                     F(anisotropy),
                     F(cubic_anisotropy),
                     F(element),
                     F(anisotropy_axis),
                     F(random_initial_spin),
                     F(initial_spin),
                     F(domain_wall_second_direction),
                     F(exchange),
                     F(exchange_vector),
                     F(further_exchange),
                     F(unit_cell_category),
                     F(minimum_height),
                     F(maximum_height),
                     F(height_set),
                     F(moment_set),
                     F(alloy_host),
                     F(alloy_fraction),
                     F(core_shell_size),
                     F(core_shell_set),
                     F(non_magnetic),
                     F(removed),
                     F(phonon_coupled),
                     F(density),
                     F(dmi),
                     F(interfacial_dmi),
                     F(bulk_dmi),
                     F(biquadratic),
                     F(neel),
                     F(kitaev),
                     F(four_spin),
                     F(further_biquadratic),
                     F(stt),
                     F(sot),
                     F(spin_polarisation),
                     F(non_adiabaticity),
                     F(anisotropy_forms)},
                    why);
}

// Every setting; not where it came from (input_file, files_read, warnings, given).
inline bool same(const Config& a, const Config& b, std::string* why = nullptr) {
    if (!all_same({F(unit_cell_file), F(field_sweep)}, why)) return false;
    if (!same_section(a.sim, b.sim, "sim", why)) return false;
    if (!same_section(a.sweep, b.sweep, "sweep", why)) return false;
    if (!same_section(a.constraint, b.constraint, "constraint", why)) return false;
    if (!same_section(a.limits, b.limits, "limits", why)) return false;
    if (a.materials.size() != b.materials.size()) {
        if (why) *why = "materials.size()";
        return false;
    }
    for (std::size_t i = 0; i < a.materials.size(); ++i)
        if (!same(a.materials[i], b.materials[i], why)) {
            if (why) *why = "materials[" + std::to_string(i) + "]." + *why;
            return false;
        }
    if (!same_section(a.structure, b.structure, "structure", why)) return false;
    if (!same_section(a.exchange, b.exchange, "exchange", why)) return false;
    if (!same_section(a.relax, b.relax, "relax", why)) return false;
    if (!same_section(a.gneb, b.gneb, "gneb", why)) return false;
    if (!same_section(a.structure_factor, b.structure_factor, "structure-factor", why))
        return false;
    if (!same_section(a.dipole, b.dipole, "dipole", why)) return false;
    if (!same_section(a.checkpoint, b.checkpoint, "checkpoint", why)) return false;
    if (!same_section(a.initial, b.initial, "initial", why)) return false;
    if (!same_section(a.pulse, b.pulse, "pulse", why)) return false;
    if (!same_section(a.columns, b.columns, "columns", why)) return false;
    if (!same_section(a.output, b.output, "output", why)) return false;
    if (!same_section(a.torques, b.torques, "torques", why)) return false;
    if (!same_section(a.neel, b.neel, "neel", why)) return false;
    return true;
}
#undef F

inline LoadResult load_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {false, "", "cannot open"};
    std::ostringstream s;
    s << in.rdbuf();
    return {true, s.str(), ""};
}

// `files`: other files the text names (a unit-cell file), by path; any other path is read from
// disk when it exists there (an example's unit-cell file), and is `text` otherwise (as the fuzz
// harness reads every material file it names).
inline Config parse_text(const std::string& text,
                         const std::map<std::string, std::string>& files = {}) {
    return read_config("described", [&](const std::string& path) {
        const auto it = files.find(path);
        if (it != files.end()) return LoadResult{true, it->second, ""};
        if (path != "described") {
            LoadResult disk = load_file(path);
            if (disk.ok) return disk;
        }
        return LoadResult{true, text, ""};
    });
}

}  // namespace miniasd::describe_test
