// The kinds of energy the statistics report: one row per kind. Every term reports its energy under
// one kind (LocalTerm::kind; several anisotropy terms share one), the observables keep one exact
// sum per kind, and the output columns `<keyword>-energy` and `mean-<keyword>-energy` are generated
// from this table (stats/columns.cpp) with their -per-atom forms, as are their rows in
// docs/input-reference.md. A new kind of term
// adds its enumerator and its row here, and nothing else.
#pragma once

namespace miniasd {

enum class TermKind { exchange, anisotropy, applied_field, dmi, magnetostatic };

struct EnergyKind {
    TermKind kind;
    const char* keyword;  // output:<keyword>-energy and output:mean-<keyword>-energy
    const char* what;     // for the input reference: "<what> of the whole system (J)"
    const char* header;   // the column header's stem: E_exchange[J], <E_exchange>[J/atom]
};

inline constexpr EnergyKind energy_kinds[] = {
    {TermKind::exchange, "exchange", "exchange energy", "E_exchange"},
    {TermKind::anisotropy, "anisotropy", "anisotropy energy", "E_anisotropy"},
    {TermKind::applied_field, "applied-field", "Zeeman energy", "E_field"},
    {TermKind::dmi, "dmi",
     "Dzyaloshinskii-Moriya energy (of the dmi-constant, interfacial- and bulk-dmi-constant "
     "keywords and of a unit-cell file's antisymmetric tensors)",
     "E_DMI"},
    {TermKind::magnetostatic, "magnetostatic", "dipolar (magnetostatic) energy", "E_dipolar"},
};
inline constexpr int energy_kind_count = sizeof(energy_kinds) / sizeof(energy_kinds[0]);

// The table is indexed by TermKind.
constexpr bool energy_kinds_in_order() {
    for (int k = 0; k < energy_kind_count; ++k)
        if (static_cast<int>(energy_kinds[k].kind) != k) return false;
    return true;
}
static_assert(energy_kinds_in_order(), "energy_kinds rows must follow TermKind's order");

}  // namespace miniasd
