#include "hamiltonian/term_registry.hpp"
#include "hamiltonian/hamiltonian_settings.hpp"

#include "hamiltonian/anisotropy.hpp"
#include "hamiltonian/anisotropy_forms.hpp"
#include "hamiltonian/biquadratic.hpp"
#include "hamiltonian/cubic_anisotropy.hpp"
#include "hamiltonian/current_torque.hpp"
#include "hamiltonian/dipolar.hpp"
#include "hamiltonian/dmi.hpp"
#include "hamiltonian/exchange.hpp"
#include "hamiltonian/four_spin.hpp"
#include "hamiltonian/kitaev.hpp"
#include "hamiltonian/neel_anisotropy.hpp"
#include "hamiltonian/spin_torque.hpp"
#include "hamiltonian/tensor_exchange.hpp"
#include "hamiltonian/zeeman.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

// Terms every input has that read S_i only (with zero constants they are inactive).
std::optional<Reach> always_on_site(const HamiltonianSettings&, const Lattice&) {
    return Reach{};
}

// Exchange over the lattice's bonds (system/interactions.hpp, docs/physics.md), always present:
// with every J zero it is inactive, but its reach keeps the neighbour table (and so the
// statistics' layout) the same.
std::optional<Reach> exchange_reach(const HamiltonianSettings&, const Lattice& l) {
    return Reach{Locality::neighbours, l.exchange.offsets()};
}
std::unique_ptr<LocalTerm> make_exchange(const TermContext& t) {
    const std::size_t nm = t.config.materials.size();
    std::vector<double> material_j(nm * nm);
    for (std::size_t a = 0; a < nm; ++a)
        for (std::size_t b = 0; b < nm; ++b)  // the parser checks J_ab = J_ba
            material_j[a * nm + b] = t.config.materials[a].exchange[b];
    const InteractionList& list = t.lattice.exchange;
    double w = 0;
    std::size_t bonds_per_site = 0;
    for (const auto& site : list.sites)
        bonds_per_site = std::max(bonds_per_site, site.size());
    // The stencil kernels are unrolled for 6, 8 and 12 neighbours; with one material the general
    // path's runs (bond_runs.hpp) sum any other count faster than their table loop.
    const bool stencil_width =
        nm > 1 || bonds_per_site == 6 || bonds_per_site == 8 || bonds_per_site == 12;
    // Several shells, anisotropic or unequal bonds, or a vectorial exchange-matrix: the general
    // path.
    if (!list.uniform(w) || (list.normalised && vectorial_exchange(t.config)) || !stencil_width) {
        // [shell][a * nm + b]: exchange-matrix (x, y, z), then exchange-matrix-<k>-nn
        std::vector<std::vector<Vec3>> shell_j;
        for (int k = 0; k <= further_exchange_shells; ++k) {
            std::vector<Vec3> j(nm * nm, Vec3{0, 0, 0});
            for (std::size_t a = 0; a < nm; ++a)
                for (std::size_t b = 0; b < nm; ++b)
                    j[a * nm + b] =
                        shell_exchange_xyz(t.config, a, b, k);  // (J, J, J) or vectorial
            shell_j.push_back(std::move(j));
        }
        return std::make_unique<TensorExchange>(t.system, t.lattice.sites(), list, t.columns,
                                                shell_j, t.moments);
    }
    // One isotropic coupling on every bond: the stencil path, J_ab = w x exchange-matrix (w = 1
    // for the built-in crystals, so their numbers are the matrix's own) or w joules.
    std::vector<double> j(nm * nm);
    for (std::size_t k = 0; k < j.size(); ++k)
        j[k] = list.normalised ? w * material_j[k] : w;
    // The exchange's kernels read the leading columns: the first neighbour term's place.
    int width = 0;
    for (const std::vector<int>& site : t.columns) {
        for (std::size_t k = 0; k < site.size(); ++k)
            if (site[k] != static_cast<int>(k))
                throw LocalError("internal error: the exchange must be the first neighbour term");
        width = std::max(width, static_cast<int>(site.size()));
    }
    return std::make_unique<Exchange>(t.system, std::move(j), t.moments, width);
}

std::unique_ptr<LocalTerm> make_uniaxial(const TermContext& t) {
    std::vector<double> ku;
    std::vector<Vec3> axis;
    for (const MaterialConfig& m : t.config.materials) {
        ku.push_back(m.anisotropy);
        axis.push_back(m.anisotropy_axis);
    }
    return std::make_unique<UniaxialAnisotropy>(t.system.material.data(), ku, axis, t.moments);
}

// Only when some material has k_c: then the energies of other inputs keep their fixed order.
std::optional<Reach> cubic_reach(const HamiltonianSettings& c, const Lattice& l) {
    for (const MaterialConfig& m : c.materials)
        if (m.cubic_anisotropy != 0 && !m.anisotropy_forms.cubic_rotated())
            return always_on_site(c, l);
    return std::nullopt;
}
std::unique_ptr<LocalTerm> make_cubic(const TermContext& t) {
    std::vector<double> kc;  // on the crystal axes; on rotated ones, the forms' term has it
    for (const MaterialConfig& m : t.config.materials)
        kc.push_back(m.anisotropy_forms.cubic_rotated() ? 0.0 : m.cubic_anisotropy);
    return std::make_unique<CubicAnisotropy>(t.system.material.data(), kc, t.moments);
}

// VAMPIRE's further anisotropy forms (hamiltonian/anisotropy_forms.hpp) only when some material
// has one: on-site.
std::optional<Reach> forms_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_anisotropy_forms(c)) return std::nullopt;
    return always_on_site(c, l);
}
std::unique_ptr<LocalTerm> make_forms(const TermContext& t) {
    return std::make_unique<AnisotropyFormsTerm>(t.system.material.data(), t.config, t.moments);
}

// The applied field is always present: programs change it during a run.
std::unique_ptr<LocalTerm> make_zeeman(const TermContext& t) {
    return std::make_unique<Zeeman>(t.system.material.data(), t.moments, t.applied_field);
}

// The Néel surface anisotropy (hamiltonian/neel_anisotropy.hpp) only when some material has a
// constant: it reads which of the exchange's neighbours exist, not their spins.
std::optional<Reach> neel_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_neel_anisotropy(c)) return std::nullopt;
    return Reach{Locality::neighbours, l.exchange.offsets()};
}
std::unique_ptr<LocalTerm> make_neel(const TermContext& t) {
    return std::make_unique<NeelAnisotropy>(t.system, t.lattice, t.config, t.columns, t.moments);
}

// The Kitaev term (hamiltonian/kitaev.hpp) only when some material has a constant: on the
// exchange's bonds.
std::optional<Reach> kitaev_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_kitaev(c)) return std::nullopt;
    return Reach{Locality::neighbours, l.exchange.offsets()};
}
std::unique_ptr<LocalTerm> make_kitaev(const TermContext& t) {
    return std::make_unique<Kitaev>(t.system, t.lattice, t.config, t.columns, t.moments);
}

// The four-spin exchange (hamiltonian/four_spin.hpp) only when some material has a constant: it
// reads every member of its atoms' quartets.
std::vector<std::vector<Quartet>> quartets(const HamiltonianSettings& c, const Lattice& l) {
    std::vector<std::vector<Quartet>> q =
        quartets_of_sites(l, c.exchange.four_spin_cutoff_1, c.exchange.four_spin_cutoff_2);
    for (const std::vector<Quartet>& site : q)
        if (!site.empty()) return q;
    throw Error(
        "material[i]:four-spin-constant is given, but no quartet has its centre's "
        "neighbours at exchange:four-spin-cutoff-1 = " +
        std::to_string(c.exchange.four_spin_cutoff_1 * 1e10) +
        " A and four-spin-cutoff-2 = " + std::to_string(c.exchange.four_spin_cutoff_2 * 1e10) +
        " A apart: set them to the lattice's distances (simple cubic: a and sqrt(2) a)");
}
std::optional<Reach> four_spin_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_four_spin(c)) return std::nullopt;
    return Reach{Locality::neighbours, quartet_offsets(quartets(c, l))};
}
std::unique_ptr<LocalTerm> make_four_spin(const TermContext& t) {
    return std::make_unique<FourSpin>(t.system, t.lattice.sites(), t.config,
                                      quartets(t.config, t.lattice), t.columns, t.moments);
}

// The materials' own fields only when some material has one.
std::optional<Reach> material_field_reach(const HamiltonianSettings& c, const Lattice& l) {
    for (const MaterialConfig& m : c.materials)
        if (m.applied_field != 0 || m.fmr_strength != 0) return always_on_site(c, l);
    return std::nullopt;
}
std::unique_ptr<LocalTerm> make_material_field(const TermContext& t) {
    std::vector<double> b, oscillating;
    for (const MaterialConfig& m : t.config.materials)
        for (int a = 0; a < 3; ++a) {
            b.push_back(m.applied_field * m.applied_field_direction[std::size_t(a)]);
            oscillating.push_back(m.fmr_direction[std::size_t(a)]);
        }
    return std::make_unique<MaterialField>(t.system.material.data(), t.moments, b, oscillating);
}

// DMI (hamiltonian/dmi.hpp) only when some material has a dmi-constant: it reads the exchange's
// bonds, and its mediating atoms are among them.
std::optional<Reach> dmi_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_dmi(c)) return std::nullopt;
    return Reach{Locality::neighbours, l.exchange.offsets()};
}
std::unique_ptr<LocalTerm> make_dmi(const TermContext& t) {
    const DmiVectors vectors(t.lattice, t.materials, t.config);
    return std::make_unique<Dmi>(t.system, t.lattice.sites(), vectors, t.columns, t.moments);
}

// Biquadratic exchange (hamiltonian/biquadratic.hpp) only when the input has some: its bonds are
// the lattice's biquadratic list.
std::optional<Reach> biquadratic_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_biquadratic(c) || l.biquadratic.bonds() == 0) return std::nullopt;
    return Reach{Locality::neighbours, l.biquadratic.offsets()};
}
std::unique_ptr<LocalTerm> make_biquadratic(const TermContext& t) {
    const std::size_t nm = t.config.materials.size();
    std::vector<std::vector<double>> shell_b;  // [shell][a * nm + b], symmetric (the parser's)
    for (int k = 0; k <= further_exchange_shells; ++k) {
        std::vector<double> matrix(nm * nm);
        for (std::size_t a = 0; a < nm; ++a)
            for (std::size_t b = 0; b < nm; ++b)
                matrix[a * nm + b] = shell_biquadratic(t.config, a, b, k);
        shell_b.push_back(std::move(matrix));
    }
    return std::make_unique<Biquadratic>(t.system, t.lattice.sites(), t.lattice.biquadratic,
                                         t.columns, shell_b, t.moments);
}

// The spin torques (hamiltonian/spin_torque.hpp) only when some material has one: on-site, they
// read S_i alone.
std::optional<Reach> spin_torque_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_spin_torque(c)) return std::nullopt;
    return always_on_site(c, l);
}
std::unique_ptr<LocalTerm> make_spin_torque(const TermContext& t) {
    return std::make_unique<SpinTorque>(t.system.material.data(), t.config);
}

// The Zhang-Li current torques (hamiltonian/current_torque.hpp) only when a current flows through
// a polarised material: they read the same site one cell ahead and behind along the current.
std::optional<Reach> current_torque_reach(const HamiltonianSettings& c, const Lattice& l) {
    if (!has_current_torque(c)) return std::nullopt;
    return CurrentTorque::reach(c, l);
}
std::unique_ptr<LocalTerm> make_current_torque(const TermContext& t) {
    return std::make_unique<CurrentTorque>(t.system, t.lattice, t.config, t.columns);
}

std::vector<TermRecipe>& recipes() {
    static std::vector<TermRecipe> r{
        {"exchange", &exchange_reach, &make_exchange},
        {"anisotropy", &always_on_site, &make_uniaxial},
        {"cubic-anisotropy", &cubic_reach, &make_cubic},
        {"anisotropy-forms", &forms_reach, &make_forms},
        {"neel-anisotropy", &neel_reach, &make_neel},
        {"applied-field", &always_on_site, &make_zeeman},
        {"material-applied-field", &material_field_reach, &make_material_field},
        {"dmi", &dmi_reach, &make_dmi},
        {"biquadratic", &biquadratic_reach, &make_biquadratic},
        {"kitaev", &kitaev_reach, &make_kitaev},
        {"four-spin", &four_spin_reach, &make_four_spin},
        {"spin-torque", &spin_torque_reach, &make_spin_torque},
        {"current-torque", &current_torque_reach, &make_current_torque},
        dipolar_recipe(),
    };
    return r;
}

}  // namespace

const std::vector<TermRecipe>& term_recipes() {
    return recipes();
}

bool register_term(const TermRecipe& recipe) {
    recipes().push_back(recipe);
    return true;
}

HamiltonianPlan plan_hamiltonian(const HamiltonianSettings& c, const Lattice& l) {
    HamiltonianPlan p;
    p.reach = ReachUnion(l.sites());
    for (const TermRecipe& r : term_recipes()) {
        std::optional<Reach> reach = r.reach(c, l);
        if (!reach) continue;
        p.recipes.push_back(r);
        p.columns.push_back(p.reach.add(*reach));
        p.reaches.push_back(std::move(*reach));
    }
    return p;
}

}  // namespace miniasd
