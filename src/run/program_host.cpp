#include "run/program_host.hpp"

#include <cmath>

#include "run/simulation.hpp"

namespace miniasd {

const Config& ProgramHost::config() const {
    return sim_.config();
}

bool ProgramHost::run(const Phase& phase) {
    return sim_.run(phase);
}

Relaxation ProgramHost::relax() {
    return sim_.relax(true);
}

std::optional<Relaxation> ProgramHost::relax_point(std::int64_t max_steps) {
    return sim_.relax_point(max_steps);
}

EnergyPath ProgramHost::gneb() {
    return sim_.gneb();
}

RunState& ProgramHost::state() {
    return sim_.state();
}

void ProgramHost::rotate_spins_about_x(double degrees) {
    const double a = degrees * M_PI / 180, c = std::cos(a), s = std::sin(a);
    Spins& spins = sim_.spins();  // from the device first; handed back before the next step
    for (std::size_t i = 0; i < spins.y.size(); ++i) {
        const double y = spins.y[i], z = spins.z[i];
        spins.y[i] = y * c - z * s;
        spins.z[i] = y * s + z * c;
    }
}

void ProgramHost::set_spins(const Vec3& d, int material) {
    Spins& spins = sim_.spins();
    // Owned atoms and ghosts; not the null atom past them, whose zero spin stands for an absent
    // neighbour.
    const auto n = static_cast<std::size_t>(sim_.system().n_local);
    const std::vector<std::int32_t>& of = sim_.system().material;
    for (std::size_t i = 0; i < n; ++i) {
        if (material >= 0 && of[i] != material) continue;
        spins.x[i] = d[0];
        spins.y[i] = d[1];
        spins.z[i] = d[2];
    }
}

void ProgramHost::turn_spins(const Vec3& a, const Vec3& b, int material) {
    // Axis k = a x b / |a x b|, cos = a . b, sin = |a x b|.
    Vec3 k{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    const double s = std::sqrt(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]);
    const double c = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    if (s < 1e-15 && c > 0) return;
    if (s < 1e-15) {  // opposite: a half turn about an axis normal to a
        const Vec3 e = std::fabs(a[0]) < 0.9 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
        k = {a[1] * e[2] - a[2] * e[1], a[2] * e[0] - a[0] * e[2], a[0] * e[1] - a[1] * e[0]};
        const double n = std::sqrt(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]);
        k = {k[0] / n, k[1] / n, k[2] / n};
    } else {
        k = {k[0] / s, k[1] / s, k[2] / s};
    }
    const double sin = s < 1e-15 ? 0.0 : s, cos = c;
    Spins& spins = sim_.spins();
    const std::vector<std::int32_t>& of = sim_.system().material;
    for (std::size_t i = 0; i < static_cast<std::size_t>(sim_.system().n_local); ++i) {
        if (material >= 0 && of[i] != material) continue;
        const Vec3 v{spins.x[i], spins.y[i], spins.z[i]};
        const Vec3 kxv{k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2],
                       k[0] * v[1] - k[1] * v[0]};
        const double kv = k[0] * v[0] + k[1] * v[1] + k[2] * v[2];
        spins.x[i] = v[0] * cos + kxv[0] * sin + k[0] * kv * (1 - cos);
        spins.y[i] = v[1] * cos + kxv[1] * sin + k[1] * kv * (1 - cos);
        spins.z[i] = v[2] * cos + kxv[2] * sin + k[2] * kv * (1 - cos);
    }
}

std::vector<std::int64_t> ProgramHost::setting_interface_bonds() const {
    return sim_.setting_interface_bonds();
}

void ProgramHost::set_material_spins(const std::vector<Vec3>& d) {
    sim_.set_material_spins(d);
}

StiffnessPlanes ProgramHost::stiffness_planes() const {
    return sim_.stiffness_planes();
}

void ProgramHost::place_stiffness_twist(const StiffnessPlanes& p, double degrees,
                                        const Vec3& middle) {
    sim_.place_stiffness_twist(p, degrees, middle);
}

StiffnessSums ProgramHost::stiffness_sums(const StiffnessPlanes& p) {
    return sim_.stiffness_sums(p);
}

Vec3 ProgramHost::magnetisation() const {
    return sim_.magnetisation();
}

void ProgramHost::place_domain_wall() {
    sim_.place_domain_wall();
}

WallSlices ProgramHost::domain_wall_slices() const {
    return sim_.domain_wall_slices();
}

void ProgramHost::write_row() {
    sim_.write_row();
}

void ProgramHost::plan_rows(std::int64_t rows) {
    sim_.plan_rows(rows);
}

double ProgramHost::total_moment() const {
    return sim_.total_moment();
}

const std::vector<double>& ProgramHost::material_moments() const {
    return sim_.material_moments();
}

std::vector<std::int64_t> ProgramHost::polar_angle_counts() const {
    return sim_.polar_angle_counts();
}

std::int64_t ProgramHost::counted_atoms() const {
    return sim_.counted_atoms();
}

std::int64_t ProgramHost::first_step() const {
    return sim_.first_step();
}

bool ProgramHost::continued() const {
    return sim_.continued();
}

std::FILE* ProgramHost::screen() const {
    return sim_.comm().is_root() ? sim_.options().screen : nullptr;
}

std::FILE* ProgramHost::open_output_file(const std::string& name, std::string& path,
                                         bool* appended) const {
    return sim_.open_output_file(name, path, appended);
}

}  // namespace miniasd
