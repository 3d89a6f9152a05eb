// The inputs of the term contract test (test_contract.cpp): each makes some terms active with
// non-trivial constants. Other tests reuse them (the GPU tests run the DMI film).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "physics/ucf_files.hpp"

namespace miniasd::test {

// An interfacial DMI film (Co on Pt): a magnetic layer with DMI to a non-magnetic one below, in a
// field along z.
inline const std::string interfacial_dmi_film =
    "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
    "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 2.4 !nm\ndimensions:system-size-y = 1.8 !nm\n"
    "dimensions:system-size-z = 6 !A\nexchange:dmi-cutoff-range = 4.3 !A\n"
    "material:num-materials = 2\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 1e-21\n"
    "material[1]:dmi-constant[2] = 7.07e-22\nmaterial[1]:minimum-height = 0.5\n"
    "material[2]:atomic-spin-moment = 0.5 !muB\nmaterial[2]:non-magnetic = keep\n"
    "material[2]:maximum-height = 0.5\n"
    "sim:applied-field-strength = 0.5 !T\nsim:applied-field-unit-vector = 0,0,1\n";

// Two layered materials with spin-transfer and spin-orbit torques (both parts, an asymmetry, two
// dampings): a drive without an energy.
inline const std::string spin_torque_film =
    "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
    "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 1.5 !nm\n"
    "dimensions:system-size-y = 1.2 !nm\ndimensions:system-size-z = 1.2 !nm\n"
    "material:num-materials = 2\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[2]:atomic-spin-moment = 1 !muB\n"
    "material[1]:exchange-matrix[1] = 5e-21\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
    "material[1]:exchange-matrix[2] = 2e-21\n"
    "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
    "material[1]:damping-constant = 0.05\nmaterial[2]:damping-constant = 0.3\n"
    "material[1]:spin-transfer-relaxation-torque = 0.7 !T\n"
    "material[1]:spin-transfer-precession-torque = 0.2 !T\n"
    "material[1]:spin-transfer-torque-asymmetry = 0.4\n"
    "material[2]:spin-orbit-relaxation-torque = -0.5 !T\n"
    "material[2]:spin-orbit-field-like-torque = 0.3 !T\n"
    "sim:spin-transfer-torque-polarization-unit-vector = 1,2,2\n"
    "sim:spin-orbit-torque-polarization-unit-vector = 0,1,0\n";

// Zhang-Li current torques in a bcc film periodic in x only: a current with components along all
// three axes (open ends along y and z), two materials with their own polarisation and beta.
inline const std::string current_torque_film =
    "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
    "dimensions:unit-cell-size = 2.87 !A\ndimensions:system-size-x = 1.435 !nm\n"
    "dimensions:system-size-y = 1.148 !nm\ndimensions:system-size-z = 0.861 !nm\n"
    "material:num-materials = 2\n"
    "material[1]:atomic-spin-moment = 2.2 !muB\nmaterial[2]:atomic-spin-moment = 1.4 !muB\n"
    "material[1]:exchange-matrix[1] = 5e-21\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
    "material[1]:exchange-matrix[2] = 2e-21\n"
    "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
    "material[1]:damping-constant = 0.1\nmaterial[2]:damping-constant = 0.02\n"
    "material[1]:spin-polarisation = 0.6\nmaterial[1]:non-adiabaticity = 0.04\n"
    "material[2]:spin-polarisation = -0.3\n"
    "sim:current-density = 3e12, -1e12, 2e12 !A/m2\n";

struct ContractCase {
    const char* name;
    std::string input;
    std::vector<std::pair<std::string, std::string>> files;
};

inline const std::string contract_bcc_box =
    "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
    "create:periodic-boundaries-z\ndimensions:unit-cell-size = 2.87 !A\n"
    "dimensions:system-size-x = 1.148 !nm\ndimensions:system-size-y = 1.148 !nm\n"
    "dimensions:system-size-z = 1.722 !nm\n";

// A simple-cubic cell whose six bonds carry a symmetric anisotropic part and a bulk DMI.
inline std::string contract_tensor_ucf() {
    return sc_tensor_dmi_ucf(6e-21, 5.5e-21, 6.3e-21, 0.4e-21, 0.9e-21);
}

inline const std::vector<ContractCase>& contract_cases() {
    static const std::vector<ContractCase> all = {
        {"one material: stencil exchange, off-axis uniaxial and cubic anisotropy, biquadratic, "
         "an oblique field",
         contract_bcc_box +
             "material[1]:atomic-spin-moment = 2.22 !muB\n"
             "material[1]:exchange-matrix[1] = 7.05e-21\n"
             "material[1]:second-order-uniaxial-anisotropy-constant = 2e-22\n"
             "material[1]:uniaxial-anisotropy-direction = 1,2,3\n"
             "material[1]:cubic-anisotropy-constant = 1.5e-22\n"
             "material[1]:biquadratic-exchange-matrix[1] = 8e-22\n"
             "sim:applied-field-strength = 3 !T\nsim:applied-field-unit-vector = 1,-2,0.5\n",
         {}},
        {"two layered materials: the exchange's table path, a uniaxial axis per material",
         "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 1.5 !nm\n"
         "dimensions:system-size-y = 1.2 !nm\ndimensions:system-size-z = 1.8 !nm\n"
         "material:num-materials = 2\n"
         "material[1]:atomic-spin-moment = 2 !muB\nmaterial[2]:atomic-spin-moment = 0.7 !muB\n"
         "material[1]:exchange-matrix[1] = 5e-21\nmaterial[2]:exchange-matrix[2] = 2e-21\n"
         "material[1]:exchange-matrix[2] = -3e-21\n"
         "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
         "material[1]:second-order-uniaxial-anisotropy-constant = 3e-22\n"
         "material[1]:uniaxial-anisotropy-direction = 0,1,1\n"
         "material[2]:second-order-uniaxial-anisotropy-constant = -1e-22\n"
         "material[2]:uniaxial-anisotropy-direction = 1,0,0.2\n"
         "sim:applied-field-strength = 1 !T\nsim:applied-field-unit-vector = 0,0.3,1\n",
         {}},
        {"VAMPIRE's further anisotropy forms on two materials: uniaxial orders 4 and 6 about an "
         "oblique axis, biaxial, sixth-order cubic, rotational, both triaxial orders on rotated "
         "bases, the fourth-order cubic on rotated axes, and a material's own applied field",
         "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 1.5 !nm\n"
         "dimensions:system-size-y = 1.2 !nm\ndimensions:system-size-z = 1.8 !nm\n"
         "material:num-materials = 2\n"
         "material[1]:atomic-spin-moment = 2 !muB\nmaterial[2]:atomic-spin-moment = 1.2 !muB\n"
         "material[1]:exchange-matrix[1] = 5e-21\nmaterial[2]:exchange-matrix[2] = 2e-21\n"
         "material[1]:exchange-matrix[2] = 1e-21\n"
         "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
         "material[1]:uniaxial-anisotropy-direction = 1,2,3\n"
         "material[1]:fourth-order-uniaxial-anisotropy-constant = 2e-22\n"
         "material[1]:sixth-order-uniaxial-anisotropy-constant = -1.5e-22\n"
         "material[1]:fourth-order-biaxial-anisotropy-constant = 1e-22\n"
         "material[1]:sixth-order-cubic-anisotropy-constant = 3e-22\n"
         "material[1]:fourth-order-rotational-anisotropy-constant = -2e-22\n"
         "material[1]:second-order-triaxial-anisotropy-vector = 1e-22, -2e-22, 0.5e-22 !J/atom\n"
         "material[1]:second-order-triaxial-basis-vector-1 = 1,1,0\n"
         "material[1]:second-order-triaxial-basis-vector-2 = -1,1,1\n"
         "material[2]:fourth-order-triaxial-anisotropy-vector = 2e-22, 1e-22, -1e-22\n"
         "material[2]:fourth-order-triaxial-basis-vector-1 = 0,1,1\n"
         "material[2]:fourth-order-triaxial-basis-vector-3 = 1,0,0\n"
         "material[2]:cubic-anisotropy-constant = 1.2e-22\n"
         "material[2]:cubic-anisotropy-direction-1 = 1,1,0\n"
         "material[2]:cubic-anisotropy-direction-2 = -1,1,0\n"
         "material[2]:applied-field-strength = 0.7 !T\n"
         "material[2]:applied-field-unit-vector = 1,0,1\n"
         "sim:applied-field-strength = 1 !T\nsim:applied-field-unit-vector = 0,0.3,1\n",
         {}},
        {"Neel surface anisotropy of an open bcc film of two materials, with VAMPIRE's range "
         "dependence, on surface atoms only",
         "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ndimensions:unit-cell-size = 2.87 !A\n"
         "dimensions:system-size-x = 1.435 !nm\ndimensions:system-size-y = 1.148 !nm\n"
         "dimensions:system-size-z = 1.148 !nm\nmaterial:num-materials = 2\n"
         "material[1]:atomic-spin-moment = 2.2 !muB\nmaterial[2]:atomic-spin-moment = 1.4 !muB\n"
         "material[1]:exchange-matrix[1] = 5e-21\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
         "material[1]:exchange-matrix[2] = 2e-21\n"
         "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
         "material[1]:neel-anisotropy-constant[1] = 3e-22\n"
         "material[1]:neel-anisotropy-constant[2] = -1e-22\n"
         "material[2]:surface-anisotropy-constant[2] = 2e-22\n"
         "anisotropy:neel-anisotropy-exponential-range = 2.4 !A\n",
         {}},
        {"Kitaev exchange on the nearest bonds of two bcc materials (the second shell, beyond "
         "the cutoff, has exchange only)",
         contract_bcc_box +
             "exchange:function = shell\nexchange:interaction-range = 1.2\n"
             "material:num-materials = 2\n"
             "material[1]:atomic-spin-moment = 2.22 !muB\n"
             "material[2]:atomic-spin-moment = 1.5 !muB\n"
             "material[1]:exchange-matrix[1] = 7e-21\nmaterial[2]:exchange-matrix[2] = 4e-21\n"
             "material[1]:exchange-matrix[2] = 2e-21\n"
             "material[1]:exchange-matrix-2nd-nn[1] = 1e-21\n"
             "material[1]:kitaev-constant[1] = 3e-22\nmaterial[1]:kitaev-constant[2] = -2e-22\n"
             "material[2]:kitaev-constant[2] = 1e-22\n"
             "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n",
         {}},
        {"four-spin exchange of two simple-cubic materials, open along z (quartets cut by the "
         "surfaces dropped)",
         "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ndimensions:unit-cell-size = 3 !A\n"
         "dimensions:system-size-x = 1.5 !nm\ndimensions:system-size-y = 1.2 !nm\n"
         "dimensions:system-size-z = 1.8 !nm\nmaterial:num-materials = 2\n"
         "material[1]:atomic-spin-moment = 2 !muB\nmaterial[2]:atomic-spin-moment = 1.3 !muB\n"
         "material[1]:exchange-matrix[1] = 5e-21\nmaterial[2]:exchange-matrix[2] = 2e-21\n"
         "material[1]:exchange-matrix[2] = 1e-21\n"
         "material[1]:maximum-height = 0.5\nmaterial[2]:minimum-height = 0.5\n"
         "material[1]:four-spin-constant[1] = 4e-22\nmaterial[1]:four-spin-constant[2] = 1e-22\n"
         "material[2]:four-spin-constant[1] = -2e-22\n"
         "material[2]:four-spin-constant[2] = 3e-22\n"
         "exchange:four-spin-cutoff-1 = 3 !A\nexchange:four-spin-cutoff-2 = 4.2426 !A\n",
         {}},
        {"tensor exchange from a unit-cell file, with an antisymmetric (bulk DMI) part",
         "material:unit-cell-file = tensor.ucf\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "dimensions:system-size-x = 1.5 !nm\ndimensions:system-size-y = 1.2 !nm\n"
         "dimensions:system-size-z = 1.8 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
         "material[1]:second-order-uniaxial-anisotropy-constant = 1e-22\n"
         "material[1]:uniaxial-anisotropy-direction = 0.2,0.1,1\n",
         {{"tensor.ucf", contract_tensor_ucf()}}},
        {"vectorial exchange over two shells in a random alloy (diagonal couplings per pair of "
         "materials)",
         contract_bcc_box +
             "exchange:function = shell\nexchange:interaction-range = 1.2\n"
             "material:num-materials = 2\n"
             "material[1]:atomic-spin-moment = 2.22 !muB\n"
             "material[2]:atomic-spin-moment = 1.5 !muB\n"
             "material[1]:exchange-matrix[1] = 7e-21, 7.4e-21, 6.6e-21\n"
             "material[2]:exchange-matrix[2] = 4e-21\nmaterial[1]:exchange-matrix[2] = 2e-21\n"
             "material[1]:exchange-matrix-2nd-nn[1] = 1e-21, 1.2e-21, 0.8e-21\n"
             "material[1]:host-alloy\nmaterial[1]:alloy-fraction[2] = 0.4\n"
             "sim:applied-field-strength = 2 !T\nsim:applied-field-unit-vector = 1,1,0\n",
         {}},
        {"an interfacial DMI film (Co on Pt)", interfacial_dmi_film, {}},
        {"spin-transfer and spin-orbit torques on two materials (a drive without an energy)",
         spin_torque_film,
         {}},
        {"Zhang-Li current torques along three axes, open along two (a drive without an energy)",
         current_torque_film,
         {}},
        {"the exact dipolar field of an open box (a non-local stage)",
         "create:crystal-structure = sc\ndimensions:unit-cell-size = 2.5 !A\n"
         "dimensions:system-size-x = 1.25 !nm\ndimensions:system-size-y = 1 !nm\n"
         "dimensions:system-size-z = 1.5 !nm\nmaterial[1]:atomic-spin-moment = 3 !muB\n"
         "material[1]:exchange-matrix[1] = 5e-21\n"
         "material[1]:second-order-uniaxial-anisotropy-constant = 5e-23\n"
         "dipole:solver = atomistic\ndipole:field-update-rate = 1\n",
         {}},
        {"the exact dipolar field of a periodic box under the vacuum surface (the Ewald kernel)",
         "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
         "dimensions:system-size-x = 1.435 !nm\ndimensions:system-size-y = 1.148 !nm\n"
         "dimensions:system-size-z = 1.722 !nm\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
         "material[1]:atomic-spin-moment = 2.2 !muB\nmaterial[1]:exchange-matrix[1] = 7e-21\n"
         "dipole:solver = atomistic\ndipole:boundary = vacuum\ndipole:field-update-rate = 1\n",
         {}},
        {"the exact dipolar field of a film (periodic along x and y: the two-dimensional sum)",
         "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
         "dimensions:system-size-x = 1.435 !nm\ndimensions:system-size-y = 1.148 !nm\n"
         "dimensions:system-size-z = 0.861 !nm\ncreate:periodic-boundaries-x\n"
         "create:periodic-boundaries-y\nmaterial[1]:atomic-spin-moment = 2.2 !muB\n"
         "material[1]:exchange-matrix[1] = 7e-21\n"
         "dipole:solver = atomistic\ndipole:field-update-rate = 1\n",
         {}},
    };
    return all;
}

}  // namespace miniasd::test
