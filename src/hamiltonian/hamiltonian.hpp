// The spin Hamiltonian: the terms a configuration needs, evaluated together chunk by chunk.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hamiltonian/exchange.hpp"
#include "hamiltonian/term.hpp"
#include "hamiltonian/zeeman.hpp"
#include "input/config.hpp"
#include "system/local_system.hpp"
#include "util/exact_sum.hpp"

namespace miniasd {

class Hamiltonian {
  public:
    Hamiltonian(const Config& c, const LocalSystem& sys);

    // Writes the total deterministic field (T) of owned atoms [begin, end) into h, h.x[0] being
    // atom `begin`. Meant for chunks of a few hundred atoms, so h stays in L1 while every term
    // adds to it; thread-safe for disjoint chunks.
    void field(const SpinView& s, std::int64_t begin, std::int64_t end, FieldView h) const;

    // Adds the energy (J) of every owned atom in [begin, end) to by_kind[TermKind] one atom at a
    // time (exact sums: the statistics do not depend on the grouping). Thread-safe.
    void add_atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                           ExactSum* by_kind) const;

    // Energy change (J) of the interactions of owned atom i when its spin goes from `from` to
    // `to` (a single-spin move), term by term as cheaply as each allows. Thread-safe.
    double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                              const double* to) const;

    // The applied field B (T), which programs change during a run (hysteresis, field cooling).
    const Vec3& applied_field() const { return zeeman_->field(); }
    void set_applied_field(const Vec3& b);

    // Whether any term reads the system's neighbour table after construction (Exchange keeps its
    // own compact form for one material): if not, the owner releases the table's memory.
    bool needs_neighbour_table() const { return needs_table_; }
    // Neighbour k < LocalSystem::width of owned atom i (the null atom pads short rows), valid
    // after the table's release: integrators plan their sweeps with it.
    std::int32_t neighbour(std::int64_t i, int k) const { return exchange_->neighbour(i, k); }

  private:
    void choose_active();

    std::vector<std::unique_ptr<Term>> terms_;  // every term, for energies
    std::vector<const Term*> active_;           // terms with a non-zero field, for field()
    std::vector<bool> nonzero_;                 // [term]: its constants are not all zero
    Zeeman* zeeman_ = nullptr;                  // the applied-field term (in terms_)
    const Exchange* exchange_ = nullptr;        // the exchange term (in terms_)
    bool needs_table_ = true;
};

}  // namespace miniasd
