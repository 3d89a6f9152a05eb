#include "input/config.hpp"

#include <algorithm>
#include <sstream>

#include "input/keyword_table.hpp"
#include "util/units.hpp"

namespace miniasd {

const char* to_string(CrystalStructure c) {
    switch (c) {
        case CrystalStructure::sc:
            return "sc";
        case CrystalStructure::bcc:
            return "bcc";
        case CrystalStructure::fcc:
            return "fcc";
    }
    return "?";
}

const char* to_string(ParticleShape s) {
    switch (s) {
        case ParticleShape::none:
            return "none";
        case ParticleShape::sphere:
            return "sphere";
        case ParticleShape::cube:
            return "cube";
        case ParticleShape::cylinder:
            return "cylinder";
        case ParticleShape::truncated_octahedron:
            return "truncated-octahedron";
    }
    return "?";
}

const char* to_string(ProgramKind p) {
    switch (p) {
        case ProgramKind::time_series:
            return "time-series";
        case ProgramKind::benchmark:
            return "benchmark";
        case ProgramKind::curie_temperature:
            return "curie-temperature";
        case ProgramKind::hysteresis_loop:
            return "hysteresis-loop";
        case ProgramKind::field_cool:
            return "field-cool";
        case ProgramKind::laser_pulse:
            return "laser-pulse";
    }
    return "?";
}

const char* to_string(IntegratorKind i) {
    return i == IntegratorKind::monte_carlo ? "monte-carlo" : "llg-heun";
}

const char* to_string(OutputMode m) {
    switch (m) {
        case OutputMode::serial:
            return "serial";
        case OutputMode::file_per_process:
            return "file-per-process";
        case OutputMode::mpi_io:
            return "mpi-io";
        case OutputMode::file_per_node:
            return "file-per-node";
        case OutputMode::sorted:
            return "sorted";
        case OutputMode::hdf5:
            return "hdf5";
    }
    return "?";
}

const char* to_string(MonteCarloMove m) {
    switch (m) {
        case MonteCarloMove::adaptive:
            return "adaptive";
        case MonteCarloMove::angle:
            return "angle";
        case MonteCarloMove::spin_flip:
            return "spin-flip";
        case MonteCarloMove::uniform:
            return "uniform";
    }
    return "?";
}

namespace {
std::string vec(const Vec3& v, int digits) {
    std::ostringstream o;
    o.precision(digits);
    o << v[0] << "," << v[1] << "," << v[2];
    return o.str();
}
}  // namespace

std::string describe(const Config& c, int digits) {
    std::ostringstream o;
    o.precision(digits);
    const char* xyz = "xyz";
    if (c.single_spin) o << "create:single-spin\n";
    o << "create:crystal-structure = " << to_string(c.crystal) << "\n";
    if (c.particle_shape != ParticleShape::none)
        o << "create:" << to_string(c.particle_shape) << "\n"
          << "dimensions:particle-size = " << c.particle_size * 1e10 << " !A\n";
    for (int a = 0; a < 3; ++a)
        if (c.periodic[a]) o << "create:periodic-boundaries-" << xyz[a] << "\n";
    for (int a = 0; a < 3; ++a) {
        o << "dimensions:unit-cell-size-" << xyz[a] << " = " << c.unit_cell[a] * 1e10 << " !A\n";
        o << "dimensions:system-size-" << xyz[a] << " = " << c.system_size[a] * 1e10 << " !A\n";
    }
    if (std::any_of(c.materials.begin(), c.materials.end(),
                    [](const MaterialConfig& m) { return m.alloy_host; }))
        o << "create:alloy-random-seed = " << c.alloy_seed << "\n";
    o << "material:num-materials = " << c.materials.size() << "\n";
    for (std::size_t i = 0; i < c.materials.size(); ++i) {
        const MaterialConfig& m = c.materials[i];
        const std::string p = "material[" + std::to_string(i + 1) + "]:";
        o << p << "material-name = " << m.name << "\n"
          << p << "atomic-spin-moment = " << m.moment / constants::bohr_magneton << " !muB\n"
          << p << "damping-constant = " << m.damping << "\n";
        for (std::size_t j = 0; j < m.exchange.size(); ++j)
            o << p << "exchange-matrix[" << j + 1 << "] = " << m.exchange[j] << " !J\n";
        if (!m.element.empty()) o << p << "material-element = " << m.element << "\n";
        o << p << "second-order-uniaxial-anisotropy-constant = " << m.anisotropy << " !J\n"
          << p << "uniaxial-anisotropy-direction = " << vec(m.anisotropy_axis, digits) << "\n"
          << p << "fourth-order-cubic-anisotropy-constant = " << m.cubic_anisotropy << " !J\n"
          << p << "initial-spin-direction = "
          << (m.random_initial_spin ? std::string("random") : vec(m.initial_spin, digits)) << "\n";
        if (m.alloy_host) {
            o << p << "host-alloy\n";
            for (std::size_t j = 0; j < m.alloy_fraction.size(); ++j)
                if (m.alloy_fraction[j] > 0)
                    o << p << "alloy-fraction[" << j + 1 << "] = " << m.alloy_fraction[j] << "\n";
        }
        if (m.unit_cell_category > 0)
            o << p << "unit-cell-category = " << m.unit_cell_category << "\n";
        if (m.core_shell_set) o << p << "core-shell-size = " << m.core_shell_size << "\n";
        o << p << "minimum-height = " << m.minimum_height << "\n"
          << p << "maximum-height = " << m.maximum_height << "\n";
    }
    o << "sim:program = " << to_string(c.program) << "\n"
      << "sim:integrator = " << to_string(c.integrator) << "\n"
      << "sim:temperature = " << c.temperature << " !K\n";
    if (c.integrator == IntegratorKind::monte_carlo)
        o << "montecarlo:algorithm = " << to_string(c.monte_carlo_move) << "\n";
    if (c.program == ProgramKind::curie_temperature)
        o << "sim:minimum-temperature = " << c.minimum_temperature << " !K\n"
          << "sim:maximum-temperature = " << c.maximum_temperature << " !K\n"
          << "sim:temperature-increment = " << c.temperature_increment << " !K\n";
    if (c.program == ProgramKind::hysteresis_loop)
        o << "sim:maximum-applied-field-strength = " << c.maximum_field << " !T\n"
          << "sim:applied-field-strength-increment = " << c.field_increment << " !T\n";
    if (c.program == ProgramKind::field_cool) {
        const char* f[] = {"exponential", "gaussian", "linear"};
        o << "sim:cooling-time = " << c.cooling_time << " !s\n"
          << "sim:cooling-function = " << f[static_cast<int>(c.cooling_function)] << "\n";
    }
    if (c.program == ProgramKind::laser_pulse) {
        const bool square = c.laser_profile == Config::LaserProfile::square;
        o << "sim:laser-pulse-temporal-profile = " << (square ? "square" : "two-temperature")
          << "\nsim:laser-pulse-time = " << c.pulse_time << " !s\n";
        if (square)
            o << "sim:maximum-temperature = " << c.maximum_temperature << " !K\n";
        else
            o << "sim:laser-pulse-power = " << c.pulse_power << "\n"
              << "sim:two-temperature-electron-heat-capacity = " << c.electron_heat_capacity
              << "\nsim:two-temperature-phonon-heat-capacity = " << c.phonon_heat_capacity
              << "\nsim:two-temperature-electron-phonon-coupling = " << c.electron_phonon_coupling
              << "\nsim:two-temperature-heat-sink-coupling = " << c.heat_sink_coupling << "\n";
    }
    if (c.program == ProgramKind::curie_temperature || c.program == ProgramKind::hysteresis_loop)
        o << "sim:loop-time-steps = " << c.loop_steps << "\n";
    if (c.equilibration_temperature >= 0)
        o << "sim:equilibration-temperature = " << c.equilibration_temperature << " !K\n";
    o << "sim:time-step = " << c.time_step << " !s\n"
      << "sim:equilibration-time-steps = " << c.equilibration_steps << "\n"
      << "sim:total-time-steps = " << c.total_steps << "\n"
      << "sim:time-steps-increment = " << c.steps_increment << "\n"
      << "sim:applied-field-strength = " << c.field_strength << " !T\n"
      << "sim:applied-field-unit-vector = " << vec(c.field_direction, digits) << "\n"
      << "sim:integrator-random-seed = " << c.seed << "\n";
    const char* save[] = {"", "end", "continuous"};
    if (c.save_checkpoint != Config::CheckpointSave::none)
        o << "sim:save-checkpoint = " << save[static_cast<int>(c.save_checkpoint)] << "\n";
    if (c.save_checkpoint == Config::CheckpointSave::continuous)
        o << "sim:save-checkpoint-rate = " << c.checkpoint_rate << "\n";
    if (c.load_checkpoint != Config::CheckpointLoad::none)
        o << "sim:load-checkpoint" << (c.load_checkpoint_if_exists ? "-if-exists" : "") << " = "
          << (c.load_checkpoint == Config::CheckpointLoad::restart ? "restart" : "continue")
          << "\n";
    if (c.wall_time_limit > 0) o << "sim:wall-time-limit = " << c.wall_time_limit << "\n";  // s
    o << "sim:checkpoint-directory = " << c.checkpoint_directory << "\n"
      << "sim:checkpoints-kept = " << c.checkpoints_kept << "\n";
    for (const std::string& col : c.output_columns)
        o << "output:" << col << "\n";
    for (const std::string& col : c.screen_columns)
        o << "screen:" << col << "\n";
    if (c.output_rate != 1) o << "output:output-rate = " << c.output_rate << "\n";
    return o.str();
}

}  // namespace miniasd
