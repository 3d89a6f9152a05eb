#include "hamiltonian/hamiltonian.hpp"

#include <algorithm>

#include "hamiltonian/anisotropy.hpp"
#include "hamiltonian/cubic_anisotropy.hpp"
#include "hamiltonian/exchange.hpp"

namespace miniasd {

namespace {}  // namespace

Hamiltonian::Hamiltonian(const Config& c, const LocalSystem& sys) {
    const std::size_t nm = c.materials.size();
    std::vector<double> moments(nm), j(nm * nm), ku(nm), kc(nm);
    std::vector<Vec3> axis(nm);
    bool any_j = false, any_ku = false, any_kc = false;
    for (std::size_t a = 0; a < nm; ++a) {
        const MaterialConfig& m = c.materials[a];
        moments[a] = m.moment;
        ku[a] = m.anisotropy;
        kc[a] = m.cubic_anisotropy;
        axis[a] = m.anisotropy_axis;
        any_ku = any_ku || m.anisotropy != 0;
        any_kc = any_kc || m.cubic_anisotropy != 0;
        for (std::size_t b = 0; b < nm; ++b) {
            j[a * nm + b] = m.exchange[b];  // symmetric: the parser checks J_ab = J_ba
            any_j = any_j || j[a * nm + b] != 0;
        }
    }
    auto exchange = std::make_unique<Exchange>(sys, j, moments);
    needs_table_ = exchange->needs_neighbour_table();
    exchange_ = exchange.get();
    terms_.push_back(std::move(exchange));
    nonzero_.push_back(any_j);
    terms_.push_back(std::make_unique<UniaxialAnisotropy>(sys.material.data(), ku, axis, moments));
    nonzero_.push_back(any_ku);
    if (any_kc) {  // only when set, so the energies of other runs keep their fixed order
        terms_.push_back(std::make_unique<CubicAnisotropy>(sys.material.data(), kc, moments));
        nonzero_.push_back(true);
    }
    auto zeeman = std::make_unique<Zeeman>(sys.material.data(), moments, Vec3{0, 0, 0});
    zeeman_ = zeeman.get();
    terms_.push_back(std::move(zeeman));
    nonzero_.push_back(false);
    set_applied_field({c.field_strength * c.field_direction[0],
                       c.field_strength * c.field_direction[1],
                       c.field_strength * c.field_direction[2]});
}

void Hamiltonian::set_applied_field(const Vec3& b) {
    zeeman_->set_field(b);
    nonzero_.back() = b != Vec3{0, 0, 0};
    choose_active();
}

// A term whose constants are all zero adds nothing to any field: leave it out of the loop.
void Hamiltonian::choose_active() {
    active_.clear();
    for (std::size_t t = 0; t < terms_.size(); ++t)
        if (nonzero_[t]) active_.push_back(terms_[t].get());
}

void Hamiltonian::field(const SpinView& s, std::int64_t begin, std::int64_t end,
                        FieldView h) const {
    const std::int64_t n = end - begin;
    std::fill(h.x, h.x + n, 0.0);
    std::fill(h.y, h.y + n, 0.0);
    std::fill(h.z, h.z + n, 0.0);
    for (const Term* t : active_)
        t->add_field(s, begin, end, h);
}

void Hamiltonian::add_atom_energies(const SpinView& s, std::int64_t begin, std::int64_t end,
                                    ExactSum* by_kind) const {
    for (std::size_t k = 0; k < terms_.size(); ++k) {
        if (!nonzero_[k]) continue;  // all its constants are zero: so is its energy
        const Term& t = *terms_[k];
        ExactSum& sum = by_kind[static_cast<int>(t.kind())];
        constexpr std::int64_t batch = 256;
        double e[batch];
        for (std::int64_t b = begin; b < end; b += batch) {
            const std::int64_t n = std::min(batch, end - b);
            t.atom_energies(s, b, b + n, e);
            for (std::int64_t i = 0; i < n; ++i)
                sum.add(e[i]);
        }
    }
}

double Hamiltonian::site_energy_change(const SpinView& s, std::int64_t i, const double* from,
                                       const double* to) const {
    double e = 0;
    for (const Term* t : active_)
        e += t->site_energy_change(s, i, from, to);
    return e;
}

}  // namespace miniasd
