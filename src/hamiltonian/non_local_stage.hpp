// A non-local stage of the spin Hamiltonian: a collective computation over every rank's spins on
// a rhythm of its own (the dipolar field's FFT every dipole:field-update-rate steps, a
// macro-cell sum), whose result, a field per owned atom, it holds until it runs again. Its local
// face is the held-field kernel (kernels/held_field.hpp): the Hamiltonian wraps it as one more
// local term in the recipes' order, so fields, energies and single-spin changes read the held
// field through the same kernels as every other term. The stage saves and restores what its
// held state was computed from in a checkpoint. Whatever it reduces over ranks it reduces exactly
// (util/exact_sum.hpp), so its field, like every other, has the same bits on any decomposition.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hamiltonian/energy_kinds.hpp"
#include "hamiltonian/kernel_term.hpp"
#include "kernels/held_field.hpp"
#include "system/spins.hpp"

namespace miniasd {

namespace parallel {
class Comm;
}

class NonLocalStage {
  public:
    virtual ~NonLocalStage() = default;
    virtual const char* name() const = 0;
    virtual TermKind kind() const = 0;

    // When prepare must run. every_evaluation: before every field evaluation, predictor and
    // corrector alike (the field follows the predicted spins; no sweep may fuse the stages).
    // every_step: at the start of a time step only; the field is held through the step, and
    // the integrator adds it once per step with the thermal field instead of at each stage's
    // field (Hamiltonian::field without held fields), so the stages may fuse.
    enum class Rhythm { every_evaluation, every_step };
    virtual Rhythm rhythm() const = 0;

    // Called on every rank at the start of each time step (Monte Carlo sweep) with the run
    // state's step number, before that step's prepare calls. A stage whose computation is not
    // due every step (the dipolar field's update rate) keys it on this.
    virtual void begin_step(std::int64_t step) { (void)step; }
    // Steps between two computations (begin_step's due steps are its multiples): a relaxation
    // begins iteration k as step k * update_rate(), so the stage computes at every iteration.
    virtual std::int64_t update_rate() const { return 1; }
    // Collective over `comm`: computes the held field when due from every owned spin of `s`
    // (ghosts may be stale).
    virtual void prepare(const SpinView& s, const parallel::Comm& comm) = 0;
    // What the stage holds, read by its local face. The arrays keep their address for the
    // stage's lifetime; their values change at prepare.
    virtual kernels::HeldFieldView held() const = 0;
    // Whether prepare, after begin_step(step), may read the spins (compute afresh): a GPU
    // integrator copies the spins to the host only then. True unless the stage knows better.
    virtual bool reads_spins_at(std::int64_t step) const {
        (void)step;
        return true;
    }
    // A number that changes whenever the held values change (a count of evaluations), so a copy
    // of them (a GPU's) knows when it is stale; -1: unknown, take them afresh every step.
    virtual std::int64_t version() const { return -1; }

    virtual std::vector<std::pair<std::string, double>> figures() const { return {}; }

    // Checkpoints. The step whose spins the held state was computed from, when a run continued
    // at `step` (a checkpoint's) needs them besides that step's spins, or -1: the dipolar field
    // between two evaluations, the step of the last one.
    virtual std::int64_t held_step(std::int64_t step) const {
        (void)step;
        return -1;
    }
    // The owned atoms' spins at held_step() (valid when it is not -1), for the checkpoint.
    virtual const Spins* held_spins() const { return nullptr; }
    // A continued run: the spins held_spins() gave at held_step(), read back on any
    // decomposition; the stage computes its held state from them at its first prepare.
    virtual void restore_held_spins(Spins s, std::int64_t step) {
        (void)s;
        (void)step;
    }
};

// A stage's local face: the held-field kernel over what the stage holds, under its name and
// energy kind, in the place of the stage's recipe among the terms.
class HeldFieldTerm final : public KernelTerm<kernels::HeldFieldView, true> {
  public:
    explicit HeldFieldTerm(const NonLocalStage& stage) : stage_(stage) { view_ = stage.held(); }
    const char* name() const override { return stage_.name(); }
    TermKind kind() const override { return stage_.kind(); }
    const NonLocalStage& stage() const { return stage_; }

  private:
    const NonLocalStage& stage_;
};

}  // namespace miniasd
