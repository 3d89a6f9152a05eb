// The contract every term of the Hamiltonian keeps, tested over all of them (docs/architecture.md,
// "Kernels, views and stages"; `ctest -R contract`). Each case below is an input whose terms have
// non-trivial constants; for random spins on a small lattice, on every rank count the test runs
// at (1 and 3), every term the input makes active must keep:
//   1. the field is -(1/mu_i) dE/dS_i: central finite differences of the term's total energy,
//      the difference summed exactly, relative 1e-6;
//   2. energy_change_at equals the change of the term's total energy when one spin moves (a
//      non-local stage evaluated again for the moved spin);
//   3. the per-atom kernels (field_at, energy_at, energy_change_at through the term's view) give
//      the bits of the CPU's traversals (add_field over ranges that start and end anywhere,
//      atom_energies, site_energy_change), and the statistics' energy per kind is the exact sum of
//      the kernels' per-atom energies;
//   4. nothing outside the declared reach is read: every other atom's spin changed, the field,
//      energy and energy change of an atom keep their bits;
//   5. a term whose energy is a quadratic form gives it from its field, and the whole
//      Hamiltonian's energy follows from the total field and the other terms' parts.
// A new term is tested by adding a case (or a keyword to one) that makes it active; the test
// fails while some recipe or some kernel of the registry appears in no case.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "hamiltonian/contract_cases.hpp"
#include "hamiltonian/hamiltonian.hpp"
#include "support/test_support.hpp"
#include "util/exact_sum.hpp"
#include "util/random.hpp"

using namespace miniasd;

namespace {

using Case = test::ContractCase;
const std::vector<Case>& cases() {
    return test::contract_cases();
}

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// A unit vector drawn from (tag, gid): every rank draws the same for an atom it holds.
void random_direction(std::uint64_t tag, std::int64_t gid, double* v) {
    const auto w = random_words(tag, RandomStream::initial_spin, std::uint64_t(gid), 0);
    const double z = 2 * unit_interval(w[0]) - 1, phi = 2 * M_PI * unit_interval(w[1]);
    const double r = std::sqrt(1 - z * z);
    v[0] = r * std::cos(phi);
    v[1] = r * std::sin(phi);
    v[2] = z;
}

// Drives one simulation's Hamiltonian term by term.
class Harness {
  public:
    explicit Harness(Simulation& sim)
        : sim_(sim), sys_(sim.system()), h_(sim.hamiltonian()), comm_(sim.comm()) {
        for (std::int64_t i = 0; i < sys_.n_local; ++i) {
            double v[3];
            random_direction(17, sys_.gid[i], v);
            set_local(i, v);
        }
        refresh();
    }

    // Every copy (owned or ghost) of the atom `gid` on this rank gets v.
    void set(std::int64_t gid, const double* v) {
        for (std::int64_t i = 0; i < sys_.n_local; ++i)
            if (sys_.gid[i] == gid) set_local(i, v);
    }
    // Collective: the owner's spin of `gid`.
    void get(std::int64_t gid, double* v) const {
        for (int c = 0; c < 3; ++c) {
            double mine = 0;
            for (std::int64_t i = 0; i < sys_.n_owned; ++i)
                if (sys_.gid[i] == gid) mine = component(i, c);
            v[c] = comm_.sum(mine);
        }
    }
    // Collective: the non-local stages evaluated again, for the spins as they are now.
    void refresh() {
        h_.begin_step(step_);
        step_ += sim_.config().dipole.update_rate;
        h_.prepare(sim_.spins().view());
    }
    // Collective: the term's energy over every rank, as an exact sum of its atom energies.
    ExactSum energy(const LocalTerm& t) const {
        std::vector<double> e(std::size_t(sys_.n_owned));
        if (!e.empty()) t.atom_energies(sim_.spins().view(), 0, sys_.n_owned, e.data());
        ExactSum sum;
        for (const double x : e)
            sum.add(x);
        return reduce(sum);
    }
    ExactSum reduce(const ExactSum& local) const {
        std::vector<std::int64_t> packed;
        local.append_to(packed);
        comm_.sum_in_place(packed);
        return ExactSum::from(packed.data());
    }
    // Collective: the term's field at the owner of `gid` (T), by the CPU's traversal.
    void field(const LocalTerm& t, std::int64_t gid, double* b) const {
        for (int c = 0; c < 3; ++c)
            b[c] = 0;
        for (std::int64_t i = 0; i < sys_.n_owned; ++i)
            if (sys_.gid[i] == gid) {
                double x = 0, y = 0, z = 0;
                t.add_field(sim_.spins().view(), i, i + 1, FieldView{&x, &y, &z});
                b[0] = x, b[1] = y, b[2] = z;
            }
        for (int c = 0; c < 3; ++c)
            b[c] = comm_.sum(b[c]);
    }
    // Collective: the owner's energy change of `gid` moving from -> to.
    double change(const LocalTerm& t, std::int64_t gid, const double* from,
                  const double* to) const {
        double mine = 0;
        for (std::int64_t i = 0; i < sys_.n_owned; ++i)
            if (sys_.gid[i] == gid) mine = t.site_energy_change(sim_.spins().view(), i, from, to);
        return comm_.sum(mine);
    }
    double moment(std::int64_t gid) const {
        double mine = 0;
        for (std::int64_t i = 0; i < sys_.n_owned; ++i)
            if (sys_.gid[i] == gid)
                mine = sim_.config().materials[std::size_t(sys_.material[i])].moment;
        return comm_.sum(mine);
    }

  private:
    double component(std::int64_t i, int c) const {
        const Spins& s = sim_.spins();
        return c == 0 ? s.x[std::size_t(i)] : c == 1 ? s.y[std::size_t(i)] : s.z[std::size_t(i)];
    }
    void set_local(std::int64_t i, const double* v) {
        Spins& s = sim_.spins();
        s.x[std::size_t(i)] = v[0];
        s.y[std::size_t(i)] = v[1];
        s.z[std::size_t(i)] = v[2];
    }

    Simulation& sim_;
    const LocalSystem& sys_;
    Hamiltonian& h_;
    const parallel::Comm& comm_;
    std::int64_t step_ = 0;
};

// Atoms spread over the box (the same on every rank).
std::vector<std::int64_t> sample_atoms(const LocalSystem& sys, int n) {
    std::vector<std::int64_t> ids;
    for (int k = 0; k < n; ++k)
        ids.push_back((std::int64_t(k) * 7919 + 13) % sys.n_global);
    return ids;
}

// 1. The field against central differences of the total energy, each difference an exact sum.
void expect_field_is_minus_gradient(Harness& h, const LocalTerm& t, const LocalSystem& sys) {
    constexpr double delta = 1e-5;
    double scale = 0;  // the largest field component at the sample atoms (T)
    std::vector<std::array<double, 3>> fields;
    for (const std::int64_t g : sample_atoms(sys, 5)) {
        std::array<double, 3> b;
        h.field(t, g, b.data());
        fields.push_back(b);
        for (const double v : b)
            scale = std::max(scale, std::abs(v));
    }
    if (scale == 0) return;  // the term adds nothing at these atoms (checked elsewhere)
    int k = 0;
    for (const std::int64_t g : sample_atoms(sys, 5)) {
        double s[3];
        h.get(g, s);
        const double mu = h.moment(g);
        for (int c = 0; c < 3; ++c) {
            double plus[3] = {s[0], s[1], s[2]}, minus[3] = {s[0], s[1], s[2]};
            plus[c] += delta;
            minus[c] -= delta;
            h.set(g, plus);
            h.refresh();
            ExactSum difference = h.energy(t);
            h.set(g, minus);
            h.refresh();
            const ExactSum low = h.energy(t);
            std::vector<std::int64_t> packed;
            low.append_to(packed);
            for (std::size_t d = 0; d < packed.size(); ++d)
                packed[d] = -packed[d];  // the negated total, exactly
            difference.add(ExactSum::from(packed.data()));
            const double gradient = difference.value() / (2 * delta);
            EXPECT_NEAR(-gradient / mu, fields[std::size_t(k)][std::size_t(c)], 1e-6 * scale)
                << t.name() << ": atom " << g << " component " << c;
        }
        h.set(g, s);
        h.refresh();
        ++k;
    }
}

// 2. A single-spin move: the kernel's energy change against the change of the total.
void expect_energy_change_is_the_difference(Harness& h, const LocalTerm& t,
                                            const LocalSystem& sys) {
    for (const std::int64_t g : sample_atoms(sys, 4)) {
        double from[3], to[3];
        h.get(g, from);
        random_direction(99, g, to);
        const double predicted = h.change(t, g, from, to);
        const double before = h.energy(t).value();
        h.set(g, to);
        h.refresh();
        const double after = h.energy(t).value();
        const double scale = std::max(std::abs(predicted), 1e-6 * std::abs(before));
        EXPECT_NEAR(predicted, after - before, 1e-9 * scale + 1e-12 * std::abs(before))
            << t.name() << ": atom " << g;
        h.set(g, from);
        h.refresh();
    }
}

// 3. The kernels through the view against the CPU's traversals, bit for bit.
void expect_kernels_are_the_traversals(const LocalTerm& t, const kernels::TermView& v,
                                       const SpinView& s, const LocalSystem& sys) {
    const std::int64_t n = sys.n_owned;
    for (const auto& [b, e] : std::vector<std::pair<std::int64_t, std::int64_t>>{
             {0, n}, {std::min<std::int64_t>(3, n), n / 2 + 1}, {n / 3, n}}) {
        if (b >= e) continue;
        const std::size_t m = std::size_t(e - b);
        std::vector<double> hx(m), hy(m), hz(m), energies(m);
        t.add_field(s, b, e, FieldView{hx.data(), hy.data(), hz.data()});
        t.atom_energies(s, b, e, energies.data());
        for (std::int64_t i = b; i < e; ++i) {
            double x = 0, y = 0, z = 0;
            kernels::field_at(i, v, s, x, y, z);
            const std::size_t k = std::size_t(i - b);
            ASSERT_TRUE(same_bits(x, hx[k]) && same_bits(y, hy[k]) && same_bits(z, hz[k]))
                << t.name() << ": field of atom " << i << " in [" << b << ", " << e << ")";
            ASSERT_TRUE(same_bits(kernels::energy_at(i, v, s), energies[k]))
                << t.name() << ": energy of atom " << i;
        }
    }
    for (std::int64_t i = 0; i < n; ++i) {
        const double from[3] = {s.x[i], s.y[i], s.z[i]};
        double to[3];
        random_direction(5, sys.gid[i], to);
        ASSERT_TRUE(same_bits(kernels::energy_change_at(i, v, s, from, to),
                              t.site_energy_change(s, i, from, to)))
            << t.name() << ": energy change of atom " << i;
    }
}

// 4. Every atom outside the declared reach of owned atom i changed: i's field, energy and
// energy change keep their bits.
void expect_nothing_read_outside_the_reach(const Simulation& sim, std::size_t term,
                                           const LocalTerm& t) {
    const LocalSystem& sys = sim.system();
    const Reach& reach = sim.plan().reaches[term];
    const Spins& spins = sim.spins();
    for (std::int64_t i = 0; i < sys.n_owned; i += std::max<std::int64_t>(1, sys.n_owned / 12)) {
        std::set<std::int64_t> inside = {i};
        if (reach.locality == Locality::neighbours) {
            const auto site = std::size_t(sys.gid[i] % sim.lattice().sites());
            for (const int column : sim.plan().columns[term][site])
                inside.insert(sim.hamiltonian().neighbour(i, column));
        }
        Spins moved = spins;
        for (std::int64_t j = 0; j < sys.n_local; ++j) {
            if (inside.count(j)) continue;
            double v[3];
            random_direction(1234, sys.gid[j], v);
            moved.x[std::size_t(j)] = v[0];
            moved.y[std::size_t(j)] = v[1];
            moved.z[std::size_t(j)] = v[2];
        }
        const double from[3] = {spins.x[std::size_t(i)], spins.y[std::size_t(i)],
                                spins.z[std::size_t(i)]};
        double to[3];
        random_direction(77, sys.gid[i], to);
        double f[2][3] = {{0, 0, 0}, {0, 0, 0}}, e[2], d[2];
        const SpinView views[2] = {spins.view(), moved.view()};
        for (int k = 0; k < 2; ++k) {
            t.add_field(views[k], i, i + 1, FieldView{&f[k][0], &f[k][1], &f[k][2]});
            t.atom_energies(views[k], i, i + 1, &e[k]);
            d[k] = t.site_energy_change(views[k], i, from, to);
        }
        for (int c = 0; c < 3; ++c)
            ASSERT_TRUE(same_bits(f[0][c], f[1][c]))
                << t.name() << " reads outside its reach: field of atom " << i;
        ASSERT_TRUE(same_bits(e[0], e[1]))
            << t.name() << " reads outside its reach: energy of atom " << i;
        ASSERT_TRUE(same_bits(d[0], d[1]))
            << t.name() << " reads outside its reach: energy change of atom " << i;
    }
}

// The statistics' energies per kind (Hamiltonian::add_atom_energies, the batched CPU path) are
// the exact sums of the kernels' per-atom energies of the active terms, a term's DMI part
// (a tensor file's antisymmetric bonds) moved to the DMI kind.
void expect_statistics_are_kernel_sums(const Hamiltonian& h, const SpinView& s,
                                       const LocalSystem& sys) {
    std::vector<ExactSum> stats(energy_kind_count), kernel(energy_kind_count);
    h.add_atom_energies(s, 0, sys.n_owned, stats.data());
    for (const auto& t : h.terms()) {
        if (!t->active() || !t->view()) continue;
        const kernels::TermView v = *t->view();
        for (std::int64_t i = 0; i < sys.n_owned; ++i) {
            kernel[std::size_t(t->kind())].add(kernels::energy_at(i, v, s));
            if (!t->has_dmi_part()) continue;
            double part = 0;
            t->dmi_energies(s, i, i + 1, &part);
            kernel[std::size_t(t->kind())].add(-part);
            kernel[std::size_t(TermKind::dmi)].add(part);
        }
    }
    for (int k = 0; k < energy_kind_count; ++k)
        EXPECT_TRUE(same_bits(stats[std::size_t(k)].value(), kernel[std::size_t(k)].value()))
            << energy_kinds[k].keyword << " energy";
}

// 5. The energy from the field (the chain of images, integrate/gneb.cpp): a term that says its
// energy is a quadratic form has the total -(1/2) sum_i mu_i S_i . H_i (Euler's theorem), and
// with the other terms' parts (Hamiltonian::non_quadratic_parts) the whole field gives the total.
void expect_energy_from_field(const Simulation& sim, const Harness& harness,
                              const LocalTerm* term) {
    const LocalSystem& sys = sim.system();
    const SpinView s = sim.spins().view();
    const Hamiltonian& h = sim.hamiltonian();
    ExactSum from_field, direct;
    double hx[256], hy[256], hz[256], qx[256], qy[256], qz[256], other[256], e[256];
    for (std::int64_t b = 0; b < sys.n_owned; b += 256) {
        const std::int64_t end = std::min(sys.n_owned, b + 256);
        const FieldView field{hx, hy, hz}, q{qx, qy, qz};
        std::fill(hx, hx + 256, 0.0), std::fill(hy, hy + 256, 0.0), std::fill(hz, hz + 256, 0.0);
        const bool rest = term ? false : h.non_quadratic_parts(s, b, end, q, other);
        term ? term->add_field(s, b, end, field) : h.field(s, b, end, field);
        term ? term->atom_energies(s, b, end, e) : h.atom_total_energies(s, b, end, e);
        for (std::int64_t i = b; i < end; ++i) {
            const std::int64_t c = i - b;
            const double mu = sim.config().materials[std::size_t(sys.material[i])].moment;
            double x = hx[c], y = hy[c], z = hz[c], extra = 0;
            if (rest) x -= qx[c], y -= qy[c], z -= qz[c], extra = other[c];
            from_field.add(-0.5 * mu * (s.x[i] * x + s.y[i] * y + s.z[i] * z) + extra);
            direct.add(e[c]);
        }
    }
    const double a = harness.reduce(from_field).value(), b = harness.reduce(direct).value();
    EXPECT_NEAR(a, b, 1e-12 * std::abs(b) + 1e-35)
        << (term ? term->name() : "the whole Hamiltonian") << ": energy from the field";
}

std::set<std::string> recipes_seen;
std::set<int> kernels_seen;

void check(const Case& c) {
    SCOPED_TRACE(c.name);
    const parallel::Comm world = parallel::Comm::world();
    Simulation sim(world, test::config_from_files(c.input, c.files), test::quiet_options());
    Harness harness(sim);
    const Hamiltonian& h = sim.hamiltonian();
    const SpinView s = sim.spins().view();
    for (std::size_t t = 0; t < h.terms().size(); ++t) {
        const LocalTerm& term = *h.terms()[t];
        // Active anywhere (a rank may hold no DMI bond): every rank checks it together.
        if (world.max(term.active() ? 1.0 : 0.0) == 0) continue;
        SCOPED_TRACE(term.name());
        recipes_seen.insert(sim.plan().recipes[t].name);
        const std::optional<kernels::TermView> view = term.view();
        ASSERT_TRUE(view) << term.name() << " has no kernel";
        kernels_seen.insert(int(view->id));
        expect_kernels_are_the_traversals(term, *view, s, sim.system());
        expect_nothing_read_outside_the_reach(sim, t, term);
        if (term.conservative())
            expect_field_is_minus_gradient(harness, term, sim.system());
        else  // a drive without an energy (the spin torques): its energy is zero everywhere
            for (std::int64_t i = 0; i < sim.system().n_owned; ++i)
                ASSERT_EQ(kernels::energy_at(i, *view, s), 0.0) << term.name();
        expect_energy_change_is_the_difference(harness, term, sim.system());
        if (term.quadratic()) expect_energy_from_field(sim, harness, &term);
    }
    expect_statistics_are_kernel_sums(h, s, sim.system());
    expect_energy_from_field(sim, harness, nullptr);
}

}  // namespace

TEST(TermContract, EveryTermOfEveryCase) {
    for (const Case& c : cases())
        check(c);
    // Every built-in recipe and every registered kernel met the contract somewhere.
    for (const TermRecipe& r : term_recipes())
        EXPECT_TRUE(recipes_seen.count(r.name)) << "no case makes the term " << r.name << " active";
    for (int k = 0; k <= int(kernels::KernelId::held_field); ++k)
        EXPECT_TRUE(kernels_seen.count(k))
            << "no case uses the kernel " << kernels::kernel_name(kernels::KernelId(k));
}
