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
