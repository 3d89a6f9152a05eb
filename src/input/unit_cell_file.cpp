#include "input/unit_cell_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>
#include <tuple>

#include "input/mistakes.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"

namespace miniasd {

namespace {

// One line with content: its number in the file and its words. A '#' starts a comment to the end
// of the line (VAMPIRE drops a whole line holding one; here the words before it count), and blank
// lines are skipped anywhere, also inside the atom and bond blocks.
struct Line {
    int number;
    std::vector<std::string> words;
};

std::vector<Line> content_lines(const std::string& text) {
    std::vector<Line> out;
    std::istringstream in(text);
    std::string s;
    for (int number = 1; std::getline(in, s); ++number) {
        const std::size_t hash = s.find('#');
        if (hash != std::string::npos) s.erase(hash);
        std::istringstream words(s);
        Line l{number, {}};
        for (std::string w; words >> w;)
            l.words.push_back(w);
        if (!l.words.empty()) out.push_back(std::move(l));
    }
    return out;
}

class Reader {
  public:
    Reader(const std::string& text, const std::string& path)
        : lines_(content_lines(text)), path_(path) {}

    [[noreturn]] void fail(int line, const std::string& what) const {
        throw InputError(path_, line, "", what);
    }
    bool done() const { return next_ == lines_.size(); }
    // The line number of the next content line (0 at the end).
    int peek_number() const { return done() ? 0 : lines_[next_].number; }
    // The next content line; `what` names what was expected there.
    const Line& take(const std::string& what) {
        if (done())
            fail(lines_.empty() ? 0 : lines_.back().number,
                 "the file ends where " + what + " was expected");
        return lines_[next_++];
    }
    // The i-th word of a line as a number; `what` names it.
    double real(const Line& l, std::size_t i, const std::string& what) const {
        const std::string& w = word(l, i, what);
        errno = 0;
        char* end = nullptr;
        const double v = std::strtod(w.c_str(), &end);
        if (*end != '\0' || errno == ERANGE || !std::isfinite(v))
            fail(l.number, "'" + w + "' is not a number: expected " + what);
        return v;
    }
    long long integer(const Line& l, std::size_t i, const std::string& what) const {
        const std::string& w = word(l, i, what);
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(w.c_str(), &end, 10);
        if (*end != '\0' || errno == ERANGE || w.empty())
            fail(l.number, "'" + w + "' is not a whole number: expected " + what);
        return v;
    }

  private:
    const std::string& word(const Line& l, std::size_t i, const std::string& what) const {
        if (i >= l.words.size())
            fail(l.number, "the line has " + std::to_string(l.words.size()) +
                               " value(s): expected " + what + " as value " +
                               std::to_string(i + 1));
        return l.words[i];
    }

    std::vector<Line> lines_;
    std::size_t next_ = 0;
    std::string path_;
};

bool parse_form(const std::string& s, CouplingForm& form, bool& normalised) {
    static const std::map<std::string, std::pair<CouplingForm, bool>> forms{
        {"isotropic", {CouplingForm::isotropic, false}},
        {"vectorial", {CouplingForm::diagonal, false}},
        {"tensorial", {CouplingForm::tensor, false}},
        {"normalised-isotropic", {CouplingForm::isotropic, true}},
        {"normalised-vectorial", {CouplingForm::diagonal, true}},
        {"normalised-tensorial", {CouplingForm::tensor, true}},
        {"normalized-isotropic", {CouplingForm::isotropic, true}},
        {"normalized-vectorial", {CouplingForm::diagonal, true}},
        {"normalized-tensorial", {CouplingForm::tensor, true}},
    };
    const auto it = forms.find(s);
    if (it == forms.end()) return false;
    std::tie(form, normalised) = it->second;
    return true;
}

// The value a bond's reverse must hold: the same diagonal, or the transposed tensor.
std::array<double, 9> transposed(const std::array<double, 9>& v) {
    return {v[0], v[3], v[6], v[1], v[4], v[7], v[2], v[5], v[8]};
}

bool close(const std::array<double, 9>& a, const std::array<double, 9>& b) {
    double scale = 0;
    for (int k = 0; k < 9; ++k)
        scale = std::max({scale, std::abs(a[k]), std::abs(b[k])});
    for (int k = 0; k < 9; ++k)
        if (std::abs(a[k] - b[k]) > 1e-6 * scale) return false;
    return true;
}

void read_cell(Reader& r, UnitCellFile& u) {
    const Line& size = r.take("the cell size 'a_x a_y a_z' (Angstrom)");
    for (std::size_t a = 0; a < 3; ++a) {
        const double v = r.real(size, a, "the cell size 'a_x a_y a_z' in Angstrom");
        if (!(v > 0 && v < 1e6)) r.fail(size.number, "cell sizes must be positive Angstrom");
        u.size[a] = v * 1e-10;
    }
    // The lattice vectors. VAMPIRE reads and ignores them and places atoms on orthogonal axes;
    // miniASD refuses other vectors rather than ignore them.
    for (int row = 0; row < 3; ++row) {
        const Line& v = r.take(std::string("lattice vector ") + "xyz"[row]);
        for (int a = 0; a < 3; ++a) {
            const double x = r.real(v, a, "a lattice vector of three numbers");
            if (x != (a == row ? 1.0 : 0.0))
                r.fail(v.number,
                       "only orthogonal cells are supported (as in VAMPIRE, which ignores these "
                       "lines): the lattice vectors must be 1 0 0 / 0 1 0 / 0 0 1");
        }
    }
}

void read_atoms(Reader& r, UnitCellFile& u, Mistakes& mistakes) {
    const Line& count = r.take("the number of atoms in the cell");
    const long long n = r.integer(count, 0, "the number of atoms in the cell");
    if (n < 1 || n > 1000000) r.fail(count.number, "expected 1 to 1000000 atoms in the cell");
    std::map<std::array<long long, 3>, int> places;  // position in 1e-9 of a cell: first line
    for (long long k = 0; k < n; ++k) {
        const Line& l = r.take("atom " + std::to_string(k) + " of " + std::to_string(n) +
                               " ('id x y z material [lattice-category height-category]')");
        mistakes.check([&] {
            UnitCellFile::Atom a;
            std::array<long long, 3> place{};
            for (std::size_t c = 0; c < 3; ++c) {
                a.position[c] = r.real(l, c + 1, "fractional coordinates x y z after the id");
                if (!(a.position[c] >= 0 && a.position[c] < 1))
                    r.fail(l.number,
                           "atom outside the cell: fractional coordinates must lie in "
                           "[0, 1) (1 is the next cell's 0)");
                place[c] = std::llround(a.position[c] * 1e9);
            }
            const auto at = places.emplace(place, l.number);
            if (!at.second)
                r.fail(l.number, "two atoms at one place: the atom of line " +
                                     std::to_string(at.first->second) + " is there already");
            int* cats[3] = {&a.category, &a.lattice_category, &a.height_category};
            for (std::size_t c = 0; c < 3 && c + 4 < l.words.size(); ++c) {
                const long long v = r.integer(l, c + 4, "a category (0-based)");
                if (v < 0 || v > 1000) r.fail(l.number, "categories must be 0 to 1000");
                *cats[c] = static_cast<int>(v);
            }
            u.atoms.push_back(a);
        });
    }
}

// One block of bonds: its header 'count exchange-type', then its rows. `block`: "bond" or
// "biquadratic bond", for messages.
void read_block(Reader& r, const UnitCellFile& u, const std::string& block, CouplingForm& form,
                bool& normalised, std::vector<UnitCellFile::Bond>& bonds, Mistakes& mistakes) {
    const Line& head = r.take("the " + block + " header 'count exchange-type'");
    const long long n = r.integer(head, 0, "the number of " + block + " rows");
    if (n < 0 || n > 100000000) r.fail(head.number, "expected 0 to 1e8 " + block + " rows");
    if (head.words.size() < 2 || !parse_form(head.words[1], form, normalised))
        r.fail(head.number,
               "expected an exchange type after the bond count: isotropic, vectorial, tensorial, "
               "normalised-isotropic, normalised-vectorial or normalised-tensorial" +
                   std::string(head.words.size() >= 2 && head.words[1].size() == 1
                                   ? " (the numeric types of old files are not read)"
                                   : ""));
    const int values = static_cast<int>(form);
    const int sites = static_cast<int>(u.atoms.size());
    for (long long k = 0; k < n; ++k) {
        const Line& l = r.take(block + " row " + std::to_string(k) + " of " + std::to_string(n));
        mistakes.check([&] {
            UnitCellFile::Bond b;
            b.line = l.number;
            const char* row = "'id i j dx dy dz' and the coupling";
            int* ints[5] = {&b.i, &b.j, &b.dx, &b.dy, &b.dz};
            for (std::size_t c = 0; c < 5; ++c) {
                const long long v = r.integer(l, c + 1, row);
                if (c < 2 && (v < 0 || v >= sites))
                    r.fail(l.number, std::string(c == 0 ? "site i" : "site j") + " = " +
                                         std::to_string(v) +
                                         " is not an atom of the cell: expected 0 to " +
                                         std::to_string(sites - 1));
                if (c >= 2 && std::abs(v) > 100) r.fail(l.number, "a cell offset beyond 100 cells");
                *ints[c] = static_cast<int>(v);
            }
            if (b.i == b.j && b.dx == 0 && b.dy == 0 && b.dz == 0)
                r.fail(l.number, "a bond of an atom to itself");
            double v[9];
            for (int c = 0; c < values; ++c)
                v[c] = r.real(l, 6 + c,
                              std::to_string(values) + " coupling value(s) for " +
                                  to_string(form, normalised));
            if (l.words.size() > static_cast<std::size_t>(6 + values))
                r.fail(l.number, "more values than the " + std::to_string(values) + " of a " +
                                     to_string(form, normalised) + " bond");
            if (form == CouplingForm::tensor)
                std::copy(v, v + 9, b.value.begin());
            else
                for (int a = 0; a < 3; ++a)
                    b.value[4 * a] = v[form == CouplingForm::isotropic ? 0 : a];
            bonds.push_back(b);
        });
    }
}

// The bilinear block, then VAMPIRE's optional biquadratic block (isotropic: VAMPIRE's fields
// read only isotropic biquadratic constants), then nothing.
void read_bonds(Reader& r, UnitCellFile& u, Mistakes& mistakes) {
    read_block(r, u, "bond", u.form, u.normalised, u.bonds, mistakes);
    if (r.done()) return;
    CouplingForm form = CouplingForm::isotropic;
    const int header = r.peek_number();
    read_block(r, u, "biquadratic bond", form, u.biquadratic_normalised, u.biquadratic, mistakes);
    if (form != CouplingForm::isotropic)
        r.fail(header,
               "the biquadratic block must be isotropic or normalised-isotropic (VAMPIRE "
               "computes biquadratic fields from isotropic constants only)");
    u.has_biquadratic = true;
    if (!r.done())
        r.fail(r.take("").number,
               "unexpected line after the biquadratic bond rows (a unit-cell file has at most "
               "two blocks of bonds: bilinear, then biquadratic)");
}

// Every bond (i, j, d) needs its reverse (j, i, -d) with the same coupling (the transpose of a
// tensor): then the energy is a function of the spins, and both atoms of a bond see it.
void check_reverse_bonds(const std::vector<UnitCellFile::Bond>& bonds, const std::string& path,
                         Mistakes& mistakes) {
    std::map<std::tuple<int, int, int, int, int>, std::size_t> index;
    for (std::size_t k = 0; k < bonds.size(); ++k) {
        const UnitCellFile::Bond& b = bonds[k];
        const auto at = index.emplace(std::make_tuple(b.i, b.j, b.dx, b.dy, b.dz), k);
        if (!at.second)
            mistakes.add(InputError(path, b.line, "",
                                    "bond listed twice: line " +
                                        std::to_string(bonds[at.first->second].line) +
                                        " has the same i, j and offset"));
    }
    for (const UnitCellFile::Bond& b : bonds) {
        const auto it = index.find(std::make_tuple(b.j, b.i, -b.dx, -b.dy, -b.dz));
        const std::string reverse = std::to_string(b.j) + " " + std::to_string(b.i) + " " +
                                    std::to_string(-b.dx) + " " + std::to_string(-b.dy) + " " +
                                    std::to_string(-b.dz);
        if (it == index.end())
            mistakes.add(InputError(path, b.line, "",
                                    "the bond has no reverse: add the row 'i j dx dy dz' = " +
                                        reverse + " (each bond is listed from both atoms)"));
        else if (!close(bonds[it->second].value, transposed(b.value)))
            mistakes.add(InputError(
                path, b.line, "",
                "the reverse bond (line " + std::to_string(bonds[it->second].line) +
                    ") holds a different coupling: J_ji must be J_ij (a tensor, its transpose)"));
    }
}

}  // namespace

std::uint64_t digest(const UnitCellFile& u) {
    std::uint64_t h = 0x6d696e6961736421ULL;
    auto add = [&h](std::uint64_t v) { h = mix64(h ^ v); };
    for (const double a : u.size)
        add(bits_of(a));
    add(u.atoms.size());
    for (const UnitCellFile::Atom& a : u.atoms) {
        for (const double x : a.position)
            add(bits_of(x));
        add(static_cast<std::uint64_t>(a.category));
    }
    add(static_cast<std::uint64_t>(u.form));
    add(u.normalised);
    for (const auto* list : {&u.bonds, &u.biquadratic}) {
        add(list->size());
        for (const UnitCellFile::Bond& b : *list) {
            for (const int v : {b.i, b.j, b.dx, b.dy, b.dz})
                add(static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
            for (const double v : b.value)
                add(bits_of(v));
        }
    }
    add(u.biquadratic_normalised);
    return h;
}

int UnitCellFile::categories() const {
    int n = 0;
    for (const Atom& a : atoms)
        n = std::max(n, a.category + 1);
    return n;
}

const char* to_string(CouplingForm f, bool normalised) {
    switch (f) {
        case CouplingForm::isotropic:
            return normalised ? "normalised-isotropic" : "isotropic";
        case CouplingForm::diagonal:
            return normalised ? "normalised-vectorial" : "vectorial";
        case CouplingForm::tensor:
            return normalised ? "normalised-tensorial" : "tensorial";
    }
    return "";
}

UnitCellFile parse_unit_cell_file(const std::string& text, const std::string& path) {
    UnitCellFile u;
    u.path = path;
    Reader r(text, path);
    Mistakes mistakes;
    const bool read = mistakes.check([&] {
        read_cell(r, u);
        read_atoms(r, u, mistakes);
        read_bonds(r, u, mistakes);
    });
    if (read && mistakes.empty()) check_reverse_bonds(u.bonds, path, mistakes);
    if (read && mistakes.empty()) check_reverse_bonds(u.biquadratic, path, mistakes);
    mistakes.throw_if_any(path);
    return u;
}

}  // namespace miniasd
