#include "input/config.hpp"

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

}  // namespace miniasd
