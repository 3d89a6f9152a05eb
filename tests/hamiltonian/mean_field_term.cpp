// The tests' mean-field coupling (test_terms.hpp): a non-local term. Its prepare stage sums the
// owned spins exactly and reduces the sums over the ranks, so <S>, and every field, has the same
// bits on any decomposition.
#include "hamiltonian/term_registry.hpp"
#include "parallel/comm.hpp"
#include "test_terms.hpp"
#include "util/exact_sum.hpp"

namespace miniasd::test {
namespace {

class MeanField final : public Term {
  public:
    explicit MeanField(const TermContext& t) : sys_(t.system), moments_(t.moments) {}
    const char* name() const override { return "mean-field"; }
    TermKind kind() const override { return TermKind::exchange; }
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
        for (int c = 0; c < 3; ++c)
            mean_[c] = ExactSum::from(&packed[std::size_t(c) * ExactSum::packed_size]).value() /
                       double(sys_.n_global);
        ++mean_field_prepares;
    }
    void add_field(const SpinView&, std::int64_t begin, std::int64_t end,
                   FieldView h) const override {
        for (std::int64_t i = begin; i < end; ++i) {
            const double c = mean_field_lambda / moments_[std::size_t(sys_.material[i])];
            h.x[i - begin] += c * mean_[0];
            h.y[i - begin] += c * mean_[1];
            h.z[i - begin] += c * mean_[2];
        }
    }
    // E = -(lambda N / 2) |<S>|^2: half of -lambda S_i . <S> to each atom.
    void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                       double* e) const override {
        for (std::int64_t i = begin; i < end; ++i)
            e[i - begin] = -0.5 * mean_field_lambda *
                           (s.x[i] * mean_[0] + s.y[i] * mean_[1] + s.z[i] * mean_[2]);
    }
    // With the stored mean (the stored-field approximation of Monte Carlo).
    double site_energy(const SpinView&, std::int64_t, const double* si) const override {
        return -mean_field_lambda * (si[0] * mean_[0] + si[1] * mean_[1] + si[2] * mean_[2]);
    }
    const double* mean() const { return mean_; }

  private:
    const LocalSystem& sys_;
    std::vector<double> moments_;
    double mean_[3] = {0, 0, 0};
};

std::optional<Reach> reach(const Config&, const Lattice&) {
    if (!mean_field_on) return std::nullopt;
    return Reach{Locality::non_local, {}};
}
std::unique_ptr<Term> make(const TermContext& t) {
    return std::make_unique<MeanField>(t);
}

const bool registered = register_term({"mean-field", &reach, &make});

}  // namespace
}  // namespace miniasd::test
