// The tests' second-shell exchange (test_terms.hpp): a neighbour term whose reach is the lattice's
// second shell. It reads its own columns of the system's neighbour table. It has no kernel (a
// term of the tests, not of src/kernels/): it runs on the CPU only.
#include "hamiltonian/hamiltonian_settings.hpp"
#include "hamiltonian/term_registry.hpp"
#include "test_terms.hpp"

namespace miniasd::test {
namespace {

class SecondShell final : public LocalTerm {
  public:
    explicit SecondShell(const TermContext& t)
        : sys_(t.system), sites_(t.lattice.sites()), columns_(t.columns), moments_(t.moments) {}
    const char* name() const override { return "second-shell-exchange"; }
    TermKind kind() const override { return TermKind::exchange; }
    std::optional<kernels::TermView> view() const override { return std::nullopt; }
    void add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                   FieldView h) const override {
        for (std::int64_t i = begin; i < end; ++i) {
            double sum[3];
            neighbour_sum(s, i, sum);
            const double c = second_shell_j2 / moments_[std::size_t(sys_.material[i])];
            h.x[i - begin] += c * sum[0];
            h.y[i - begin] += c * sum[1];
            h.z[i - begin] += c * sum[2];
        }
    }
    void atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                       double* e) const override {
        for (std::int64_t i = begin; i < end; ++i) {
            double sum[3];
            neighbour_sum(s, i, sum);
            e[i - begin] =
                -0.5 * second_shell_j2 * (s.x[i] * sum[0] + s.y[i] * sum[1] + s.z[i] * sum[2]);
        }
    }
    double site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                              const double* to) const override {
        double sum[3];
        neighbour_sum(s, i, sum);
        return -second_shell_j2 * ((to[0] - from[0]) * sum[0] + (to[1] - from[1]) * sum[1] +
                                   (to[2] - from[2]) * sum[2]);
    }

  private:
    void neighbour_sum(const SpinView& s, std::int64_t i, double* sum) const {
        sum[0] = sum[1] = sum[2] = 0;
        for (const int col : columns_[std::size_t(sys_.gid[i] % sites_)]) {
            const std::int32_t j = sys_.neighbour(i, col);
            sum[0] += s.x[j];
            sum[1] += s.y[j];
            sum[2] += s.z[j];
        }
    }
    const LocalSystem& sys_;
    int sites_;
    std::vector<std::vector<int>> columns_;
    std::vector<double> moments_;
};

std::optional<Reach> reach(const HamiltonianSettings&, const Lattice& l) {
    if (!second_shell_on) return std::nullopt;
    return Reach{Locality::neighbours, neighbour_shells(l, 2)[1]};
}
std::unique_ptr<LocalTerm> make(const TermContext& t) {
    return std::make_unique<SecondShell>(t);
}

const bool registered = register_term({"second-shell-exchange", &reach, &make});

}  // namespace
}  // namespace miniasd::test
