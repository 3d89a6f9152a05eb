// The dipolar (magnetostatic) field, a non-local stage (hamiltonian/non_local_stage.hpp): the
// exact point-dipole field of every atom on every other (dipole/dipole_solver.hpp), or VAMPIRE's
// macro-cell fields, evaluated collectively every dipole:field-update-rate steps and held in
// between, as VAMPIRE holds its field. The field is evaluated at the start of a due step, from
// the spins there, and serves both Heun stages and every trial of a Monte Carlo sweep; energies
// and single-spin energy changes read the held field through the held-field kernel.
// docs/physics.md ("Dipolar fields") has the physics, docs/architecture.md why the field has the
// same bits on any decomposition.
#include <array>
#include <chrono>
#include <cstring>
#include <memory>
#include <utility>

#include "dipole/dipole_solver.hpp"
#include "dipole/macro_cell_solver.hpp"
#include "hamiltonian/dipolar.hpp"
#include "hamiltonian/hamiltonian_settings.hpp"
#include "parallel/comm.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

class DipolarField final : public NonLocalStage {
  public:
    explicit DipolarField(const TermContext& t)
        : sys_(t.system), moments_(t.moments), rate_(t.config.dipole.update_rate) {
        if (!t.comm) throw LocalError("internal error: the dipolar field needs the communicator");
        if (t.config.dipole.exact()) {
            exact_ = std::make_unique<dipole::DipoleSolver>(
                t.lattice, t.system, *t.comm,
                t.config.dipole.boundary == DipoleBoundary::vacuum ? dipole::SurfaceTerm::vacuum
                                                                   : dipole::SurfaceTerm::tin_foil);
        } else {
            // tensor (and hierarchical): mean tensors within the cut-off; macrocell (and fft):
            // point tensors only.
            cells_ = std::make_unique<dipole::MacroCellSolver>(
                t.lattice, t.system, t.materials, t.moments, t.config.dipole.macro_cell_size,
                t.config.dipole.near_range(), *t.comm);
        }
        if (exact_) self_ = exact_->self_tensor();  // the macro-cell solvers: none
        held_spins_.resize(sys_.n_owned);
        m_.resize(std::size_t(3 * sys_.n_owned));
        b_.assign(m_.size(), 0.0);
        held_b_.assign(m_.size(), 0.0);
        if (cells_) h_.assign(m_.size(), 0.0);
    }
    const char* name() const override { return "dipolar"; }
    TermKind kind() const override { return TermKind::magnetostatic; }
    Rhythm rhythm() const override { return Rhythm::every_step; }  // evaluated at a step's start
    kernels::HeldFieldView held() const override {
        return {held_b_.data(),       sys_.n_owned,    (cells_ ? h_ : b_).data(),
                sys_.material.data(), moments_.data(), self_.data()};
    }

    void begin_step(std::int64_t step) override {
        // A run that starts between two evaluations (a checkpoint taken there) needs the field
        // of the last evaluation's spins, which the checkpoint carries (restore_held_spins).
        // Without them it would differ from the uninterrupted run: refuse. Every rank has the
        // same step, so every rank throws.
        if (first_step_ && step % rate_ != 0 && restored_step_ < 0)
            throw Error("the run starts at step " + std::to_string(step) +
                        ", between two evaluations of the dipolar field (every " +
                        std::to_string(rate_) +
                        " steps, dipole:field-update-rate), without the spins of the last "
                        "evaluation");
        first_step_ = false;
        step_ = step;
    }

    std::int64_t update_rate() const override { return rate_; }

    // prepare's rule below: nothing evaluated yet, or an update step not yet done.
    bool reads_spins_at(std::int64_t step) const override {
        return !evaluated_ || (step % rate_ == 0 && held_step_ != step);
    }
    std::int64_t version() const override { return evaluations_; }

    // A checkpoint at `step` between two evaluations carries the spins of the last one.
    std::int64_t held_step(std::int64_t step) const override {
        return step % rate_ == 0 ? -1 : step - step % rate_;
    }
    const Spins* held_spins() const override { return evaluated_ ? &held_spins_ : nullptr; }
    void restore_held_spins(Spins s, std::int64_t step) override {
        held_spins_ = std::move(s);
        restored_step_ = step;
    }

    // Collective: evaluates the field when due (never evaluated, or a due step not yet done).
    // A continued run's first evaluation, unless due, is the held field's: from the spins of the
    // checkpoint's last evaluation, the same bits as the run it continues held.
    void prepare(const SpinView& s, const parallel::Comm& comm) override {
        const bool due = step_ >= 0 && step_ % rate_ == 0 && held_step_ != step_;
        if (evaluated_ && !due) return;
        if (evaluated_ && unchanged(s, comm)) {
            // The spins of the held field (the start-up statistics' evaluation before step 0):
            // evaluating again would give the same bits.
            held_step_ = step_;
            return;
        }
        const bool restoring = restored_step_ >= 0 && !evaluated_ && !due;
        if (!restoring)
            for (std::int64_t i = 0; i < sys_.n_owned; ++i) {
                held_spins_.x[std::size_t(i)] = s.x[i];
                held_spins_.y[std::size_t(i)] = s.y[i];
                held_spins_.z[std::size_t(i)] = s.z[i];
            }
        const SpinView from = held_spins_.view();
        for (std::int64_t i = 0; i < sys_.n_owned; ++i) {
            const double mu = moments_[std::size_t(sys_.material[std::size_t(i)])];
            m_[std::size_t(3 * i)] = mu * from.x[i];
            m_[std::size_t(3 * i + 1)] = mu * from.y[i];
            m_[std::size_t(3 * i + 2)] = mu * from.z[i];
        }
        const auto start = std::chrono::steady_clock::now();
        if (exact_)
            exact_->field(m_.data(), b_.data());
        else
            cells_->field(m_.data(), b_.data(), h_.data());
        // The held field by component, for the time loop's contiguous (vectorised) reads.
        const std::size_t n = std::size_t(sys_.n_owned);
        for (std::size_t i = 0; i < n; ++i) {
            held_b_[i] = b_[3 * i];
            held_b_[n + i] = b_[3 * i + 1];
            held_b_[2 * n + i] = b_[3 * i + 2];
        }
        seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        ++evaluations_;
        evaluated_ = true;
        held_step_ = restoring ? restored_step_ : step_;
    }

    std::vector<std::pair<std::string, double>> figures() const override {
        const double bytes = double((exact_ ? exact_->bytes() : cells_->bytes()) +
                                    std::int64_t((m_.size() + b_.size() + held_b_.size() +
                                                  h_.size() + 3 * held_spins_.x.size()) *
                                                 sizeof(double)));
        std::vector<std::pair<std::string, double>> f = {
            {"evaluations", double(evaluations_)},
            {"seconds", seconds_},
            {"seconds_per_evaluation", evaluations_ ? seconds_ / double(evaluations_) : 0.0}};
        if (exact_) {
            const auto& p = exact_->padded();
            f.insert(f.end(), {{"transpose_bytes", double(exact_->transpose_bytes())},
                               {"grid_x", double(p[0])},
                               {"grid_y", double(p[1])},
                               {"grid_z", double(p[2])}});
        } else {
            f.push_back({"macro_cells", double(cells_->cells().count())});
        }
        f.insert(f.end(),
                 {{"memory_bytes", bytes},
                  {"bytes_per_owned_atom", sys_.n_owned ? bytes / double(sys_.n_owned) : 0.0}});
        return f;
    }

  private:
    // Collective: whether every rank's owned spins are, bit for bit, those of the held field.
    bool unchanged(const SpinView& s, const parallel::Comm& comm) const {
        const std::size_t n = std::size_t(sys_.n_owned);
        const bool same = std::memcmp(s.x, held_spins_.x.data(), n * sizeof(double)) == 0 &&
                          std::memcmp(s.y, held_spins_.y.data(), n * sizeof(double)) == 0 &&
                          std::memcmp(s.z, held_spins_.z.data(), n * sizeof(double)) == 0;
        return comm.max(same ? 0.0 : 1.0) == 0.0;
    }

    const LocalSystem& sys_;
    std::vector<double> moments_;                  // J/T per material
    std::int64_t rate_;                            // steps between evaluations
    std::unique_ptr<dipole::DipoleSolver> exact_;  // atomistic, atomistic-fft
    std::array<double, 6> self_{};  // T per J/T: an atom's own periodic images (held_field.hpp)
    std::unique_ptr<dipole::MacroCellSolver> cells_;  // tensor, macrocell (hierarchical, fft)
    // Moments (J/T), the solver's field (T; read by the energies) and, for the macro-cell
    // solvers, the energy field mu0 H (T): 3 per owned atom, atom by atom.
    std::vector<double> m_, b_, h_;
    // The held field b_ by component (x of every owned atom, then y, then z): what the time loop
    // and the single-spin energy changes read.
    std::vector<double> held_b_;
    // The spins of the last evaluation (owned atoms), which a checkpoint between evaluations
    // carries, and from which a continued run computes the field it holds.
    Spins held_spins_;
    bool evaluated_ = false, first_step_ = true;
    // restored_step_: the step of spins handed back by a continued run (-1: none).
    std::int64_t step_ = -1, held_step_ = -1, restored_step_ = -1;
    std::int64_t evaluations_ = 0;
    double seconds_ = 0;  // wall time of the evaluations on this rank
};

std::optional<Reach> dipolar_reach(const HamiltonianSettings& c, const Lattice&) {
    if (c.dipole.solver == DipoleSolver::none) return std::nullopt;
    return Reach{Locality::non_local, {}};
}
std::unique_ptr<NonLocalStage> make_dipolar(const TermContext& t) {
    return std::make_unique<DipolarField>(t);
}

}  // namespace

TermRecipe dipolar_recipe() {
    return {"dipolar", &dipolar_reach, nullptr, &make_dipolar};
}

}  // namespace miniasd
