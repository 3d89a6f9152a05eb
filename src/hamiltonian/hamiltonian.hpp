// The spin Hamiltonian: the terms an input uses (hamiltonian/term_registry.hpp), evaluated together
// chunk by chunk, and the union of their reaches, from which the integrators plan their sweeps.
// Local terms (hamiltonian/local_term.hpp) own tables and the views their kernels read;
// non-local stages (hamiltonian/non_local_stage.hpp) run collectively on their rhythm, and their
// held fields join the local terms as held-field terms in the recipes' order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hamiltonian/exchange.hpp"
#include "hamiltonian/local_term.hpp"
#include "hamiltonian/non_local_stage.hpp"
#include "hamiltonian/reach.hpp"
#include "hamiltonian/term_registry.hpp"
#include "hamiltonian/zeeman.hpp"
#include "system/local_system.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

class CurrentDriven;  // hamiltonian/current_driven.hpp

class Hamiltonian {
  public:
    // Builds the plan's terms on `sys`, which was built on plan.reach.offsets(), with the applied
    // field `applied_field` (T; set_applied_field changes it). `comm` (kept by reference) is what
    // non-local terms' prepare stages run on.
    Hamiltonian(const HamiltonianPlan& plan, const HamiltonianSettings& c,
                const Vec3& applied_field, const Lattice& l, const MaterialMap& materials,
                const LocalSystem& sys, const parallel::Comm& comm);

    // Collective (every rank of the communicator): each non-local stage, on the current owned
    // spins. Call once per field evaluation, before field(), the energies or
    // site_energy_change read the spins of s; nothing when every term is local.
    void prepare(const SpinView& s);
    // The start of time step (Monte Carlo sweep) `step` of the run state, before its prepare
    // calls: stages whose computation is not due every step key it on this. Not collective.
    void begin_step(std::int64_t step);
    // The start of a minimiser's iteration `k` (integrate/minimiser.hpp): each stage computes
    // afresh at every iteration, whatever its update rate. Not collective.
    void begin_iteration(std::int64_t k);
    // The non-local stages, in the recipes' order (checkpoints ask them for what their held
    // state was computed from).
    const std::vector<NonLocalStage*>& stages() const { return stage_ptrs_; }
    // Every local term in the recipes' order, stages' held-field terms included: their names,
    // kernels and views (tests, a device's copy of the views).
    const std::vector<std::unique_ptr<LocalTerm>>& terms() const { return terms_; }
    // Whether any term has DMI energy (the DMI term, or a unit-cell file's tensor DMI in the
    // exchange): the exchange-energy columns, which include it, then say so.
    bool has_dmi() const {
        for (const auto& t : terms_)
            if (t->kind() == TermKind::dmi || t->has_dmi_part()) return true;
        return false;
    }

    // Writes the total deterministic field (T) of owned atoms [begin, end) into h, h.x[0] being
    // atom `begin`. Meant for chunks of a few hundred atoms, so h stays in L1 while every term
    // adds to it; thread-safe for disjoint chunks.
    // With held = false, the terms that hold their field through a step (held_field()) are left
    // out: the integrator adds that field itself, once per step.
    void field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h,
               bool held = true) const;
    // The field held through the step by a stage of rhythm every_step (T; x of every owned
    // atom, then y, then z), or nullptr: at most one.
    const double* held_field() const { return held_ ? held_->kernel_view().field : nullptr; }

    // Adds the energy (J) of every owned atom in [begin, end) to by_kind[TermKind] one atom at a
    // time (exact sums: the statistics do not depend on the grouping). Thread-safe.
    void add_atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                           ExactSum* by_kind) const;

    // Writes the total energy (J) of every owned atom in [begin, end) into e (e[0]: atom
    // `begin`; at most 256 atoms): each conservative term's, added in the recipes' order, so an
    // atom's total does not depend on the grouping (one exact sum per atom instead of one per
    // kind: the energy per atom of the statistics, stats/observables.cpp). Thread-safe.
    void atom_total_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                             double* e) const;

    // What the energy of owned atoms [begin, end) needs besides the total field H (at most 256
    // atoms): the quadratic terms' energies follow from their fields (LocalTerm::quadratic), so
    // the total energy is sum_i (-(1/2) mu_i S_i . (H_i - q_i) + e_i), with q the field of the
    // other active terms (T, written to q, q.x[0] being atom `begin`) and e their energies (J,
    // a drive's none). False, writing nothing, when every active term is quadratic. Thread-safe.
    bool non_quadratic_parts(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView q,
                             double* e) const;

    // Energy change (J) of the interactions of owned atom i when its spin goes from `from` to
    // `to` (a single-spin move), term by term as cheaply as each allows. Thread-safe.
    double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                              const double* to) const;

    // The applied field B (T), which programs change during a run (hysteresis, field cooling).
    const Vec3& applied_field() const { return zeeman_->field(); }
    void set_applied_field(const Vec3& b);
    // The materials' oscillating fields (T, signed strengths per material along their
    // material[i]:fmr-field-unit-vector), added to their own constant ones; nothing when no
    // material has an applied or oscillating field.
    void set_material_oscillating_field(const std::vector<double>& b);
    const std::vector<double>* material_oscillating_field() const {
        return material_field_ ? &material_field_->oscillating() : nullptr;
    }
    // The spin torques' current as a fraction of the full one (an electrical pulse ramps it);
    // 1 without spin torques.
    double current() const;
    void set_current(double fraction);

    // The union of the terms' reaches: the neighbour table's offsets per site, and whether a term
    // is non-local (then no sweep may fuse stages: prepare() must run between them).
    const ReachUnion& reach() const { return reach_; }
    bool non_local() const { return reach_.non_local(); }
    // Whether some non-local term must be prepared between the stages of a step (its field
    // follows the predicted spins): then no sweep may fuse the stages.
    bool prepares_between_stages() const { return between_stages_; }
    // The report's figures of each term and stage that has some, in the terms' order.
    std::vector<std::pair<std::string, std::vector<std::pair<std::string, double>>>> figures()
        const;
    // The names of the terms in use, in order, for the run's summary.
    std::vector<std::string> term_names() const;

    // Whether any term reads the system's neighbour table after construction: not when the
    // exchange is the only neighbour term, covers every column and keeps its own compact form
    // (one material); then the owner releases the table's memory.
    bool needs_neighbour_table() const { return needs_table_; }
    // Neighbour k < LocalSystem::width of owned atom i (the null atom where absent), valid after
    // the table's release: integrators plan their sweeps with it.
    std::int32_t neighbour(std::int64_t i, int k) const {
        return needs_table_ ? sys_.neighbour(i, k) : exchange_->neighbour(i, k);
    }

  private:
    void choose_active();

    const LocalSystem& sys_;
    const parallel::Comm& comm_;
    ReachUnion reach_;
    std::vector<std::unique_ptr<LocalTerm>> terms_;  // every term, for energies
    std::vector<const LocalTerm*> active_;           // active terms, for field() and energies
    std::vector<const LocalTerm*> unheld_;           // active_ without held_
    std::vector<const LocalTerm*> non_quadratic_;    // active_ whose energy is not quadratic
    const HeldFieldTerm* held_ = nullptr;            // an every_step stage's field, if any
    std::vector<std::unique_ptr<NonLocalStage>> stages_;
    std::vector<NonLocalStage*> stage_ptrs_;
    Zeeman* zeeman_ = nullptr;                 // the applied-field term (in terms_)
    MaterialField* material_field_ = nullptr;  // the materials' own fields, if built
    std::vector<CurrentDriven*> driven_;       // the spin and current torques the input has
    const Exchange* exchange_ = nullptr;  // the nearest-neighbour exchange, if that is the path
    bool needs_table_ = true;
    bool between_stages_ = false;
};

}  // namespace miniasd
