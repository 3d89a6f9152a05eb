// The configuration's sections in the keyword table's order: the one list that names every
// feature's keywords. A feature's section lives beside its code and is typed on the feature's
// own settings (input/section.hpp); here it is composed onto the whole configuration, with the
// checks that span sections (cross_checks.hpp), which only the run can see.
#include "checkpoint/checkpoint_section.hpp"
#include "dipole/dipole_section.hpp"
#include "hamiltonian/anisotropy_forms.hpp"
#include "hamiltonian/spin_torque_section.hpp"
#include "input/vampire_keywords.hpp"
#include "integrate/gneb_section.hpp"
#include "integrate/relax_section.hpp"
#include "output/snapshot_section.hpp"
#include "run/config/cross_checks.hpp"
#include "run/config/keyword_table.hpp"
#include "run/config/limits_section.hpp"
#include "run/config/sim_section.hpp"
#include "run/programs/constraint_section.hpp"
#include "run/programs/pulse_section.hpp"
#include "run/programs/sweep_section.hpp"
#include "spectra/structure_factor_section.hpp"
#include "stats/columns_section.hpp"
#include "system/exchange_section.hpp"
#include "system/initial_state_section.hpp"
#include "system/material_section.hpp"
#include "system/structure_section.hpp"

namespace miniasd {

namespace {

using Check = std::function<void(Config&, const Seen&)>;

// A section on the whole configuration: a feature's (Config derives from its settings T) or the
// run's own (T is Config). The run's
// checks across sections, `across`, run after the section's own, where the section's checks ran
// before the sections were typed (so the first mistake reported is the same).
template <class T>
Section compose(const SectionOf<T>& s, const Check& across = nullptr,
                const Override& override_read = {}) {
    Section out{s.name, nullptr, nullptr, nullptr};
    out.add_rows = [add = s.add_rows, override_read](std::vector<KeywordSpec>& table) {
        std::vector<Keyword<T>> rows;
        add(rows);
        for (const Keyword<T>& r : rows) {
            KeywordSpec k = r.template in<Config>();
            if (override_read) override_read(k);
            table.push_back(std::move(k));
        }
    };
    if (s.check || across)
        out.check = [own = s.check, across](Config& c, const Seen& seen) {
            if (own) own(c, seen, c.warnings);
            if (across) across(c, seen);
        };
    if (s.warn)
        out.warn = [warn = s.warn](Config& c, const Seen& seen) { warn(c, seen, c.warnings); };
    return out;
}

std::vector<KeywordSpec> make_table() {
    std::vector<KeywordSpec> t;
    for (const Section& s : sections())
        s.add_rows(t);
    return t;
}

}  // namespace

const std::vector<Section>& sections() {
    static const std::vector<Section> all = {
        compose(structure_section()),
        compose(material_section(), cross_checks::materials),
        compose(anisotropy_forms_section()),
        compose(neel_section()),
        compose(exchange_section()),
        compose(sim_section()),
        compose(sweep_section()),
        compose(constraint_section()),
        compose(pulse_section()),
        compose(checkpoint_section()),
        compose(limits_section()),
        compose(initial_state_section(), cross_checks::initial_state),
        compose(relax_section(), cross_checks::relax, cross_checks::relax_lines),
        compose(gneb_section(), cross_checks::gneb),
        compose(snapshot_section(), cross_checks::snapshots),
        compose(columns_section()),
        compose(dipole_section()),
        compose(structure_factor_section(), cross_checks::structure_factor),
        compose(spin_torque_section(), cross_checks::spin_torques),
    };
    return all;
}

const std::vector<KeywordSpec>& keyword_table() {
    static const std::vector<KeywordSpec> table = make_table();
    return table;
}

const KeywordRows& keyword_table_rows() {
    static const KeywordRows rows = [] {
        KeywordRows r;
        for (const KeywordSpec& s : keyword_table())
            r.push_back(&s);
        return r;
    }();
    return rows;
}

const KeywordSpec* find_keyword(const std::string& section, const std::string& name) {
    for (const KeywordSpec& s : keyword_table())
        if (s.section == section && s.name == name) return &s;
    return nullptr;
}

std::string suggest_keyword(const Entry& e) {
    return suggest_keyword(keyword_table_rows(), e);
}

std::string keyword_reference_markdown() {
    return keyword_reference_markdown(keyword_table_rows());
}

std::string vampire_compatibility_markdown() {
    return vampire_compatibility_markdown(keyword_table_rows());
}

}  // namespace miniasd
