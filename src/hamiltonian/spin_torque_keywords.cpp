// The spin torques' section (spin_torque_section.hpp): the rows of the polarisers (sim:) and of the
// materials' torque constants (material[i]:, MaterialConfig::stt and sot), VAMPIRE's names with
// its aliases; the Zhang-Li current (sim:current-density) and the materials' polarisation and
// non-adiabaticity (miniASD's keywords); and the checks across them: a torque needs its polariser
// or its current. That a torque runs only where it is defined (the LLG integrator; not Monte
// Carlo, not the relaxation) is the run's check (run/config/cross_checks.cpp).
#include "hamiltonian/spin_torque_section.hpp"
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using input_checks::fail;
using KeywordSpec = Keyword<SpinTorqueSettings>;
using MaterialRead = std::function<std::optional<Value>(const MaterialConfig&)>;

using Constants = SpinTorqueConstants MaterialConfig::*;
using Part = double SpinTorqueConstants::*;

// One constant under VAMPIRE's name and its aliases (which read back as the name).
void constant(std::vector<KeywordSpec>& t, std::initializer_list<const char*> names, Constants of,
              Part part, K kind, D dim, double min, double max, const char* def,
              const std::string& doc) {
    const char* name = *names.begin();
    for (const char* n : names) {
        const bool alias = n != name;
        KeywordSpec s = mat(
            n, kind, dim, min, max, def,
            alias ? std::string("VAMPIRE's other name of ") + name : doc,
            [of, part](MaterialConfig& m, const Value& v, const Entry&) { (m.*of).*part = v.real; },
            alias ? MaterialRead()
                  : [of, part](const MaterialConfig& m) {
                        const double x = (m.*of).*part;
                        return x != 0 ? number(x) : none;
                    });
        if (alias) s.alias_of = name;
        t.push_back(s);
    }
}

void add_torque(std::vector<KeywordSpec>& t, const char* which, Constants of,
                std::initializer_list<const char*> relaxation,
                std::initializer_list<const char*> precession, const char* asymmetry) {
    const std::string polariser = std::string("sim:") + which + "-torque-polarization-unit-vector";
    constant(t, relaxation, of, &SpinTorqueConstants::relaxation, K::real, D::field, -100, 100,
             "0 T",
             std::string("damping-like (anti-damping) ") + which +
                 " torque a_j: dS/dt gets -gamma a_j S x (S x p), p = " + polariser +
                 " (pushes S towards p for a_j > 0); docs/physics.md");
    constant(t, precession, of, &SpinTorqueConstants::precession, K::real, D::field, -100, 100,
             "0 T",
             std::string("field-like ") + which +
                 " torque b_j: dS/dt gets -gamma b_j S x p, a precession about p as a field b_j p "
                 "would give without its damping");
    constant(t, {asymmetry}, of, &SpinTorqueConstants::asymmetry, K::real, D::none, 0, 0.99, "0",
             std::string("asymmetry lambda of the ") + which +
                 " torque: both parts scale as 1 / (1 + lambda S . p) (Slonczewski's angular "
                 "dependence; VAMPIRE's master branch reads it and leaves it out). Below 1: at "
                 "lambda >= 1 the factor diverges where S . p = -1 / lambda (VAMPIRE allows 100)");
}

void polariser(std::vector<KeywordSpec>& t, const char* name, Vec3 SpinTorqueSection::*field,
               const std::string& doc) {
    t.push_back(row(
        "sim", name, K::direction, D::none, 0, 0, "none", doc,
        [field](SpinTorqueSettings& c, const Value& v, const Entry&) { c.torques.*field = v.vec; },
        [field](const SpinTorqueSettings& c) {
            return c.torques.*field != Vec3{0, 0, 0} ? unit_vector(c.torques.*field) : none;
        }));
}

void add_current_rows(std::vector<KeywordSpec>& t);

void add_rows(std::vector<KeywordSpec>& t) {
    polariser(t, "spin-transfer-torque-polarization-unit-vector",
              &SpinTorqueSection::stt_polarisation,
              "the spin-transfer torque's polariser p (normalised): the fixed layer's "
              "magnetisation the current's spins are aligned with");
    t.push_back(t.back());  // VAMPIRE's earlier name of it
    t.back().name = "slonczewski-spin-polarization-unit-vector";
    t.back().doc = "VAMPIRE's earlier name of spin-transfer-torque-polarization-unit-vector";
    t.back().alias_of = "spin-transfer-torque-polarization-unit-vector";
    t.back().read = nullptr;
    polariser(t, "spin-orbit-torque-polarization-unit-vector", &SpinTorqueSection::sot_polarisation,
              "the spin-orbit torque's polarisation p (normalised): the spin direction the "
              "heavy-metal current accumulates at the interface (z x j for a current j in the "
              "plane of a film along z, up to the spin Hall angle's sign)");
    add_torque(t, "spin-transfer", &MaterialConfig::stt,
               {"spin-transfer-relaxation-torque", "slonczewski-adiabatic-spin-torque",
                "spin-transfer-torque", "antidamping-torque"},
               {"spin-transfer-precession-torque", "slonczewski-non-adiabatic-spin-torque",
                "field-like-torque", "slonczewski-precession-spin-torque"},
               "spin-transfer-torque-asymmetry");
    add_torque(
        t, "spin-orbit", &MaterialConfig::sot,
        {"spin-orbit-relaxation-torque", "spin-orbit-anti-damping-torque"},
        {"spin-orbit-precession-torque", "spin-orbit-torque", "spin-orbit-field-like-torque"},
        "spin-orbit-torque-asymmetry");
    add_current_rows(t);
}

// The Zhang-Li current and the materials' constants (hamiltonian/current_torque.hpp).
void add_current_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "current-density", K::real_or_triple, D::current_density, -1e14, 1e14, "none",
        "the current density j = jx, jy, jz flowing in the magnet, conventional direction (a "
        "miniASD keyword): with material[i]:spin-polarisation, the Zhang-Li torques move textures "
        "with u = -P mu_B j / (|e| M_s), along the electrons' flow; docs/physics.md",
        [](SpinTorqueSettings& c, const Value& v, const Entry& e) {
            if (!v.triple)
                entry_error(e,
                            "expected three components jx, jy, jz (the current's direction "
                            "matters), like 1e12, 0, 0 !A/m2");
            c.torques.current_density = v.vec;
        },
        [](const SpinTorqueSettings& c) {
            return c.torques.current_density != Vec3{0, 0, 0} ? triple(c.torques.current_density)
                                                              : none;
        }));
    auto material_number = [&t](std::initializer_list<const char*> names,
                                double MaterialConfig::*field, const std::string& doc) {
        const char* name = *names.begin();
        for (const char* n : names) {
            const bool alias = n != name;
            KeywordSpec s = mat(
                n, K::real, D::none, -1, 1, "0",
                alias ? std::string("other spelling of ") + name : doc,
                [field](MaterialConfig& m, const Value& v, const Entry&) { m.*field = v.real; },
                alias ? MaterialRead()
                      : [field](const MaterialConfig&
                                    m) { return m.*field != 0 ? number(m.*field) : none; });
            if (alias) s.alias_of = name;
            t.push_back(s);
        }
    };
    material_number({"spin-polarisation", "spin-polarization"}, &MaterialConfig::spin_polarisation,
                    "spin polarisation P of the current sim:current-density in this material (a "
                    "miniASD keyword): the Zhang-Li torques' drift velocity is proportional to it");
    material_number({"non-adiabaticity"}, &MaterialConfig::non_adiabaticity,
                    "non-adiabaticity beta of the Zhang-Li torques (a miniASD keyword): the "
                    "non-adiabatic torque beta S x (u . grad) S; a wall below Walker breakdown "
                    "moves at beta u / alpha");
}

bool acts(const SpinTorqueConstants& k) {
    return k.relaxation != 0 || k.precession != 0;
}

// The first keyword of a material's torque that was given, for a message.
const Entry& constant_entry(const Seen& seen, std::size_t m, bool stt) {
    const std::string p = "material[" + std::to_string(m + 1) + "]:";
    static const char* const names[2][2] = {
        {"spin-orbit-relaxation-torque", "spin-orbit-precession-torque"},
        {"spin-transfer-relaxation-torque", "spin-transfer-precession-torque"}};
    for (const char* name : names[stt ? 1 : 0])
        if (const Entry* e = given(seen, p + name)) return *e;
    return seen.begin()->second;  // unreachable: a nonzero constant was given
}

// The entry of a keyword the check found set (so given, under this canonical name).
const Entry& entry(const Seen& seen, const std::string& key) {
    const Entry* e = given(seen, key);
    if (!e) throw LocalError("internal error: " + key + " is set but was not given");
    return *e;
}

// A current needs a polarised material to act on, a polarisation a current, and beta both.
void check_current(const SpinTorqueSettings& c, const Seen& seen) {
    const bool flows = c.torques.current_density != Vec3{0, 0, 0};
    bool polarised = false;
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        const MaterialConfig& mc = c.materials[m];
        const std::string p = "material[" + std::to_string(m + 1) + "]:";
        polarised = polarised || mc.spin_polarisation != 0;
        if (mc.spin_polarisation != 0 && !flows)
            fail(entry(seen, p + "spin-polarisation"),
                 "acts only with a current: add sim:current-density = jx, jy, jz !A/m2");
        if (mc.non_adiabaticity != 0 && (mc.spin_polarisation == 0 || !flows))
            fail(entry(seen, p + "non-adiabaticity"),
                 "acts only on a current's spins: it needs material" + p.substr(8) +
                     "spin-polarisation and sim:current-density");
    }
    if (flows && !polarised)
        fail(seen.at("sim:current-density"),
             "no material carries a spin-polarised current: add material[i]:spin-polarisation = "
             "P (from -1 to 1)");
}

void check(SpinTorqueSettings& c, const Seen& seen, std::vector<std::string>&) {
    check_current(c, seen);
    for (std::size_t m = 0; m < c.materials.size(); ++m)
        for (const bool stt : {true, false}) {
            const MaterialConfig& mc = c.materials[m];
            if (!acts(stt ? mc.stt : mc.sot)) continue;
            const Vec3& p = stt ? c.torques.stt_polarisation : c.torques.sot_polarisation;
            if (p == Vec3{0, 0, 0})
                fail(constant_entry(seen, m, stt),
                     std::string("needs its polariser: add sim:") +
                         (stt ? "spin-transfer" : "spin-orbit") +
                         "-torque-polarization-unit-vector = x, y, z");
        }
}

}  // namespace

bool has_spin_torque(const SpinTorqueSettings& c) {
    for (const MaterialConfig& m : c.materials)
        if (acts(m.stt) || acts(m.sot)) return true;
    return false;
}

bool has_current_torque(const SpinTorqueSettings& c) {
    if (c.torques.current_density == Vec3{0, 0, 0}) return false;
    for (const MaterialConfig& m : c.materials)
        if (m.spin_polarisation != 0) return true;
    return false;
}

SectionOf<SpinTorqueSettings> spin_torque_section() {
    return {"spin torques", add_rows, check};
}

}  // namespace miniasd
