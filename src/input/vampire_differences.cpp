// Where a keyword miniASD supports means something different from what VAMPIRE's code does with it
// (the places where its code looks wrong, or where miniASD keeps a quantity apart): a section of
// docs/vampire-compatibility.md, generated with the rest of it.
#include <sstream>

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
    {"material[i]:dmi-constant[j]",
     "each atom's field uses its own view D_ij of a bond (the triangles of the atoms k bonded to "
     "it); where the two ends' views are not opposite (a step, an alloy, a cutoff longer than the "
     "exchange's reach, as in its own Co/Pt input) the fields are not the gradient of its energy",
     "each bond carries (D_ij - D_ji) / 2: VAMPIRE's energy exactly, and its fields wherever they "
     "derive from that energy; energy is conserved and D_ji = -D_ij bit for bit (docs/physics.md)"},
    {"output:exchange-energy",
     "includes the DMI (it is stored in the exchange tensor)",
     "excludes it: `output:dmi-energy` is its own column; `total-energy` holds both"},
    {"exchange:dmi-cutoff-range",
     "the manual says the default is 1 A; the code uses 2.6 A", "2.6 A, the code's"},
    {"material[i]:exchange-matrix-8th-nn",
     "stored in the 7th shell's slot", "the 8th shell (docs/physics.md)"},
    {"exchange:rkkykf", "read but never stored (k stays 1)", "used"},
    {"material:unit-cell-file",
     "eleven places where its reader departs from its documented format",
     "the documented meaning; docs/unit-cell-files.md lists each"},
    {"create:crystal-structure = kagome",
     "places a 3-coordinated (honeycomb) net", "the kagome net of corner-sharing triangles"},
    {"material[i]:non-magnetic",
     "`remove` (and a bare `non-magnetic`) deletes the atoms; `keep` keeps them out of the "
     "statistics", "`keep` as VAMPIRE; `remove` is refused by name"},
};
// clang-format on

}  // namespace

std::string vampire_differences_markdown() {
    std::ostringstream o;
    o << "\n## Where miniASD's meaning differs from VAMPIRE's code\n\n"
         "Supported keywords whose effect differs from what VAMPIRE's code does with them: "
         "miniASD follows VAMPIRE's documented meaning where its code looks wrong, and keeps "
         "apart what it mixes.\n\n"
         "| keyword | VAMPIRE's code | miniASD |\n|---|---|---|\n";
    for (const Difference& d : differences)
        o << "| `" << d.keyword << "` | " << d.vampire << " | " << d.miniasd << " |\n";
    return o.str();
}

}  // namespace miniasd
