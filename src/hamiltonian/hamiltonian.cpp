#include "hamiltonian/hamiltonian.hpp"

#include <algorithm>

#include "hamiltonian/anisotropy.hpp"
#include "hamiltonian/exchange.hpp"

namespace miniasd {

namespace {
constexpr std::int64_t chunk = 512;  // atoms per OpenMP task in energies()
}  // namespace

Hamiltonian::Hamiltonian(const Config& c, const LocalSystem& sys) {
    const std::size_t nm = c.materials.size();
    std::vector<double> moments(nm), j(nm * nm), ku(nm);
    std::vector<Vec3> axis(nm);
    bool any_j = false, any_ku = false;
    for (std::size_t a = 0; a < nm; ++a) {
        const MaterialConfig& m = c.materials[a];
        moments[a] = m.moment;
        ku[a] = m.anisotropy;
        axis[a] = m.anisotropy_axis;
        any_ku = any_ku || m.anisotropy != 0;
        for (std::size_t b = 0; b < nm; ++b) {
            j[a * nm + b] = m.exchange[b];  // symmetric: the parser checks J_ab = J_ba
            any_j = any_j || j[a * nm + b] != 0;
        }
    }
    const Vec3 b{c.field_strength * c.field_direction[0], c.field_strength * c.field_direction[1],
                 c.field_strength * c.field_direction[2]};

    terms_.push_back(std::make_unique<Exchange>(sys, j, moments));
    if (any_j) active_.push_back(terms_.back().get());
    terms_.push_back(std::make_unique<UniaxialAnisotropy>(sys.material.data(), ku, axis, moments));
    if (any_ku) active_.push_back(terms_.back().get());
    terms_.push_back(std::make_unique<Zeeman>(sys.material.data(), moments, b));
    if (b != Vec3{0, 0, 0}) active_.push_back(terms_.back().get());
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

std::vector<TermEnergy> Hamiltonian::energies(const SpinView& s, std::int64_t n_owned) const {
    std::vector<TermEnergy> out;
    for (const auto& t : terms_) {
        double e = 0;
#pragma omp parallel for schedule(static) reduction(+ : e)
        for (std::int64_t c = 0; c < (n_owned + chunk - 1) / chunk; ++c)
            e += t->energy(s, c * chunk, std::min(n_owned, (c + 1) * chunk));
        out.push_back({t->name(), e});
    }
    return out;
}

}  // namespace miniasd
