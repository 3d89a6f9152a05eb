// The classification of VAMPIRE's keywords (vampire_keywords.hpp). Names are VAMPIRE's (its
// src/*/interface.cpp and vio/match.cpp), grouped by what miniASD does with them. A test checks
// that every "supported" name is in miniASD's keyword table and no other name is.
#include "input/vampire_keywords.hpp"

#include <sstream>

#include "input/keyword_table.hpp"

namespace miniasd {

namespace {

using VC = VampireClass;

struct Group {
    const char* section;
    VC kind;
    const char* note;
    const char* names;  // blank-separated
};

// clang-format off
const Group groups[] = {
    // --- create: ---
    {"create", VC::supported, "",
     "crystal-structure periodic-boundaries periodic-boundaries-x periodic-boundaries-y "
     "periodic-boundaries-z alloy-random-seed single-spin sphere cube cylinder truncated-octahedron "
     "ellipsoid ellipse cone cone-angle tear-drop bubble bubble-radius bubble-nucleation-height "
     "particle-centre-offset crystal-sublattice-materials spin-initialisation-random-seed"},
    {"create", VC::accepted_without_effect,
     "miniASD builds the whole box unless a particle shape (create:sphere, ...) cuts one particle "
     "at its centre", "full particle"},
    {"create", VC::not_supported,
     "VAMPIRE's create module's faceted particle is not implemented (sphere, cube, cylinder, "
     "truncated-octahedron, ellipsoid, ellipse, cone, tear-drop and bubble are)",
     "faceted-particle"},
    {"create", VC::supported, "", "particle-array hexagonal-particle-array"},
    {"create", VC::not_supported,
     "VAMPIRE's create module's granular (Voronoi) films are not implemented",
     "voronoi-film voronoi-grain-substructure voronoi-size-variance voronoi-row-offset "
     "voronoi-random-seed voronoi-rounded-grains voronoi-include-boundary-grains "
     "voronoi-rounded-grains-area voronoi-grain-substructure-crystallization-radius "
     "voronoi-grain-substructure-overlap-factor voronoi-grain-size voronoi-grain-spacing "
     "grains-poission grain-random-seed grains granular-film grain-size-variance rounded-grains "
     "include-boundary-grains rounded-grains-area"},
    {"create", VC::not_supported,
     "VAMPIRE's create module's geometry files are not implemented (materials are placed by "
     "unit-cell-category, height and core-shell-size)",
     "select-material-by-geometry select-material-by-height"},
    {"create", VC::not_supported, "VAMPIRE's create module's interface roughness is not implemented",
     "interfacial-roughness material-interfacial-roughness interfacial-roughness-random-seed "
     "interfacial-roughness-number-of-seed-points interfacial-roughness-type "
     "interfacial-roughness-seed-radius interfacial-roughness-seed-radius-variance "
     "interfacial-roughness-mean-height interfacial-roughness-maximum-height "
     "interfacial-roughness-height-field-resolution"},
    {"create", VC::supported, "", "multilayers"},
    {"create", VC::supported, "",
     "dilution-random-seed fill-core-shell-particles height-categorization"},
    {"create", VC::not_supported, "VAMPIRE's create module's intermixing of layers is not implemented",
     "intermixing-random-seed"},

    // --- dimensions: ---
    {"dimensions", VC::supported, "",
     "unit-cell-size unit-cell-size-x unit-cell-size-y unit-cell-size-z system-size system-size-x "
     "system-size-y system-size-z particle-size particle-shape-factor-x particle-shape-factor-y "
     "particle-shape-factor-z particle-spacing particle-array-offset-x particle-array-offset-y"},

    // --- material: and material[i]: ---
    {"material", VC::supported, "",
     "file num-materials material-name damping-constant atomic-spin-moment initial-spin-direction "
     "material-element unit-cell-category minimum-height maximum-height exchange-matrix "
     "exchange-matrix-1st-nn second-order-uniaxial-anisotropy-constant uniaxial-anisotropy-constant "
     "uniaxial-anisotropy-direction fourth-order-cubic-anisotropy-constant cubic-anisotropy-constant "
     "alloy-host host-alloy alloy-fraction core-shell-size non-magnetic dmi-constant "
     "dzyaloshinskii-moriya-interaction-constant biquadratic-exchange-matrix "
     "biquadratic-exchange-matrix-1st-nn exchange-matrix-2nd-nn exchange-matrix-3rd-nn "
     "exchange-matrix-4th-nn exchange-matrix-5th-nn exchange-matrix-6th-nn exchange-matrix-7th-nn "
     "exchange-matrix-8th-nn exchange-matrix-9th-nn exchange-matrix-10th-nn "
     "biquadratic-exchange-matrix-2nd-nn biquadratic-exchange-matrix-3rd-nn "
     "biquadratic-exchange-matrix-4th-nn biquadratic-exchange-matrix-5th-nn "
     "biquadratic-exchange-matrix-6th-nn biquadratic-exchange-matrix-7th-nn "
     "biquadratic-exchange-matrix-8th-nn biquadratic-exchange-matrix-9th-nn "
     "biquadratic-exchange-matrix-10th-nn"},
    {"material", VC::supported, "",
     "second-order-triaxial-anisotropy-vector fourth-order-triaxial-anisotropy-vector "
     "second-order-triaxial-basis-vector-1 second-order-triaxial-basis-vector-2 "
     "second-order-triaxial-basis-vector-3 fourth-order-triaxial-basis-vector-1 "
     "fourth-order-triaxial-basis-vector-2 fourth-order-triaxial-basis-vector-3 "
     "fourth-order-uniaxial-anisotropy-constant fourth-order-biaxial-anisotropy-constant "
     "sixth-order-uniaxial-anisotropy-constant sixth-order-cubic-anisotropy-constant "
     "fourth-order-rotational-anisotropy-constant cubic-anisotropy-direction-1 "
     "cubic-anisotropy-direction-2"},
    {"material", VC::not_supported,
     "temperature-dependent anisotropy tables (VAMPIRE's anisotropy module, lattice "
     "anisotropy) are not implemented: constant anisotropies are",
     "lattice-anisotropy-constant lattice-anisotropy-file"},
    {"material", VC::not_supported,
     "VAMPIRE's create module's inhomogeneous alloy distributions (smoothed, scaled, saved) are "
     "not implemented: host-alloy's homogeneous random alloy is",
     "host-alloy-smoothness host-alloy-scale save-host-alloy-distribution alloy-distribution "
     "alloy-variance"},
    {"material", VC::not_supported,
     "VAMPIRE's create module's granular (Voronoi) structures and geometry files are not "
     "implemented: materials are placed by unit-cell-category, height and core-shell-size",
     "fill-substructure-space geometry-file voronoi-grain-substructure-nucleation-height"},
    {"material", VC::supported, "", "kitaev-constant four-spin-constant"},
    {"material", VC::supported, "", "minimum-temperature maximum-temperature"},
    {"material", VC::supported, "", "neel-anisotropy-constant surface-anisotropy-constant"},
    {"material", VC::not_supported,
     "VAMPIRE's micromagnetic module (multiscale atomistic and micromagnetic cells) is outside "
     "miniASD's atomistic model",
     "micromagnetic-discretisation-enabled pinning-field-strength pinning-field-unit-vector"},
    {"material", VC::supported, "", "domain-wall-second-magnetisation-vector"},
    {"material", VC::supported, "",
     "spin-transfer-relaxation-torque slonczewski-adiabatic-spin-torque spin-transfer-torque "
     "antidamping-torque spin-transfer-precession-torque slonczewski-non-adiabatic-spin-torque "
     "field-like-torque slonczewski-precession-spin-torque spin-transfer-torque-asymmetry "
     "spin-orbit-relaxation-torque spin-orbit-anti-damping-torque spin-orbit-precession-torque "
     "spin-orbit-torque spin-orbit-field-like-torque spin-orbit-torque-asymmetry"},
    {"material", VC::not_supported,
     "VAMPIRE's spintransport module (a resistor network of cells, its torques and "
     "voltage-controlled anisotropy) is not implemented: the Slonczewski spin-transfer and "
     "spin-orbit torques and the Zhang-Li current torques are",
     "voltage-controlled-magnetic-anisotropy-coefficient "
     "vcma-coefficient resistivity spin-resistivity spin-transport-relaxation-torque "
     "spin-transport-precession-torque"},
    {"material", VC::supported, "",
     "temperature relative-gamma temperature-rescaling-exponent "
     "temperature-rescaling-curie-temperature "
     "applied-field-strength applied-field-unit-vector"},
    {"material", VC::supported, "", "density"},
    {"material", VC::not_supported,
     "VAMPIRE's create module's intermixing of layers is not implemented",
     "intermixing"},
    {"material", VC::accepted_without_effect,
     "VAMPIRE reads it and nothing uses it (its develop branch stores the value only)",
     "interface-roughness"},
    {"material", VC::accepted_without_effect,
     "it keeps a material's atoms between the grains of a Voronoi film (VAMPIRE reads it nowhere "
     "else), and Voronoi films are refused by name",
     "continuous"},
    {"material", VC::not_supported,
     "VAMPIRE's create module's fill materials (the space around particles and arrays given to "
     "a material) are not implemented: the box outside the particle holds no atom",
     "fill-space"},
    {"material", VC::supported, "", "use-phonon-temperature"},
    {"material", VC::supported, "",
     "constrained constraint-angle-theta constraint-angle-theta-minimum "
     "constraint-angle-theta-maximum constraint-angle-theta-increment constraint-angle-phi "
     "constraint-angle-phi-minimum constraint-angle-phi-maximum constraint-angle-phi-increment"},
    {"material", VC::supported, "", "fmr-field-strength fmr-field-frequency fmr-field-unit-vector"},

    // --- sim: ---
    {"sim", VC::supported, "",
     "program integrator time-step total-time-steps loop-time-steps equilibration-time-steps "
     "time-steps-increment temperature equilibration-temperature minimum-temperature "
     "maximum-temperature temperature-increment cooling-time cooling-function "
     "laser-pulse-temporal-profile laser-pulse-time laser-pulse-power "
     "two-temperature-heat-sink-coupling two-temperature-electron-heat-capacity "
     "two-temperature-phonon-heat-capacity two-temperature-electron-phonon-coupling "
     "applied-field-strength maximum-applied-field-strength applied-field-strength-increment "
     "applied-field-unit-vector applied-field-angle-theta applied-field-angle-phi "
     "integrator-random-seed save-checkpoint save-checkpoint-rate "
     "load-checkpoint load-checkpoint-if-exists electrical-pulse-time electrical-pulse-rise-time "
     "electrical-pulse-fall-time field-pulse-time minimum-applied-field-strength "
     "equilibration-applied-field-strength"},
    {"sim", VC::supported, "", "simulation-cycles"},
    {"sim", VC::supported, "", "preconditioning-steps"},
    {"sim", VC::supported, "",
     "domain-wall-axis domain-wall-position domain-wall-width domain-wall-discretisation "
     "exchange-stiffness-maximum-angle exchange-stiffness-angle-increment"},
    {"sim", VC::supported, "",
     "spin-transfer-torque-polarization-unit-vector slonczewski-spin-polarization-unit-vector "
     "spin-orbit-torque-polarization-unit-vector"},
    {"sim", VC::not_supported,
     "VAMPIRE's develop branch (its simulate module) only turns on periodic boundaries along the "
     "axis with it (the antiperiodic exchange it names is commented out): give "
     "create:periodic-boundaries-x (-y, -z)",
     "domain-wall-anti-pbc-x domain-wall-anti-pbc-y domain-wall-anti-pbc-z"},
    {"sim", VC::supported, "", "fmr-field-strength fmr-field-frequency fmr-field-unit-vector"},
    {"sim", VC::accepted_without_effect,
     "VAMPIRE sets a switch that nothing reads: its fmr program turns the field on after "
     "equilibration by itself, and so does miniASD's", "enable-fmr-field"},
    {"sim", VC::supported, "",
     "second-laser-pulse-time second-laser-pulse-power second-laser-pulse-maximum-temperature "
     "second-laser-pulse-delay-time"},
    {"sim", VC::supported, "", "demagnetisation-factor"},
    {"sim", VC::accepted_without_effect,
     "miniASD always decomposes the lattice geometrically; ranks per node come from the MPI launcher",
     "mpi-mode mpi-ppn"},
    {"sim", VC::not_supported,
     "VAMPIRE's recording simulations (its program module's disk tracks and LFA scans, with the "
     "micromagnetic module) are not implemented",
     "track-ms track-file track-bit-size-x track-bit-size-y track-bit-size-z track-fly-height "
     "track-gap-between-bits track-gap-between-tracks lfa-track-field-step lfa num-tracks "
     "num-bits-per-track x-velocity z-velocity initial-x-position initial-z-position"},
    {"sim", VC::supported, "",
     "constraint-rotation-update constraint-angle-theta constraint-angle-theta-minimum "
     "constraint-angle-theta-maximum constraint-angle-theta-increment constraint-angle-phi "
     "constraint-angle-phi-minimum constraint-angle-phi-maximum constraint-angle-phi-increment"},

    // --- config: ---
    {"config", VC::supported, "",
     "atoms atoms-output-rate output-format output-mode output-nodes atoms-minimum-x "
     "atoms-minimum-y atoms-minimum-z atoms-maximum-x atoms-maximum-y atoms-maximum-z"},
    {"config", VC::not_supported,
     "VAMPIRE's config module's macro-cell configurations (of its cells module) are not written",
     "macro-cells macro-cells-output-rate"},
    {"config", VC::accepted_without_effect,
     "VAMPIRE's config module uses it only in its legacy layout's coordinate files (surface "
     "atoms named O), which miniASD does not write (config:output-mode = legacy writes its serial "
     "files)",
     "identify-surface-atoms"},
    {"config", VC::supported, "",
     "field-range-descending-minimum field-range-descending-maximum field-range-ascending-minimum "
     "field-range-ascending-maximum"},

    // --- montecarlo: ---
    {"montecarlo", VC::supported, "", "algorithm"},
    {"montecarlo", VC::not_supported,
     "VAMPIRE's create module's granular (Voronoi) structures, whose grains it constrains, are "
     "not implemented",
     "constrain-by-grain"},

    // --- output: and screen: columns ---
    {"output", VC::supported, "",
     "time-steps real-time temperature applied-field-strength applied-field-unit-vector fmr-field-strength "
     "applied-field-alignment magnetisation magnetisation-length mean-magnetisation-length "
     "mean-magnetisation material-magnetisation material-mean-magnetisation-length "
     "mean-susceptibility material-mean-susceptibility binder-cumulant material-binder-cumulant "
     "electron-temperature phonon-temperature material-applied-field-alignment total-energy "
     "mean-total-energy anisotropy-energy mean-anisotropy-energy exchange-energy magnetostatic-energy mean-magnetostatic-energy "
     "mean-exchange-energy applied-field-energy mean-applied-field-energy mean-specific-heat "
     "spin-temperature mean-spin-temperature material-spin-temperature "
     "material-mean-spin-temperature output-rate total-torque mean-total-torque material-torque "
     "domain-wall-centre material-mean-magnetisation material-mean-torque "
     "material-standard-deviation material-mean-specific-heat material-total-energy "
     "material-mean-total-energy material-temperature material-applied-field-strength"},
    {"output", VC::supported, "",
     "constraint-phi constraint-theta material-constraint-phi material-constraint-theta"},
    {"output", VC::supported, "", "material-fmr-field-strength"},
    {"output", VC::supported, "",
     "height-magnetisation-normalised material-height-magnetisation-normalised "
     "height-magnetisation material-height-magnetisation mean-height-magnetisation-length "
     "mean-height-magnetisation"},
    {"output", VC::not_supported,
     "VAMPIRE's spintransport module and its recording simulations (disk tracks, LFA scans) are "
     "not implemented",
     "resistance current magneto-resistance fractional-electric-field-strength lfa-ms track-pos-x "
     "track-pos-z"},
    {"output", VC::accepted_without_effect,
     "the timing report (compute, halo, I/O per rank) is printed at the end of every run",
     "mpi-timings"},
    {"output", VC::accepted_without_effect,
     "miniASD writes each number with the digits needed to read it back exactly, in "
     "blank-separated columns under one header line",
     "gnuplot-array-format precision fixed-width column-headers"},

    {"gpu", VC::supported, "", "acceleration"},
    {"gpu", VC::accepted_without_effect,
     "miniASD gives each rank one GPU, by its place on its node (sim:device = gpu), and computes "
     "the statistics on the host from the device's spins; OpenCL platforms and thread counts do "
     "not apply",
     "calculate-statistics-on-cpu num-threads num-threads-other platform platform-other device "
     "device-other"},

    // --- VAMPIRE sections miniASD has none of ---
    {"dipole", VC::supported, "", "solver field-update-rate cutoff-radius"},
    {"dipole", VC::not_supported,
     "VAMPIRE's dipole module's per-atom field output is not implemented (snapshots hold the "
     "spins)",
     "output-atomistic-dipole-field"},
    {"dipole", VC::not_supported,
     "VAMPIRE's dipole module's macro-cell tensors computed atom by atom are not implemented "
     "(dipole:solver = atomistic sums every pair exactly)",
     "atomistic-tensor-enabled"},
    {"dipole", VC::not_supported, "this setting of VAMPIRE's dipole module is not implemented", "*"},
    {"cells", VC::supported, "",
     "macro-cell-size macro-cell-size-x macro-cell-size-y macro-cell-size-z"},
    {"cells", VC::not_supported, "VAMPIRE's cells module's output is not implemented", "*"},
    {"anisotropy", VC::supported, "",
     "surface-anisotropy-threshold surface-anisotropy-nearest-neighbour-range "
     "enable-bulk-neel-anisotropy neel-anisotropy-exponential-factor "
     "neel-anisotropy-exponential-range"},
    {"environment", VC::not_supported,
     "VAMPIRE's environment module (a micromagnetic environment) is not implemented", "*"},
    {"exchange", VC::supported, "",
     "interaction-range function decay-length decay-multiplier decay-shift rkkykf "
     "unit-cell-category-exchange-parameters nn-cutoff-range interaction-cutoff-range "
     "dmi-cutoff-range kitaev-cutoff-range four-spin-cutoff-1 four-spin-cutoff-2"},
    {"exchange", VC::not_supported,
     "this setting of VAMPIRE's exchange module is not implemented (interaction-range, the per-category cutoffs, "
     "dmi-cutoff-range, kitaev-cutoff-range, function and its parameters are)", "*"},
    {"hamr", VC::not_supported, "VAMPIRE's hamr module (HAMR simulations) is not implemented", "*"},
    {"local-temperature-pulse", VC::not_supported,
     "VAMPIRE's ltmp module (local temperature pulses) is not implemented",
     "*"},
    {"micromagnetic", VC::not_supported,
     "VAMPIRE's micromagnetic module is outside miniASD's atomistic model", "*"},
    {"spin-torque", VC::not_supported, "VAMPIRE's spintorque module (a spin-accumulation model) is not implemented; the Slonczewski spin-transfer and spin-orbit torques are (material[i]:spin-transfer-relaxation-torque and the others), and the Zhang-Li current torques (sim:current-density)", "*"},
    {"spin-transport", VC::not_supported, "VAMPIRE's spintransport module is not implemented",
     "*"},
    {"grain", VC::not_supported,
     "VAMPIRE's grain statistics need its create module's granular structures, which are not "
     "implemented", "*"},
};
// clang-format on

const VampireValues value_groups[] = {
    {"sim:program",
     "needs temperatures that vary in space (VAMPIRE's local-temperature-pulse: section), which "
     "miniASD lacks",
     "localised-temperature-pulse"},
    {"sim:program", "needs VAMPIRE's HAMR module (hamr:), which miniASD lacks",
     "hamr-simulation disk-tracks"},
    {"sim:program", "needs VAMPIRE's micromagnetic module (micromagnetic:), which miniASD lacks",
     "mm-a-calculation diagnostic-boltzmann-micromagnetic-llg"},
    {"sim:integrator",
     "only llg-heun, monte-carlo, constrained-monte-carlo and hybrid-constrained-monte-carlo are "
     "implemented",
     "llg-midpoint llg-quantum"},
    {"montecarlo:algorithm", "the Hinzke-Nowak mixed move is not implemented", "hinzke-nowak"},
    {"sim:cooling-function", "the double-gaussian cooling function is not implemented",
     "double-gaussian"},
    {"config:output-mode",
     "VAMPIRE's legacy layout is not written; miniASD's modes are listed in docs/output.md",
     "legacy"},
};

std::vector<VampireKeyword> make_rows() {
    std::vector<VampireKeyword> rows;
    for (const Group& g : groups) {
        std::istringstream names(g.names);
        for (std::string n; names >> n;)
            rows.push_back({g.section, n, g.kind, g.note});
    }
    return rows;
}

}  // namespace

const std::vector<VampireKeyword>& vampire_keywords() {
    static const std::vector<VampireKeyword> rows = make_rows();
    return rows;
}

const VampireKeyword* find_vampire_keyword(const std::string& section, const std::string& name) {
    const std::string sec = section == "screen" ? "output" : section;
    for (const VampireKeyword& k : vampire_keywords())
        if (k.section == sec && (k.name == name || k.name == "*") &&
            k.kind != VampireClass::supported)
            return &k;
    return nullptr;
}

std::string vampire_value_note(const std::string& section, const std::string& name,
                               const std::string& value) {
    const std::string key = section + ":" + name;
    for (const VampireValues& g : value_groups) {
        if (key != g.key) continue;
        std::istringstream values(g.values);
        for (std::string v; values >> v;)
            if (v == value) return g.note;
    }
    return "";
}

const std::vector<VampireValues>& vampire_unsupported_values() {
    static const std::vector<VampireValues> rows(std::begin(value_groups), std::end(value_groups));
    return rows;
}

}  // namespace miniasd
