// The spin torques' section (spin_torque_section.hpp): the rows of the polarisers (sim:) and of the
// materials' torque constants (material[i]:, MaterialConfig::stt and sot), VAMPIRE's names with
// its aliases, and the checks across them: a torque needs its polariser, and runs only where it
// is defined (the LLG integrator; not Monte Carlo, not the relaxation).
#include "hamiltonian/spin_torque_section.hpp"
#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using input_checks::fail;

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
        [field](Config& c, const Value& v, const Entry&) { c.torques.*field = v.vec; },
        [field](const Config& c) {
            return c.torques.*field != Vec3{0, 0, 0} ? unit_vector(c.torques.*field) : none;
        }));
}

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

void check(Config& c, const Seen& seen) {
    bool any = false;
    for (std::size_t m = 0; m < c.materials.size(); ++m)
        for (const bool stt : {true, false}) {
            const MaterialConfig& mc = c.materials[m];
            if (!acts(stt ? mc.stt : mc.sot)) continue;
            any = true;
            const Vec3& p = stt ? c.torques.stt_polarisation : c.torques.sot_polarisation;
            if (p == Vec3{0, 0, 0})
                fail(constant_entry(seen, m, stt),
                     std::string("needs its polariser: add sim:") +
                         (stt ? "spin-transfer" : "spin-orbit") +
                         "-torque-polarization-unit-vector = x, y, z");
        }
    if (!any) return;
    if (c.sim.integrator == IntegratorKind::monte_carlo)
        fail(seen.at("sim:integrator"),
             "monte-carlo has no spin torques (they are not the gradient of an energy, so no "
             "Metropolis move can include them): use llg-heun");
    if (c.sim.program == ProgramKind::relax)
        fail(seen.at("sim:program"),
             "relax minimises the energy, which spin torques are not part of: run a time series "
             "with the torques, or relax without them");
    if (c.relax.first)
        fail(seen.at("sim:relax-first"),
             "the relaxation minimises the energy, which spin torques are not part of: relax in "
             "a run of its own, and start this one from its spins (sim:initial-spin-file)");
}

}  // namespace

bool has_spin_torque(const Config& c) {
    for (const MaterialConfig& m : c.materials)
        if (acts(m.stt) || acts(m.sot)) return true;
    return false;
}

Section spin_torque_section() {
    return {"spin torques", add_rows, check};
}

}  // namespace miniasd
