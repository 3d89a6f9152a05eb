// A local term of the spin Hamiltonian (docs/physics.md): its field at atom i,
// H_i = -(1/mu_i) dE/dS_i (tesla), reads S_i and the spins at the offsets its recipe declared
// (hamiltonian/reach.hpp, hamiltonian/term_registry.hpp). The physics is the term's kernel in
// src/kernels/ (field_at, energy_at, energy_change_at over a trivially copyable view); the class
// owns the tables the view points into and runs the CPU's traversals of them, evaluated chunk by
// chunk over atom ranges (hamiltonian.cpp) so all terms of a chunk work on data still in cache.
// Most terms are KernelTerm (hamiltonian/kernel_term.hpp), whose loops call the kernel per atom;
// the exchange terms add vectorised traversals of their stencil runs with the kernel's bits.
// docs/architecture.md has the recipe for adding one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hamiltonian/energy_kinds.hpp"
#include "kernels/local_terms.hpp"
#include "util/vec3.hpp"

namespace miniasd {

class LocalTerm {
  public:
    virtual ~LocalTerm() = default;
    virtual const char* name() const = 0;
    virtual TermKind kind() const = 0;  // its energy column (hamiltonian/energy_kinds.hpp)
    // False when the term's constants are all zero at present: it adds nothing to any field or
    // energy, and the Hamiltonian leaves it out of its loops. Read again when the applied field
    // changes (Hamiltonian::set_applied_field).
    virtual bool active() const { return true; }
    // False for a drive that is not the gradient of an energy (the spin torques): its energy is
    // zero and its field is not -(1/mu_i) dE/dS_i (the term contract test skips that check).
    virtual bool conservative() const { return true; }
    // True when the term's energy is a quadratic form in the spins, E(lambda S) = lambda^2 E(S)
    // with no constant part (bilinear bonds, a second-order on-site anisotropy). Then Euler's
    // theorem gives its total from its field, E = -(1/2) sum_i mu_i S_i . H_i, and the chain of
    // images (integrate/gneb.hpp) takes it from the field it has anyway
    // (Hamiltonian::non_quadratic_parts). The term contract test checks the identity.
    virtual bool quadratic() const { return false; }
    // Figures for the end-of-run report (name, value on this rank), the same names on every
    // rank: the report gives each one's maximum over the ranks. None for most terms.
    virtual std::vector<std::pair<std::string, double>> figures() const { return {}; }
    // The term's kernel and view (kernels/local_terms.hpp): what a device, or any per-atom
    // traversal, evaluates the term with, bit for bit as the methods below. None for a term
    // without a kernel (the tests' own terms): it runs on the CPU only. A copy of the view holds
    // the term's constants as they were: take it again after they change (the applied field,
    // Hamiltonian::set_applied_field); the tables it points into live as long as the term.
    virtual std::optional<kernels::TermView> view() const = 0;
    // Adds this term's field of owned atoms [begin, end) to h (h.x[i - begin] for atom i).
    // Not thread-parallel inside: callers run chunks on threads.
    virtual void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                           FieldView h) const = 0;
    // Energy (J) attributed to each owned atom of [begin, end) into e[i - begin]. Pair terms give
    // each atom half of each link, so sums over all ranks count every pair once.
    virtual void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                               double* e) const = 0;
    // The part of each atom's energy that belongs to the DMI column though the term is of
    // another kind (a unit-cell file's tensor DMI, in the exchange term): written to e when
    // has_dmi_part(), moved from kind() to TermKind::dmi by Hamiltonian::add_atom_energies.
    virtual bool has_dmi_part() const { return false; }
    virtual void dmi_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                              double* e) const {
        (void)s;
        for (std::int64_t i = begin; i < end; ++i)
            e[i - begin] = 0;
    }
    // Energy change (J) of every interaction that involves owned atom i when its spin goes from
    // `from` to `to` (unit vectors), all others as in s: pair terms count each of i's links
    // whole. A single-spin move's cost in Monte Carlo.
    virtual double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                                      const double* to) const = 0;
};

}  // namespace miniasd
