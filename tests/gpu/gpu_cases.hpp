// Inputs the GPU tests run on both devices: every local term, one and several materials, 0 K and
// a bath, a field, programs that change the field and the temperature during the run.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "hamiltonian/contract_cases.hpp"
#include "physics/ucf_files.hpp"

namespace miniasd::test {

struct GpuCase {
    const char* name;
    std::string input;
    std::vector<std::pair<std::string, std::string>> files;  // unit-cell files by name
};

// A simple-cubic cell whose six bonds carry a symmetric anisotropic part and a bulk DMI.
inline std::string gpu_tensor_ucf() {
    return sc_tensor_dmi_ucf(5e-21, 4.5e-21, 5.2e-21, 0.3e-21, 1.1e-21);
}

// Monte Carlo on a simple cubic box with odd periodic axes (three colours), cubic anisotropy and
// a field; the move and the temperature are the case's.
inline const std::string odd_cube_monte_carlo =
    "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
    "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
    "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 21 !A\n"
    "dimensions:system-size-y = 15 !A\ndimensions:system-size-z = 12 !A\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 2e-21\n"
    "material[1]:cubic-anisotropy-constant = 3e-23\n"
    "material[1]:initial-spin-direction = random\n"
    "sim:applied-field-strength = 1 !T\nsim:applied-field-unit-vector = 0,1,1\n"
    "sim:integrator = monte-carlo\nsim:total-time-steps = 40\nsim:time-steps-increment = 20\n";

inline const std::vector<GpuCase>& gpu_cases() {
    static const std::vector<GpuCase> all = {
        {"bcc, one material (stencil runs), 300 K, field, anisotropy",
         "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:unit-cell-size = 2.87 !A\ndimensions:system-size = 2.87 !nm\n"
         "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7.05e-21\n"
         "material[1]:second-order-uniaxial-anisotropy-constant = 5.65e-25\n"
         "material[1]:initial-spin-direction = random\n"
         "sim:applied-field-strength = 1.5 !T\nsim:applied-field-unit-vector = 1,0,1\n"
         "sim:temperature = 300\nsim:time-step = 0.1 !fs\nsim:total-time-steps = 60\n"
         "sim:time-steps-increment = 20\nsim:integrator-random-seed = 11\n",
         {}},
        {"bcc ferrimagnet, two materials, 0 K, oblique field",
         "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-z\ndimensions:unit-cell-size = 3 !A\n"
         "dimensions:system-size-x = 21 !A\ndimensions:system-size-y = 15 !A\n"
         "dimensions:system-size-z = 18 !A\nmaterial:num-materials = 2\n"
         "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:damping-constant = 0.1\n"
         "material[1]:exchange-matrix[1] = 7e-21\nmaterial[1]:exchange-matrix[2] = -2e-21\n"
         "material[1]:unit-cell-category = 1\nmaterial[1]:initial-spin-direction = random\n"
         "material[2]:atomic-spin-moment = 7.6 !muB\nmaterial[2]:damping-constant = 0.05\n"
         "material[2]:exchange-matrix[2] = 1e-21\nmaterial[2]:unit-cell-category = 2\n"
         "material[2]:initial-spin-direction = 0,0,-1\n"
         "sim:applied-field-strength = 2 !T\nsim:applied-field-unit-vector = 1,1,1\n"
         "sim:time-step = 0.1 !fs\nsim:total-time-steps = 60\nsim:time-steps-increment = 20\n",
         {}},
        {"fcc film of three materials by height, 600 K, cubic and uniaxial anisotropy, "
         "biquadratic exchange",
         "create:crystal-structure = fcc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3.5 !A\n"
         "dimensions:system-size-x = 2.1 !nm\ndimensions:system-size-y = 1.75 !nm\n"
         "dimensions:system-size-z = 1.4 !nm\n"
         "material[1]:atomic-spin-moment = 1.7 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
         "material[1]:biquadratic-exchange-matrix[1] = 4e-22\n"
         "material[1]:maximum-height = 0.5\nmaterial[1]:initial-spin-direction = random\n"
         "material[2]:atomic-spin-moment = 0.6 !muB\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
         "material[2]:exchange-matrix[1] = 1e-21\nmaterial[2]:minimum-height = 0.5\n"
         "material[2]:maximum-height = 0.75\nmaterial[2]:damping-constant = 0.3\n"
         "material[2]:cubic-anisotropy-constant = 3e-23\n"
         "material[3]:atomic-spin-moment = 2.2 !muB\nmaterial[3]:exchange-matrix[3] = 4e-21\n"
         "material[3]:exchange-matrix[2] = -1e-21\nmaterial[3]:minimum-height = 0.75\n"
         "material[3]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
         "sim:temperature = 600\nsim:time-step = 0.1 !fs\nsim:total-time-steps = 60\n"
         "sim:time-steps-increment = 30\nsim:integrator-random-seed = 99\n",
         {}},
        {"tensor exchange with a bulk DMI part from a unit-cell file, 100 K",
         "material:unit-cell-file = tensor.ucf\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:system-size-x = 1.8 !nm\ndimensions:system-size-y = 1.5 !nm\n"
         "dimensions:system-size-z = 1.2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
         "material[1]:second-order-uniaxial-anisotropy-constant = 1e-22\n"
         "material[1]:initial-spin-direction = random\n"
         "sim:temperature = 100\nsim:time-step = 0.1 !fs\nsim:total-time-steps = 60\n"
         "sim:time-steps-increment = 20\n",
         {{"tensor.ucf", gpu_tensor_ucf()}}},
        {"interfacial DMI film on a non-magnetic layer (the contract test's), field",
         interfacial_dmi_film + "material[1]:initial-spin-direction = random\n"
                                "sim:temperature = 20\nsim:time-step = 0.1 !fs\n"
                                "sim:total-time-steps = 60\nsim:time-steps-increment = 20\n",
         {}},
        {"spin-transfer and spin-orbit torques (the contract test's two materials), 50 K",
         spin_torque_film + "material[1]:initial-spin-direction = random\n"
                            "material[2]:initial-spin-direction = random\n"
                            "sim:temperature = 50\nsim:time-step = 0.1 !fs\n"
                            "sim:total-time-steps = 60\nsim:time-steps-increment = 20\n",
         {}},
        {"Zhang-Li current torques (the contract test's film), 50 K, in an electrical pulse",
         current_torque_film + "material[1]:initial-spin-direction = random\n"
                               "material[2]:initial-spin-direction = random\n"
                               "sim:program = electrical-pulse\n"
                               "sim:electrical-pulse-rise-time = 2 !fs\n"
                               "sim:electrical-pulse-time = 2 !fs\n"
                               "sim:electrical-pulse-fall-time = 2 !fs\n"
                               "sim:temperature = 50\nsim:time-step = 0.1 !fs\n"
                               "sim:total-time-steps = 60\nsim:time-steps-increment = 20\n",
         {}},
        {"hysteresis loop (the applied field changes: the device's views are taken again)",
         "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 1.5 !nm\n"
         "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 2e-21\n"
         "material[1]:second-order-uniaxial-anisotropy-constant = 1e-22\n"
         "sim:program = hysteresis-loop\nsim:maximum-applied-field-strength = 2 !T\n"
         "sim:applied-field-strength-increment = 1 !T\nsim:applied-field-unit-vector = 0,0,1\n"
         "sim:equilibration-time-steps = 10\nsim:loop-time-steps = 20\n"
         "sim:time-steps-increment = 10\nsim:temperature = 10\nsim:time-step = 0.1 !fs\n",
         {}},
        {"field cooling (the temperature changes every step)",
         "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 1.5 !nm\n"
         "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 2e-21\n"
         "sim:program = field-cool\nsim:cooling-time = 5 !fs\nsim:cooling-function = linear\n"
         "sim:maximum-temperature = 400\nsim:minimum-temperature = 10\n"
         "sim:applied-field-strength = 1 !T\nsim:applied-field-unit-vector = 0,0,1\n"
         "sim:equilibration-time-steps = 10\nsim:total-time-steps = 60\n"
         "sim:time-steps-increment = 20\nsim:time-step = 0.1 !fs\n",
         {}},
        {"Monte Carlo, adaptive move: bcc ferrimagnet of two materials (a colour per site), 300 K",
         "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:unit-cell-size = 3 !A\ndimensions:system-size = 1.8 !nm\n"
         "material:num-materials = 2\n"
         "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7e-21\n"
         "material[1]:exchange-matrix[2] = -2e-21\nmaterial[1]:unit-cell-category = 1\n"
         "material[1]:initial-spin-direction = random\n"
         "material[2]:atomic-spin-moment = 7.6 !muB\nmaterial[2]:exchange-matrix[2] = 1e-21\n"
         "material[2]:unit-cell-category = 2\n"
         "material[2]:second-order-uniaxial-anisotropy-constant = 1e-23\n"
         "sim:integrator = monte-carlo\nsim:temperature = 300\nsim:total-time-steps = 40\n"
         "sim:time-steps-increment = 20\nsim:integrator-random-seed = 3\n",
         {}},
        {"Monte Carlo, the uniform move on odd periodic axes (a third colour), cubic "
         "anisotropy and a field",
         odd_cube_monte_carlo + "montecarlo:algorithm = uniform\nsim:temperature = 150\n",
         {}},
        {"Monte Carlo, the spin-flip move, odd periodic axes, 20 K",
         odd_cube_monte_carlo + "montecarlo:algorithm = spin-flip\nsim:temperature = 20\n",
         {}},
        {"Monte Carlo Curie sweep with the angle move on an fcc film with DMI",
         "create:crystal-structure = fcc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3.5 !A\n"
         "dimensions:system-size-x = 1.75 !nm\ndimensions:system-size-y = 1.75 !nm\n"
         "dimensions:system-size-z = 1.05 !nm\nmaterial[1]:atomic-spin-moment = 1.7 !muB\n"
         "material[1]:exchange-matrix[1] = 5e-21\nmaterial[1]:dmi-constant[1] = 4e-22\n"
         "sim:program = curie-temperature\nsim:minimum-temperature = 100\n"
         "sim:maximum-temperature = 300\nsim:temperature-increment = 100\n"
         "sim:equilibration-time-steps = 10\nsim:loop-time-steps = 20\n"
         "sim:time-steps-increment = 10\n"
         "sim:integrator = monte-carlo\nmontecarlo:algorithm = angle\n",
         {}},
        {"the exact dipolar field (FFT on the host) of a bcc sphere, updated every 3 steps, 300 K",
         "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
         "dimensions:system-size = 2.3 !nm\ncreate:sphere\n"
         "material[1]:atomic-spin-moment = 2.2 !muB\nmaterial[1]:exchange-matrix[1] = 7e-21 !J\n"
         "material[1]:damping-constant = 0.1\nmaterial[1]:initial-spin-direction = 0.3,0,1\n"
         "dipole:solver = atomistic\ndipole:field-update-rate = 3\nsim:temperature = 300\n"
         "sim:time-step = 1e-16\nsim:total-time-steps = 40\nsim:time-steps-increment = 10\n"
         "sim:integrator-random-seed = 11\noutput:magnetostatic-energy\n",
         {}},
        {"the tensor macro-cell dipolar field at 0 K, every step, in a field",
         "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
         "dimensions:system-size-x = 1.8 !nm\ndimensions:system-size-y = 1.5 !nm\n"
         "dimensions:system-size-z = 1.2 !nm\nmaterial[1]:atomic-spin-moment = 3 !muB\n"
         "material[1]:exchange-matrix[1] = 2e-21\nmaterial[1]:initial-spin-direction = random\n"
         "dipole:solver = tensor\ncells:macro-cell-size = 6 !A\ndipole:field-update-rate = 1\n"
         "sim:applied-field-strength = 0.5 !T\nsim:applied-field-unit-vector = 1,0,0\n"
         "sim:time-step = 0.1 !fs\nsim:total-time-steps = 40\nsim:time-steps-increment = 20\n",
         {}},
        {"Monte Carlo with the exact dipolar field (the stored field of the sweep's start)",
         "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
         "dimensions:system-size = 1.5 !nm\nmaterial[1]:atomic-spin-moment = 3 !muB\n"
         "material[1]:exchange-matrix[1] = 2e-21\nmaterial[1]:initial-spin-direction = random\n"
         "dipole:solver = atomistic\ndipole:field-update-rate = 2\n"
         "sim:integrator = monte-carlo\nsim:temperature = 50\n"
         "sim:total-time-steps = 30\nsim:time-steps-increment = 10\n",
         {}},
    };
    return all;
}

}  // namespace miniasd::test
