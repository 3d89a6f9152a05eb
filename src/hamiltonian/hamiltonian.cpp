#include "hamiltonian/hamiltonian.hpp"
#include "hamiltonian/hamiltonian_settings.hpp"

#include <algorithm>

#include "hamiltonian/current_driven.hpp"
#include "util/building.hpp"
#include "util/error.hpp"

namespace miniasd {

Hamiltonian::Hamiltonian(const HamiltonianPlan& plan, const HamiltonianSettings& c,
                         const Vec3& applied_field, const Lattice& l, const MaterialMap& materials,
                         const LocalSystem& sys, const parallel::Comm& comm)
    : sys_(sys), comm_(comm), reach_(plan.reach) {
    if (sys.width != reach_.width())
        throw LocalError(
            "internal error: the system's neighbour table was not built on the "
            "Hamiltonian's reach");
    std::vector<double> moments;
    for (const MaterialConfig& m : c.materials)
        moments.push_back(m.moment);
    int neighbour_terms = 0;
    for (std::size_t t = 0; t < plan.recipes.size(); ++t) {
        const TermRecipe& recipe = plan.recipes[t];
        const TermContext context{
            c, l, materials, sys, moments, plan.columns[t], &comm, applied_field};
        const Building scope(std::string("the ") + recipe.name + " term's tables");
        if (plan.reaches[t].locality == Locality::non_local) {
            if (!recipe.make_stage)
                throw LocalError(std::string("internal error: the non-local term ") + recipe.name +
                                 " has no stage");
            stages_.push_back(recipe.make_stage(context));
            NonLocalStage* stage = stages_.back().get();
            stage_ptrs_.push_back(stage);
            between_stages_ =
                between_stages_ || stage->rhythm() == NonLocalStage::Rhythm::every_evaluation;
            terms_.push_back(std::make_unique<HeldFieldTerm>(*stage));
            continue;
        }
        if (!recipe.make)
            throw LocalError(std::string("internal error: the local term ") + recipe.name +
                             " has no maker");
        terms_.push_back(recipe.make(context));
        LocalTerm* term = terms_.back().get();
        if (auto* z = dynamic_cast<Zeeman*>(term)) zeeman_ = z;
        if (auto* f = dynamic_cast<MaterialField*>(term)) material_field_ = f;
        if (auto* q = dynamic_cast<CurrentDriven*>(term)) driven_.push_back(q);
        if (auto* x = dynamic_cast<const Exchange*>(term)) exchange_ = x;
        neighbour_terms += plan.reaches[t].locality == Locality::neighbours;
    }
    if (!zeeman_) throw LocalError("internal error: the Hamiltonian needs its applied field");
    // The general exchange (tensor_exchange.hpp) reads the table itself.
    needs_table_ = !exchange_ || exchange_->needs_neighbour_table() || neighbour_terms > 1 ||
                   exchange_->width() != sys.width;
    choose_active();
}

void Hamiltonian::prepare(const SpinView& s) {
    for (NonLocalStage* stage : stage_ptrs_)
        stage->prepare(s, comm_);
}

void Hamiltonian::begin_step(std::int64_t step) {
    for (NonLocalStage* stage : stage_ptrs_)
        stage->begin_step(step);
}

void Hamiltonian::begin_iteration(std::int64_t k) {
    for (NonLocalStage* stage : stage_ptrs_)
        stage->begin_step(k * stage->update_rate());
}

std::vector<std::pair<std::string, std::vector<std::pair<std::string, double>>>>
Hamiltonian::figures() const {
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, double>>>> out;
    for (const auto& t : terms_) {
        auto f = t->figures();
        if (const auto* face = dynamic_cast<const HeldFieldTerm*>(t.get()))
            f = face->stage().figures();
        if (!f.empty()) out.emplace_back(t->name(), std::move(f));
    }
    return out;
}

std::vector<std::string> Hamiltonian::term_names() const {
    std::vector<std::string> names;
    for (const auto& t : terms_)
        names.emplace_back(t->name());
    return names;
}

void Hamiltonian::set_applied_field(const Vec3& b) {
    zeeman_->set_field(b);
    choose_active();
}

void Hamiltonian::set_material_oscillating_field(const std::vector<double>& b) {
    if (material_field_) material_field_->set_oscillating(b);
}

double Hamiltonian::current() const {
    return driven_.empty() ? 1.0 : driven_.front()->current();
}

void Hamiltonian::set_current(double fraction) {
    if (driven_.empty()) return;  // no torque: the current acts on nothing
    for (CurrentDriven* t : driven_)
        t->set_current(fraction);
    choose_active();
}

// A term whose constants are all zero adds nothing to any field or energy: leave it out of the
// loops. The held field of a stage prepared once per step is the integrator's to add.
void Hamiltonian::choose_active() {
    active_.clear();
    unheld_.clear();
    non_quadratic_.clear();
    held_ = nullptr;
    for (const auto& t : terms_) {
        if (!t->active()) continue;
        active_.push_back(t.get());
        if (!t->quadratic()) non_quadratic_.push_back(t.get());
        const auto* face = dynamic_cast<const HeldFieldTerm*>(t.get());
        if (face && face->stage().rhythm() == NonLocalStage::Rhythm::every_step && !held_)
            held_ = face;
        else
            unheld_.push_back(t.get());
    }
}

void Hamiltonian::field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h,
                        bool held) const {
    const std::int64_t n = end - begin;
    std::fill(h.x, h.x + n, 0.0);
    std::fill(h.y, h.y + n, 0.0);
    std::fill(h.z, h.z + n, 0.0);
    for (const LocalTerm* t : held ? active_ : unheld_)
        t->add_field(s, begin, end, h);
}

void Hamiltonian::add_atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                    ExactSum* by_kind) const {
    for (const LocalTerm* t : active_) {
        if (!t->conservative()) continue;  // a drive (the spin torques) has no energy to sum
        ExactSum& sum = by_kind[static_cast<int>(t->kind())];
        constexpr std::int64_t batch = 256;
        double e[batch];
        for (std::int64_t b = begin; b < end; b += batch) {
            const std::int64_t n = std::min(batch, end - b);
            t->atom_energies(s, b, b + n, e);
            for (std::int64_t i = 0; i < n; ++i)
                sum.add(e[i]);
            if (!t->has_dmi_part()) continue;
            // Exact sums: the kind's total less the DMI part, and the DMI column, are exact.
            ExactSum& dmi = by_kind[static_cast<int>(TermKind::dmi)];
            t->dmi_energies(s, b, b + n, e);
            for (std::int64_t i = 0; i < n; ++i) {
                sum.add(-e[i]);
                dmi.add(e[i]);
            }
        }
    }
}

void Hamiltonian::atom_total_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                      double* e) const {
    const std::int64_t n = end - begin;
    std::fill(e, e + n, 0.0);
    double term[256];
    for (const LocalTerm* t : active_) {
        if (!t->conservative()) continue;
        t->atom_energies(s, begin, end, term);
        for (std::int64_t i = 0; i < n; ++i)
            e[i] += term[i];
    }
}

bool Hamiltonian::non_quadratic_parts(const SpinView& s, std::int64_t begin, std::int64_t end,
                                      FieldView q, double* e) const {
    if (non_quadratic_.empty()) return false;
    const std::int64_t n = end - begin;
    std::fill(q.x, q.x + n, 0.0);
    std::fill(q.y, q.y + n, 0.0);
    std::fill(q.z, q.z + n, 0.0);
    std::fill(e, e + n, 0.0);
    double term[256];
    for (const LocalTerm* t : non_quadratic_) {
        t->add_field(s, begin, end, q);
        if (!t->conservative()) continue;
        t->atom_energies(s, begin, end, term);
        for (std::int64_t i = 0; i < n; ++i)
            e[i] += term[i];
    }
    return true;
}

double Hamiltonian::site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                                       const double* to) const {
    double e = 0;
    for (const LocalTerm* t : active_)
        e += t->site_energy_change(s, i, from, to);
    return e;
}

}  // namespace miniasd
