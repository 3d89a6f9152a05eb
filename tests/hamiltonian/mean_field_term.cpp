// The tests' mean-field coupling (test_terms.hpp): a non-local stage prepared before every field
// evaluation. It sums the owned spins exactly and reduces the sums over the ranks, so <S>, and
// every field, has the same bits on any decomposition; its held field B_i = (lambda / mu_i) <S>
// reaches fields and energies through the held-field kernel like the dipolar field's.
#include "hamiltonian/hamiltonian_settings.hpp"
#include "hamiltonian/term_registry.hpp"
#include "parallel/comm.hpp"
#include "test_terms.hpp"
#include "util/exact_sum.hpp"

namespace miniasd::test {
namespace {

class MeanField final : public NonLocalStage {
  public:
    explicit MeanField(const TermContext& t)
        : sys_(t.system),
          moments_(t.moments),
          field_(std::size_t(3 * t.system.n_owned), 0.0),
          energy_field_(field_.size(), 0.0) {}
    const char* name() const override { return "mean-field"; }
    TermKind kind() const override { return TermKind::exchange; }
    Rhythm rhythm() const override { return Rhythm::every_evaluation; }
    void prepare(const SpinView& s, const parallel::Comm& comm) override {
        ExactSum sum[3];
        for (std::int64_t i = 0; i < sys_.n_owned; ++i) {
            sum[0].add(s.x[i]);
            sum[1].add(s.y[i]);
            sum[2].add(s.z[i]);
        }
        std::vector<std::int64_t> packed;
        for (const ExactSum& x : sum)
            x.append_to(packed);
        comm.sum_in_place(packed);
        double mean[3];
        for (int c = 0; c < 3; ++c)
            mean[c] = ExactSum::from(&packed[std::size_t(c) * ExactSum::packed_size]).value() /
                      double(sys_.n_global);
        // E = -(lambda N / 2) |<S>|^2: half of -lambda S_i . <S> to each atom, which the
        // held-field kernel gives as -(1/2) mu_i S_i . B_i.
        const std::size_t n = std::size_t(sys_.n_owned);
        for (std::size_t i = 0; i < n; ++i) {
            const double c = mean_field_lambda / moments_[std::size_t(sys_.material[i])];
            for (int k = 0; k < 3; ++k) {
                field_[k * n + i] = c * mean[k];
                energy_field_[3 * i + std::size_t(k)] = c * mean[k];
            }
        }
        ++mean_field_prepares;
    }
    kernels::HeldFieldView held() const override {
        return {field_.data(),        sys_.n_owned,    energy_field_.data(),
                sys_.material.data(), moments_.data(), no_self_};
    }

  private:
    const LocalSystem& sys_;
    std::vector<double> moments_;
    std::vector<double> field_;                     // T, x of every owned atom, then y, then z
    std::vector<double> energy_field_;              // T, atom by atom
    const double no_self_[6] = {0, 0, 0, 0, 0, 0};  // a mean field has no images of its own
};

std::optional<Reach> reach(const HamiltonianSettings&, const Lattice&) {
    if (!mean_field_on) return std::nullopt;
    return Reach{Locality::non_local, {}};
}
std::unique_ptr<NonLocalStage> make(const TermContext& t) {
    return std::make_unique<MeanField>(t);
}

const bool registered = register_term({"mean-field", &reach, nullptr, &make});

}  // namespace
}  // namespace miniasd::test
