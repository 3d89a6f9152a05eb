// One term of the spin Hamiltonian (docs/physics.md). Every term can add its effective field
// H_i = -(1/mu_i) dE/dS_i (tesla) to a range of owned atoms and report its energy (joules).
// Terms are evaluated chunk by chunk over atom ranges (hamiltonian.cpp), so all terms of a chunk
// work on data still in cache. A term declares its reach (hamiltonian/reach.hpp) through its
// recipe (hamiltonian/term_registry.hpp) before the system is built; docs/architecture.md has
// the recipe for adding one.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hamiltonian/energy_kinds.hpp"
#include "system/spins.hpp"
#include "util/vec3.hpp"

namespace miniasd {

namespace parallel {
class Comm;
}

class Term {
  public:
    virtual ~Term() = default;
    virtual const char* name() const = 0;
    virtual TermKind kind() const = 0;  // its energy column (hamiltonian/energy_kinds.hpp)
    // False when the term's constants are all zero at present: it adds nothing to any field or
    // energy, and the Hamiltonian leaves it out of its loops. Read again when the applied field
    // changes (Hamiltonian::set_applied_field).
    virtual bool active() const { return true; }
    // Figures for the end-of-run report (name, value on this rank), the same names on every
    // rank: the report gives each one's maximum over the ranks. None for most terms.
    virtual std::vector<std::pair<std::string, double>> figures() const { return {}; }
    // Non-local terms only: true when the term's prepare stage reads the spins at the start of a
    // time step only (the dipolar field, evaluated there and held through the step), so no
    // stage of a step needs it again and the integrator may fuse its stages. False (the
    // default): prepare before every field evaluation, predictor and corrector alike.
    virtual bool prepares_per_step() const { return false; }
    // Terms with prepares_per_step() only: the field the term holds through the whole step (T;
    // x of every owned atom, then y, then z), which an integrator may add once per step instead
    // of at each stage's field (Hamiltonian::field without held fields); nullptr for none.
    virtual const double* held_field() const { return nullptr; }
    // Non-local terms only: called on every rank at the start of each time step (Monte Carlo
    // sweep) with the run state's step number, before that step's prepare calls. A term whose
    // collective stage is not due every step (the dipolar field's update rate) keys it on this.
    virtual void begin_step(std::int64_t step) { (void)step; }
    // Non-local terms only: the step whose spins the term's held state was computed from, when
    // a run continued at `step` (a checkpoint's) needs them besides that step's spins, or -1. The
    // dipolar field between two evaluations: the step of the last one.
    virtual std::int64_t held_step(std::int64_t step) const {
        (void)step;
        return -1;
    }
    // The owned atoms' spins at held_step() (valid when it is not -1), for a checkpoint.
    virtual const Spins* held_spins() const { return nullptr; }
    // A continued run: the spins held_spins() gave at held_step(), read back on any
    // decomposition; the term computes its held state from them at its first prepare.
    virtual void restore_held_spins(Spins s, std::int64_t step) {
        (void)s;
        (void)step;
    }
    // Non-local terms only (Locality::non_local): called on every rank of `comm` once per field
    // evaluation, before any add_field or energy call of that evaluation, with every owned spin
    // of `s` current (ghosts may be stale). A collective stage: an FFT convolution, a macro-cell
    // sum. Whatever it reduces must be reduced exactly, so fields stay decomposition-independent.
    virtual void prepare(const SpinView& s, const parallel::Comm& comm) {
        (void)s;
        (void)comm;
    }
    // Adds this term's field of owned atoms [begin, end) to h (h.x[i - begin] for atom i).
    // Not thread-parallel inside: callers run chunks on threads.
    virtual void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                           FieldView h) const = 0;
    // Energy (J) attributed to each owned atom of [begin, end) into e[i - begin]. Pair terms give
    // each atom half of each link, so sums over all ranks count every pair once.
    virtual void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                               double* e) const = 0;
    // Energy (J) of every interaction that involves owned atom i, with its spin set to `si`
    // (unit vector) and all others as in s: pair terms count each of i's links whole. The
    // difference of two calls is the energy change of a single-spin move (Monte Carlo).
    virtual double site_energy(const SpinView& s, std::int64_t i, const double* si) const = 0;
    // Energy change (J) when owned atom i goes from `from` to `to`: site_energy(to) -
    // site_energy(from), which a term may compute more cheaply.
    virtual double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                                      const double* to) const {
        return site_energy(s, i, to) - site_energy(s, i, from);
    }
};

}  // namespace miniasd
