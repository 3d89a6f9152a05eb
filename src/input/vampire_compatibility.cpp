// docs/vampire-compatibility.md, generated from the classification of VAMPIRE's keywords
// (vampire_keywords.cpp) and the keyword table, with a section on where a keyword miniASD supports
// means something different from what VAMPIRE's code does with it (the places where its code looks
// wrong, or where miniASD keeps a quantity apart).
#include <sstream>

#include "input/keyword_table.hpp"
#include "input/vampire_keywords.hpp"

namespace miniasd {

namespace {

struct Difference {
    const char* keyword;
    const char* vampire;  // what VAMPIRE's code does
    const char* miniasd;  // what miniASD does, and why
};

// clang-format off
const Difference differences[] = {
    {"material[i]:use-phonon-temperature",
     "any value, false included, turns it on, and it makes every material's temperature its "
     "own: outside the two-temperature laser pulses (which set them to T_e or T_p) every "
     "material's thermal field stays at its material[i]:temperature, 0 K unless given, silently "
     "(with the square pulses too)",
     "true or false; accepted only under laser-pulse with a two-temperature profile, on the LLG "
     "thermal field"},
    {"material[i]:density, material[i]:host-alloy",
     "vacancies and alloy sites drawn in turn from one generator per process (seeded by its "
     "rank): the structure changes with the number of processes",
     "each site's number drawn from (seed, the atom's global id): the same structure on any "
     "decomposition, the same statistics"},
    {"material[i]:dmi-constant[j]",
     "each atom's field uses its own view D_ij of a bond (the triangles of the atoms k bonded to "
     "it); where the two ends' views are not opposite (a step, an alloy, a cutoff longer than the "
     "exchange's reach, as in its own Co/Pt input) the fields are not the gradient of its energy",
     "each bond carries (D_ij - D_ji) / 2: VAMPIRE's energy exactly, and its fields wherever they "
     "derive from that energy; energy is conserved and D_ji = -D_ij bit for bit (docs/physics.md)"},
    {"dipole:solver = atomistic, atomistic-fft",
     "atomistic: a direct O(N^2) sum with every spin gathered on every rank; atomistic-fft: "
     "atoms snapped to a mesh of 2 points per cell edge, compiled only with -DFFT; neither fills "
     "the magnetostatic energy (its column reads 0)",
     "both: the exact sum over every pair of atoms, as a zero-padded FFT convolution with one "
     "kernel per pair of basis sites, distributed over the ranks (each holds its slab), the same "
     "bits on any decomposition; the energy -1/2 sum m.B is reported. Open boundaries, films "
     "(periodic along x and y) and boxes periodic along x, y and z, by Ewald sums over every "
     "image (VAMPIRE's macro-cell solvers silently treat a periodic axis as open)"},
    {"dipole:solver = tensor, macrocell",
     "every rank holds every cell's moment (MPI_Allreduce) and the tensors of its cells to every "
     "cell; the atoms of near cells are sent at set-up",
     "the same formulas and memory; the cells' moments are summed exactly (the same bits on any "
     "decomposition); every rank finds the cells and their atoms from the lattice, with no "
     "messages at set-up; a periodic axis is refused, not treated as open"},
    {"dipole:solver = hierarchical, fft",
     "hierarchical: an octree of cells whose fields do not reach the atoms on the CPU; fft: the "
     "macro-cell field by FFT, compiled only with -DFFT",
     "hierarchical runs as tensor and fft as macrocell, with a warning: the same near field, and "
     "every far pair of cells exactly"},
    {"output:magnetostatic-energy, mean-magnetostatic-energy",
     "header s0_E4_Energy; zero for the atomistic solvers",
     "header E_dipolar[J] (<E_dipolar>[J]); -1/2 sum m_i.B_i, in J, included in total-energy"},
    {"dipole:field-update-rate",
     "the field is recomputed when sim::time % rate == 0, after the step, and held",
     "the same: evaluated at the start of each step whose number is a multiple of the rate, from "
     "the spins there, for both Heun stages (Monte Carlo: the whole sweep). A checkpoint between "
     "two evaluations carries the spins of the last one, so a continued run holds the same field"},
    {"exchange:dmi-cutoff-range",
     "the manual says the default is 1 A; the code uses 2.6 A", "2.6 A, the code's"},
    {"material[i]:exchange-matrix-8th-nn",
     "stored in the 7th shell's slot", "the 8th shell (docs/physics.md)"},
    {"exchange:rkkykf", "read but never stored (k stays 1)", "used"},
    {"sim:demagnetisation-factor",
     "-mu_0 N u / V with u the magnetisation's unit vector and V the box in m^3 (the moment is "
     "left out: fields of order 1e18 T in a 10 nm box), from the last statistics sample",
     "-mu_0 N M, M = sum mu S / V (A/m), from the present spins before every step and sample"},
    {"create:spin-initialisation-random-seed",
     "default 123456; one generator's sequence over the atoms in creation order (another on "
     "each MPI rank)",
     "each atom's direction from (seed, atom id): the same on any decomposition; not given: "
     "sim:integrator-random-seed"},
    {"material[i]:spin-transfer-torque-asymmetry, spin-orbit-torque-asymmetry",
     "the 6.0.0 release reads them and uses lambda = 0; the development branch applies "
     "1 / (1 + lambda S.p), allowing lambda up to 100, where the factor diverges for lambda >= 1",
     "1 / (1 + lambda S.p), lambda below 1 (docs/physics.md, Spin torques)"},
    {"material[i]:slonczewski-precession-spin-torque",
     "declared as a name of the field-like torque but never matched (the keyword is refused)",
     "a name of spin-transfer-precession-torque"},
    {"material[i]:biquadratic-exchange-matrix-2nd-nn ... -10th-nn",
     "only in its development branch, which finds shells for the bilinear bonds alone: every "
     "biquadratic bond stays in the first shell and takes biquadratic-exchange-matrix, so these "
     "never apply",
     "shell k's bonds take the k-th constant, as the bilinear exchange-matrix-<k>-nn "
     "(docs/physics.md)"},
    {"exchange:nn-cutoff-range[a][b], interaction-cutoff-range[a][b]",
     "only in its development branch (the 6.0.0 release refuses them); each sets the ordered "
     "entry [a][b] alone and a bond i-j uses [category of i][category of j], so [a][b] without "
     "[b][a] bonds i to j but not j to i (an exchange with no energy function)",
     "one value per pair of categories: [a][b] and [b][a] name the same, and both given must "
     "agree"},
    {"exchange:unit-cell-category-exchange-parameters[a][b]",
     "only in its development branch; only [min][max] is read, so [2][1] is stored and never "
     "used; a bonded pair without it gets A = 0, C = 0: no exchange, said only in its log",
     "either order names the pair; a bonded pair without it is refused (write 0, 1, 0 for no "
     "exchange)"},
    {"exchange:function = exponential, material-exponential, RKKY",
     "the 6.0.0 release scales exponential weights over all bonds together and RKKY's not at "
     "all; the development branch scales each category pair's to its count of bonds within its "
     "nearest-neighbour radius, and a pair with bonds but none within that radius by 0, silently "
     "(bcc's same-sublattice second shell with create:crystal-sublattice-materials, rocksalt's "
     "with a longer range)",
     "the development branch's scaling (the same as the release's on crystals of one category); "
     "such a pair is refused, naming the nn-cutoff-range[a][b] that reaches its nearest bonds"},
    {"material:unit-cell-file",
     "its reader departs from its documented format in many places (a lattice vector, a "
     "self-bond, a trailing word, a blank line in a block, ...)",
     "the documented meaning; docs/unit-cell-files.md lists each"},
    {"material[i]:unit-cell-category (built-in crystals)",
     "a site's category is its sublattice only with create:crystal-sublattice-materials = true: "
     "without it every site of bcc, fcc, hcp and the other crystals that keyword names is "
     "category 1, and a material of category 2 or more gets no atoms",
     "the site's sublattice either way, so such a material takes its sites (give the flag for "
     "identical runs: bench/vampire-setting does)"},
    {"create:crystal-structure = kagome",
     "places a 3-coordinated (honeycomb) net", "the kagome net of corner-sharing triangles"},
    {"material[i]:non-magnetic = remove",
     "writes the removed atoms' positions to a file of their own",
     "removes them; a snapshot holds only the atoms present"},
    {"material[i]:fourth-order-rotational-anisotropy-constant",
     "its field is the gradient of its energy plus k4r Sz^2 (rotational_fixed_basis.cpp), an "
     "easy-plane term its energy and Monte Carlo leave out",
     "the field of its energy; VAMPIRE's dynamics are miniASD's with a uniaxial constant -k4r "
     "along z (docs/physics.md)"},
    {"material[i]:fourth-order-biaxial-anisotropy-constant",
     "stored in the slot of fourth-order-uniaxial-anisotropy-constant: either keyword switches "
     "on both terms with one constant",
     "two constants, each its own term"},
    {"material[i]:second-order-triaxial-basis-vector-n",
     "a rotated basis gets a field right only along the crystal axes and the energy of the "
     "fourth-order arrays; a vector derived by a cross product is never stored",
     "E = -sum k_n (S . f_n)^2 with its exact field; two vectors given, the third their cross "
     "product"},
    {"material[i]:kitaev-constant[j]",
     "folded into a tensorial exchange that forces the material exchange constants onto a "
     "unit-cell file's absolute couplings; a stale tensor lands on bonds beyond the cutoff",
     "its own term on the bonds within the cutoff; [i][j] and [j][i] must agree"},
    {"material[i]:four-spin-constant[j]",
     "a field but no energy (its four-spin energy returns 0: Monte Carlo and the energy columns "
     "leave it out), the centre's moment for all four members, and a quartet search that drops "
     "quartets once neighbours are 2 A apart",
     "the energy its field implies, each member's own moment, every quartet of the geometry"},
};
// What a run writes beside what VAMPIRE writes from the same input: VAMPIRE's output keywords
// give VAMPIRE's numbers (tests/tools/check_vampire_columns.py); these are the differences left.
const Difference output_differences[] = {
    {"output:magnetisation, material-magnetisation, mean-magnetisation",
     "the unit vector m/|m| and |m| (nan when m = 0); mean-magnetisation the means of both",
     "the same numbers, 0 for the unit vector when m = 0; the components of m itself are "
     "`magnetisation-components`, `material-magnetisation-components` and "
     "`mean-magnetisation-components` (miniASD's)"},
    {"output:total-energy, exchange-energy, anisotropy-energy, applied-field-energy, mean-*",
     "the whole system in J; exchange-energy holds the DMI (its exchange tensor does)",
     "the same; the `-per-atom` forms (J per atom) and `dmi-energy` (the DMI part alone) are "
     "miniASD's"},
    {"output:mean-specific-heat",
     "(<E^2> - <E>^2) / (mu_B k_B T^2 N), E the system's energy in J",
     "N (<e^2> - <e>^2) / (k_B T)^2 in k_B per atom: VAMPIRE's number is miniASD's times "
     "k_B/mu_B (1.4887)"},
    {"output:material-mean-specific-heat",
     "(<E_k^2> - <E_k>^2) / (mu_B k_B T^2 N_k), E_k material k's energy in J",
     "(<E_k^2> - <E_k>^2) / (N_k (k_B T)^2) in k_B per atom: VAMPIRE's number is miniASD's times "
     "k_B/mu_B (1.4887), as mean-specific-heat's"},
    {"output:material-total-energy, material-mean-total-energy",
     "each material's exchange (with biquadratic), anisotropy, applied-field and magnetostatic "
     "energy, in J",
     "each material's share of every term's energy (DMI, Kitaev, four-spin and the others too), "
     "in J: the materials' energies add up to total-energy"},
    {"output:material-standard-deviation",
     "four columns, the standard deviations of the whole system's m/|m| and |m| (its code feeds "
     "the system's magnetisation to this statistic)",
     "four columns per material, as the name says: each material's own (the whole system's "
     "fluctuations are in mean-susceptibility)"},
    {"output:material-temperature",
     "each material's material[i]:temperature: 0 for every material when none gives one (then "
     "every material runs at sim:temperature)",
     "the temperature each material's thermal field uses: its own once any material gives one, "
     "else the run's"},
    {"sim:program = cmc-anisotropy, sim:integrator = constrained-monte-carlo",
     "one process only; N pair moves per sweep, each with a random mover and partner, M updated "
     "after each accepted pair",
     "any decomposition, the same bits: per colour of the lattice, pairs by a point reflection "
     "of the cell grid drawn each sweep (about N/2 pair moves per sweep), each weighed with M at "
     "the colour's start (docs/physics.md, Constrained Monte Carlo)"},
    {"sim:constraint-angle-phi, constraint-angle-theta",
     "read, but cmc-anisotropy starts its loops at the -minimum keywords, so they have no effect "
     "there",
     "one direction: each sets its angle's -minimum and -maximum"},
    {"sim:constraint-rotation-update",
     "turns the spins by three rotations, about z by minus the old theta, about x by the change "
     "of phi and about z by the new theta (its cmc.cpp)",
     "turns every spin by the one rotation that takes the last constraint direction onto the "
     "new one, about the axis normal to both, so the magnetisation starts on the new constraint"},
    {"output:mean-susceptibility",
     "four columns: chi of m_x, m_y, m_z and |m|",
     "one column, chi of |m| (the fourth of VAMPIRE's); errors in the program tables"},
    {"output:output-rate",
     "the code writes a sample's row when the time step is a multiple of the rate; the manual "
     "says every rate-th sample (its example: increment 10 and rate 10 write every 100 steps; "
     "the code, every 10)",
     "the code's rule, which wrote the published VAMPIRE outputs"},
    {"sim:program = time-series, benchmark, field-cool, localised-field-cool, laser-pulse (rows "
     "and means)",
     "no sample of the starting state: the first sample comes after the first increment; "
     "time-series, the field cools and laser-pulse also write rows during the equilibration",
     "a sample and a row of the starting state too, so the mean-* columns average one sample "
     "more (on a run of N samples they differ by about 1/N of the drift); no rows during the "
     "equilibration"},
    {"sim:equilibration-temperature",
     "300 K when not given, whatever sim:temperature (time-series, field-cool, laser-pulse, electrical-pulse)",
     "sim:temperature when not given (field-cool: sim:maximum-temperature, where its cooling "
     "starts); give it for identical runs"},
    {"the header line",
     "one name per column with the material index (e.g. `0M_norm_x`)",
     "one `#` line: a name and unit per number, material names before per-material columns"},
    {"the gyromagnetic ratio",
     "1.76e11 rad/(s T); mu_B = 9.27400915e-24 J/T",
     "CODATA's 1.760859e11 and 9.2740100783e-24: precession 0.049 % faster than VAMPIRE's in "
     "deterministic comparisons"},
    {"sim:program = hysteresis-loop (coercive field)",
     "prints none: a user reads it from the rows (usually applied-field-alignment, the last "
     "sample of each field)",
     "prints the fields where each branch's mean m.h over the field point crosses zero (linear "
     "interpolation), or says that a branch did not cross"},
    {"sim:program = static-hysteresis-loop",
     "LLG without the thermal field at each field, until the largest torque is below 1e-6 T "
     "after at least 100 steps, or loop-time-steps",
     "the minimiser (sim:relax-method) until every torque is below sim:relax-torque-tolerance "
     "(1e-6 T), or loop-time-steps: the same states, reached without precession"},
    {"sim:program = partial-hysteresis-loop",
     "fields on a grid of 1 uT from sim:minimum-applied-field-strength up to the last one not "
     "above the maximum; the minimum read from 0 to 1000 T (default -1 T)",
     "the maximum itself as the last field when the range is not a whole number of increments "
     "(as miniASD's hysteresis-loop); the minimum read from -1000 to 1000 T"},
    {"sim:program = field-sweep",
     "the file field-sweep in its working directory; fields by a running sum (0 to 1 by 0.1 "
     "ends at 0.9999999999999999, then runs 1.1); loops for ever when start = end or the "
     "increment is 0; no check of a line",
     "the file field-sweep beside the input; fields start + k increment (0 to 1 by 0.1 ends at "
     "1); one field when start = end, a zero increment refused; every line checked (four "
     "values, steps 1 to 1e15, fields within 1000 T), a mistake named by file and line"},
    {"sim:program = hybrid-cmc, reverse-hybrid-cmc",
     "one process only; N moves per sweep, a random atom each: a constrained one with a random "
     "partner of its material, M updated after each accepted pair; its rotation update turns "
     "the spins from a stale angle after the inner loop wraps",
     "any decomposition, the same bits: per colour, pairs by a point reflection of the cell grid "
     "taken when both atoms are of one constrained material, every free atom one Metropolis "
     "move; each material's M_n at the colour's start; the rotation from the last direction "
     "(docs/physics.md, Hybrid constrained Monte Carlo)"},
    {"sim:program = lagrange-multiplier",
     "spelt LaGrange-Multiplier; its field has a part -N (lambda . S) S / |m|^3 along each spin; "
     "a direction ends once the largest torque is below 1e-6 T after 100 steps",
     "either spelling; that part left out (it exerts no torque: the same motion); every "
     "direction runs sim:loop-time-steps (the same state, a larger time-steps column)"},
    {"sim:program = setting",
     "counts per grain (its voronoi films); leaves its table's directions unnormalised (|m| "
     "0.987 for most); an MPI run counts its halo atoms too",
     "one grain (no grains: VAMPIRE's without create:voronoi-film); unit vectors; each bond "
     "counted once on any decomposition"},
    {"sim:program = exchange-stiffness",
     "one process only; N moves per sweep, a random atom each: a plane's atom paired with a "
     "random atom of its plane, M updated after each accepted pair; of equally near middle "
     "planes the first atom's in memory; its files tab-separated without headers",
     "any decomposition, the same bits: per colour, pairs by a reflection of the cell grid's "
     "two in-plane axes (each plane's moment held per colour), every free atom one Metropolis "
     "move, each plane's M_n at the colour's start (the planes' <|m|> higher by O(1/N): "
     "+0.35 % for planes of 36 atoms at 0.29 T_c, the torques the same within 2 %); the lower "
     "of equally near planes; a '#' header line on each file (docs/physics.md, The "
     "exchange-stiffness program)"},
    {"sim:program = domain-wall",
     "mixes each spin with its second direction linearly, S + f (m2 - S), unnormalised (for "
     "antiparallel domains a collinear wall through a zero spin); along y places no wall; rows "
     "during the equilibration too; dw-<step>.txt after each increment of the run",
     "turns each spin towards its second direction by the fraction f of the angle between "
     "them (antiparallel ones through a Bloch wall); along any axis; rows and dw-<step>.txt "
     "files at every sample after the equilibration (its first sample too), over every rank "
     "(docs/physics.md, Domain-wall program)"},
};
// clang-format on

using VC = VampireClass;

const char* class_text(VC k) {
    switch (k) {
        case VC::supported:
            return "supported";
        case VC::accepted_without_effect:
            return "accepted without effect (warning)";
        case VC::not_supported:
            return "not supported (error)";
    }
    return "";
}

std::string shown_key(const VampireKeyword& k) {
    if (k.name == "*") return k.section + ":*";
    if (k.section == "output") return "output: / screen:" + k.name;
    return k.section + ":" + k.name;
}

}  // namespace

std::string vampire_differences_markdown() {
    std::ostringstream o;
    o << "\n## Where miniASD's meaning differs from VAMPIRE's code\n\n"
         "Supported keywords whose effect differs from what VAMPIRE's code does with them: "
         "miniASD follows VAMPIRE's documented meaning where its code looks wrong, and keeps "
         "apart what it mixes.\n\n"
         "| keyword | VAMPIRE's code | miniASD |\n|---|---|---|\n";
    for (const Difference& d : differences)
        o << "| `" << d.keyword << "` | " << table_cell(d.vampire) << " | " << table_cell(d.miniasd)
          << " |\n";
    o << "\n## What a run writes beside VAMPIRE's output\n\n"
         "VAMPIRE's output keywords give VAMPIRE's numbers, units and rows: the unit vector of "
         "the magnetisation, energies of the whole system in J, a row when the time step is a "
         "multiple of `output:output-rate`, a row per increment in `benchmark`; `laser-pulse` "
         "starts from and relaxes to `sim:equilibration-temperature`, `field-cool` cools from "
         "`sim:maximum-temperature` to `sim:minimum-temperature`, and neither reads "
         "`sim:temperature` (a warning says so when it is given). Measured on one input in both "
         "codes (VAMPIRE 6.0.0 release, git 4c9651d; a 216-atom two-material film with vectorial "
         "exchange, anisotropy and a field, LLG at 0 K), the row of step 100: magnetisation "
         "0.352993 0.598519 0.719146 0.945873 in VAMPIRE, 0.352928 0.598618 0.719096 0.945895 in "
         "miniASD (the gyromagnetic ratio below); total, exchange, anisotropy and Zeeman energy "
         "-2.3752e-18, -2.37118e-18, -1.63681e-21, -2.38457e-21 J in VAMPIRE, -2.37521e-18, "
         "-2.37119e-18, -1.63677e-21, -2.38453e-21 J in miniASD. `bench/compare_with_vampire.py "
         "--vampire <vampire-serial> --miniasd build/miniasd bench/vampire` repeats it and "
         "prints every column's largest difference over the 20 rows: 3e-3 for the magnetisation "
         "(the gyromagnetic ratio's phase drift), 1e-4 to 1e-3 for the energies, 2e-2 for the "
         "mean-* columns (the start sample, below). What remains different:\n\n"
         "| what | VAMPIRE | miniASD |\n|---|---|---|\n";
    for (const Difference& d : output_differences)
        o << "| " << table_cell(d.keyword) << " | " << table_cell(d.vampire) << " | "
          << table_cell(d.miniasd) << " |\n";
    return o.str();
}

std::string vampire_compatibility_markdown(const KeywordRows& rows) {
    std::ostringstream o;
    o << "# VAMPIRE compatibility\n\n"
         "<!-- Generated by `build/miniasd --vampire-compatibility` "
         "(tools/update-input-reference.sh);"
         " do not edit by hand. -->\n\n"
         "miniASD reads VAMPIRE's input format. Every VAMPIRE keyword of the sections below falls "
         "in "
         "one of three classes:\n\n"
         "- **supported**: same name, meaning and units as in VAMPIRE (details in "
         "[input-reference.md](input-reference.md));\n"
         "- **accepted without effect**: a hardware or cosmetic hint; the run goes on and prints "
         "one warning line per keyword at start-up;\n"
         "- **not supported**: physics miniASD does not have; the run stops before it starts with "
         "an error that names the keyword and says what is missing.\n\n"
         "Keywords VAMPIRE does not have either are reported as unknown, with a suggestion only "
         "when a supported keyword that takes the same kind of value is a near miss. Every "
         "mistake in a file is reported in one run; `miniasd input --check` validates a file "
         "without running it.\n\n"
         "The statistics columns (`output:` and `screen:`) share one list.\n";
    int supported = 0, accepted = 0, refused = 0;
    std::string section;
    for (const VampireKeyword& k : vampire_keywords()) {
        (k.kind == VC::supported                 ? supported
         : k.kind == VC::accepted_without_effect ? accepted
                                                 : refused)++;
        if (k.section != section) {
            section = k.section;
            o << "\n## " << (section == "output" ? "output: and screen:" : section + ":")
              << "\n\n| VAMPIRE keyword | in miniASD | note |\n|---|---|---|\n";
        }
        const KeywordRow* spec = find_row(rows, k.section, k.name);
        o << "| `" << shown_key(k) << "` | " << class_text(k.kind) << " | "
          << table_cell(spec ? spec->doc : k.note) << " |\n";
    }
    o << "\n## Values\n\nSupported keywords whose VAMPIRE values miniASD does not all have: "
         "these values are refused by name with the reason.\n\n"
         "| keyword | VAMPIRE values not supported | note |\n|---|---|---|\n";
    for (const VampireValues& g : vampire_unsupported_values())
        o << "| `" << g.key << "` | " << g.values << " | " << table_cell(g.note) << " |\n";
    o << vampire_differences_markdown();
    o << "\nIn all: " << supported << " supported, " << accepted << " accepted without effect, "
      << refused << " not supported (a `*` row stands for a whole VAMPIRE section).\n";
    return o.str();
}

}  // namespace miniasd
