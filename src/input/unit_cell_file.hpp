// VAMPIRE's unit-cell files (material:unit-cell-file = X.ucf, docs/unit-cell-files.md): a cell,
// its atoms and a template of exchange bonds, each (site i, site j, cell offset of j, coupling).
// Read on rank 0 and broadcast with the input (parser.hpp), parsed here on every rank from the same
// text. Every mistake names the file, the line and what was expected.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/coupling_form.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// How many values a bond row holds: CouplingForm (kernels/coupling_form.hpp), 1 (isotropic J),
// 3 (the diagonal Jxx Jyy Jzz) or 9 (the tensor, row-major: row = component of S_i, column =
// component of S_j).

struct UnitCellFile {
    std::string path;  // as resolved against the input file's directory; "" = no file
    Vec3 size{};       // m, the cell edges (the file gives Angstrom)
    struct Atom {
        Vec3 position{};   // fractional, in [0, 1)
        int category = 0;  // 0-based: the sites of material[i] with unit-cell-category = this + 1
        // VAMPIRE's lattice and height categories (its statistics groups): read and checked,
        // not used.
        int lattice_category = 0, height_category = 0;
        bool operator==(const Atom& o) const {
            return position == o.position && category == o.category &&
                   lattice_category == o.lattice_category && height_category == o.height_category;
        }
    };
    std::vector<Atom> atoms;
    CouplingForm form = CouplingForm::isotropic;
    // normalised-*: each value is a weight multiplying material[a]:exchange-matrix[b]; otherwise
    // the value is J in joules per link (E = -sum over ordered rows / 2 of S_i . J . S_j).
    bool normalised = false;
    struct Bond {
        int i = 0, j = 0;  // site in the home cell, site in the cell at (dx, dy, dz)
        int dx = 0, dy = 0, dz = 0;
        std::array<double, 9> value{};  // the tensor (isotropic and diagonal rows filled out)
        int line = 0;                   // in the file, for messages
        bool operator==(const Bond& o) const {
            return i == o.i && j == o.j && dx == o.dx && dy == o.dy && dz == o.dz &&
                   value == o.value;
        }
    };
    std::vector<Bond> bonds;  // in the file's order
    // VAMPIRE's optional second block: biquadratic bonds, E = -sum over bonds {i, j} of
    // B (S_i . S_j)^2, isotropic; B in J per link, or with biquadratic_normalised a weight of
    // material[a]:biquadratic-exchange-matrix[b].
    bool has_biquadratic = false;
    bool biquadratic_normalised = false;
    std::vector<Bond> biquadratic;

    bool given() const { return !path.empty(); }
    // The most 0-based categories any atom has, plus one (the range of unit-cell-category).
    int categories() const;
    bool operator==(const UnitCellFile& o) const {
        return path == o.path && size == o.size && atoms == o.atoms && form == o.form &&
               normalised == o.normalised && bonds == o.bonds &&
               has_biquadratic == o.has_biquadratic &&
               biquadratic_normalised == o.biquadratic_normalised && biquadratic == o.biquadratic;
    }
};

// Parses the text of a unit-cell file. Throws InputErrors listing every mistake (file, line, what
// was expected): a malformed number, a count that does not match its rows, a coordinate outside
// [0, 1), two atoms on one place, a site index out of range, an unknown exchange type, a bond
// without its reverse (j, i, -d) holding the same coupling (for a tensor, its transpose), a bond
// listed twice, a bond of an atom to itself; the same for the biquadratic block, which must be
// isotropic.
UnitCellFile parse_unit_cell_file(const std::string& text, const std::string& path);

// A digest of what the file defines (cell, atoms, exchange type, bonds; not the path or the line
// numbers): a checkpoint records it, so a continued run refuses a file whose bonds have changed.
std::uint64_t digest(const UnitCellFile& u);

// The exchange-type strings of the bond header (VAMPIRE's, with the American spellings of the
// normalised forms accepted too).
const char* word_of(CouplingForm f, bool normalised);

}  // namespace miniasd
