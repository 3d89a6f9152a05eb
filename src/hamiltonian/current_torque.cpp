#include "hamiltonian/current_torque.hpp"

#include "util/error.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

template <int A>
void add_current_field(const kernels::CurrentTorqueView& v, const SpinView& s, std::int64_t begin,
                       std::int64_t end, FieldView h) {
    double *hx = h.x, *hy = h.y, *hz = h.z;
#pragma omp simd
    for (std::int64_t i = begin; i < end; ++i)
        kernels::current_torque_field<A>(i, v, s, hx[i - begin], hy[i - begin], hz[i - begin]);
}

// The axes (0, 1, 2 for x, y, z) the current has a component on, in order.
std::vector<int> current_axes(const SpinTorqueSettings& c) {
    std::vector<int> axes;
    for (int a = 0; a < 3; ++a)
        if (c.torques.current_density[std::size_t(a)] != 0) axes.push_back(a);
    return axes;
}

}  // namespace

Vec3 spin_drift_velocity(const SpinTorqueSettings& c, const Lattice& l, int material) {
    const MaterialConfig& m = c.materials[std::size_t(material)];
    const double volume = l.cell_size[0] * l.cell_size[1] * l.cell_size[2] / double(l.sites());
    const double ms = m.moment / volume;  // A/m
    // g mu_B / (2 |e|) = mu_B / |e| with g = 2; (A m^2)(A/m^2) / ((A s)(A/m)) = m/s.
    const double factor =
        -m.spin_polarisation * constants::bohr_magneton / (constants::elementary_charge * ms);
    const Vec3& j = c.torques.current_density;
    return {factor * j[0], factor * j[1], factor * j[2]};
}

Reach CurrentTorque::reach(const SpinTorqueSettings& c, const Lattice& l) {
    // The field of a component along an axis one cell long is zero (both neighbours are the
    // atom itself, or absent), and so along a periodic axis of two (both are the same atom): a
    // current there would be accepted and do nothing.
    for (const int a : current_axes(c)) {
        const std::int64_t cells = l.cells[std::size_t(a)];
        const std::string axis(1, "xyz"[a]);
        if (cells == 1)
            throw Error("sim:current-density has a component along " + axis +
                        ", but the system is one unit cell long along " + axis +
                        ": the Zhang-Li torques act on the spins' change from cell to cell along "
                        "the current, and there is none to act on (that component would do "
                        "nothing); set it to 0 or make the system longer along " +
                        axis);
        if (cells == 2 && l.periodic[std::size_t(a)])
            throw Error("sim:current-density has a component along " + axis +
                        ", but the system is two unit cells long and periodic along " + axis +
                        ": the cell ahead and the cell behind are the same atom, so the Zhang-Li "
                        "torques' difference between them is always 0 (that component would do "
                        "nothing); set it to 0, make the system at least 3 cells long along " +
                        axis + ", or make " + axis + " open");
    }
    Reach r{Locality::neighbours, SiteOffsets(std::size_t(l.sites()))};
    for (int s = 0; s < l.sites(); ++s)
        for (const int a : current_axes(c))
            for (const int step : {1, -1}) {
                NeighbourOffset o{0, 0, 0, s};
                (a == 0 ? o.dx : a == 1 ? o.dy : o.dz) = step;
                r.offsets[std::size_t(s)].push_back(o);
            }
    return r;
}

CurrentTorque::CurrentTorque(const LocalSystem& sys, const Lattice& l, const SpinTorqueSettings& c,
                             const std::vector<std::vector<int>>& columns) {
    const std::vector<int> axes = current_axes(c);
    const std::size_t n = std::size_t(sys.n_owned), na = axes.size();
    ahead_.resize(na * n);
    behind_.resize(na * n);
    span_.resize(na * n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t site = std::size_t(sys.gid[i] % l.sites());
        for (std::size_t a = 0; a < na; ++a) {
            std::int32_t p = sys.neighbour(std::int64_t(i), columns[site][2 * a]);
            std::int32_t q = sys.neighbour(std::int64_t(i), columns[site][2 * a + 1]);
            std::uint8_t count = 2;
            // No atom there (open surface, particle cut, removed site): the atom itself.
            if (p == sys.null_atom) p = std::int32_t(i), --count;
            if (q == sys.null_atom) q = std::int32_t(i), --count;
            ahead_[a * n + i] = p;
            behind_[a * n + i] = q;
            span_[a * n + i] = count;
        }
    }
    for (std::size_t m = 0; m < c.materials.size(); ++m) {
        velocity_.push_back(spin_drift_velocity(c, l, int(m)));
        for (std::size_t a = 0; a < 3; ++a)
            drift_.push_back(a < na ? velocity_.back()[std::size_t(axes[a])] /
                                          l.cell_size[std::size_t(axes[a])]
                                    : 0.0);
        beta_.push_back(c.materials[m].non_adiabaticity);
    }
    view_ = {sys.material.data(), sys.n_owned,    int(na),
             ahead_.data(),       behind_.data(), span_.data(),
             drift_.data(),       beta_.data(),   0.0};
    set_current(1);
}

void CurrentTorque::add_field(const SpinView& s, std::int64_t begin, std::int64_t end,
                              FieldView h) const {
    switch (view_.axes) {
        case 1:
            return add_current_field<1>(view_, s, begin, end, h);
        case 2:
            return add_current_field<2>(view_, s, begin, end, h);
        default:
            return add_current_field<3>(view_, s, begin, end, h);
    }
}

void CurrentTorque::set_current(double fraction) {
    current_ = fraction;
    view_.scale = -fraction / constants::gyromagnetic_ratio;
}

}  // namespace miniasd
