// A material's rows that change how its atoms move or what drives them (material[i]:, VAMPIRE's
// names): its relative gyromagnetic ratio, its temperature rescaling and its own applied field.
// Part of the materials' section (material_keywords.cpp).
#include "input/keyword_rows.hpp"
#include "system/material_section.hpp"
#include "system/system_settings.hpp"

namespace miniasd {

using namespace keyword_rows;

void add_dynamics_rows(std::vector<Keyword<SystemSettings>>& t) {
    t.push_back(mat(
        "relative-gamma", K::real, D::none, 0.01, 100, "1",
        "gyromagnetic ratio in units of the free electron's: it scales the whole LLG right-hand "
        "side of this material's atoms (precession, damping and every torque), and its thermal "
        "field's variance as 1/relative-gamma (fluctuation-dissipation); Monte Carlo is "
        "unchanged (VAMPIRE's meaning)",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.relative_gamma = v.real; },
        [](const MaterialConfig& m) {
            return m.relative_gamma != 1.0 ? number(m.relative_gamma) : none;
        }));
    t.push_back(mat(
        "temperature-rescaling-exponent", K::real, D::none, -10, 10, "1",
        "exponent alpha of the temperature rescaling: below temperature-rescaling-curie-"
        "temperature T_c the thermal field and Monte Carlo use T_c (T/T_c)^alpha (Evans et al., "
        "PRB 91, 144425 (2015)), so that a classical model's m(T) follows the measured curve",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.rescaling_exponent = v.real; },
        [](const MaterialConfig& m) {
            return m.rescaling_exponent != 1.0 ? number(m.rescaling_exponent) : none;
        }));
    t.push_back(mat(
        "temperature-rescaling-curie-temperature", K::real, D::temperature, 0, 1e4, "0 K",
        "T_c of the temperature rescaling (0: none); at and above it T is unchanged",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.rescaling_curie = v.real; },
        [](const MaterialConfig& m) {
            return m.rescaling_curie != 0 ? number(m.rescaling_curie) : none;
        }));
    t.push_back(mat(
        "temperature", K::real, D::temperature, 0, 1e5, "none",
        "this material's own temperature: once any material gives one, every material's thermal "
        "field runs at its own (0 K where not given) instead of sim:temperature, VAMPIRE's local "
        "temperature (LLG only; programs that change the temperature refuse it)",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.temperature = v.real;
            m.temperature_set = true;
        },
        [](const MaterialConfig& m) { return m.temperature_set ? number(m.temperature) : none; }));
    t.push_back(mat(
        "use-phonon-temperature", K::choice, D::none, 0, 0, "false",
        "true (or the bare keyword): under sim:program = laser-pulse with a two-temperature "
        "profile this material's thermal field takes the phonon (lattice) temperature instead "
        "of the electrons' (VAMPIRE's; a phonon-mediated layer, a substrate)",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.phonon_coupled = v.text == "true";
        },
        [](const MaterialConfig& m) { return m.phonon_coupled ? word("true") : none; }));
    t.back().choices = "true|false";
    t.back().bare_choice = "true";
    t.push_back(mat(
        "minimum-temperature", K::real, D::temperature, 0, 1e6, "0 K",
        "sim:program = localised-field-cool: the temperature this material's thermal field cools "
        "to (VAMPIRE's; it makes the temperatures local, as material[i]:temperature does)",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.minimum_temperature = v.real;
            m.temperature_range_set = true;
        },
        [](const MaterialConfig& m) {
            return m.temperature_range_set ? number(m.minimum_temperature) : none;
        }));
    t.push_back(mat(
        "maximum-temperature", K::real, D::temperature, 0, 1e6, "0 K",
        "sim:program = localised-field-cool: the temperature this material's cooling starts from",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.maximum_temperature = v.real;
            m.temperature_range_set = true;
        },
        [](const MaterialConfig& m) {
            return m.temperature_range_set ? number(m.maximum_temperature) : none;
        }));
    t.push_back(mat(
        "applied-field-strength", K::real, D::field, -1e5, 1e5, "0 T",
        "a constant applied field on this material's atoms along its applied-field-unit-vector, "
        "added to sim:applied-field-strength (which programs sweep; this one stays), VAMPIRE's "
        "meaning",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.applied_field = v.real; },
        [](const MaterialConfig& m) {
            return m.applied_field != 0 ? number(m.applied_field) : none;
        }));
    t.push_back(mat(
        "applied-field-unit-vector", K::direction, D::none, 0, 0, "0,0,1",
        "direction of this material's own applied field (normalised)",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.applied_field_direction = v.vec; },
        [](const MaterialConfig& m) {
            return m.applied_field_direction != Vec3{0, 0, 1}
                       ? unit_vector(m.applied_field_direction)
                       : none;
        }));
    t.push_back(mat(
        "fmr-field-strength", K::real, D::field, 0, 1e5, "0 T",
        "sim:program = fmr: the amplitude H of this material's own oscillating field "
        "H sin(2 pi f t) along its fmr-field-unit-vector, added to the run's (VAMPIRE's)",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.fmr_strength = v.real; },
        [](const MaterialConfig& m) {
            return m.fmr_strength != 0 ? number(m.fmr_strength) : none;
        }));
    t.push_back(mat(
        "fmr-field-frequency", K::real, D::frequency, 0, 1e14, "0 Hz",
        "sim:program = fmr: the frequency f of this material's oscillating field",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.fmr_frequency = v.real; },
        [](const MaterialConfig& m) {
            return m.fmr_frequency != 0 ? number(m.fmr_frequency) : none;
        }));
    t.push_back(mat(
        "fmr-field-unit-vector", K::direction, D::none, 0, 0, "none",
        "sim:program = fmr: the direction of this material's oscillating field (normalised; "
        "VAMPIRE's default is none, so give it with the strength)",
        [](MaterialConfig& m, const Value& v, const Entry&) { m.fmr_direction = v.vec; },
        [](const MaterialConfig& m) {
            return m.fmr_direction != Vec3{0, 0, 0} ? unit_vector(m.fmr_direction) : none;
        }));
}

}  // namespace miniasd
