#include "input/unit_cell_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <sstream>
#include <tuple>

#include "input/decimal.hpp"
#include "input/mistakes.hpp"
#include "input/unit_cell_checks.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

// One line with content: its number in the file and its words. A '#' starts a comment to the end
// of the line (VAMPIRE drops a whole line holding one; here the words before it count), and blank
// lines are skipped anywhere, also inside the atom and bond blocks.
struct Line {
    int number;
    std::vector<std::string> words;
    std::vector<int> columns;  // 1-based column of each word's first character
};

std::vector<Line> content_lines(const std::string& text) {
    std::vector<Line> out;
    std::istringstream in(text);
    std::string s;
    for (int number = 1; std::getline(in, s); ++number) {
        const std::size_t hash = s.find('#');
        if (hash != std::string::npos) s.erase(hash);
        Line l{number, {}, {}};
        for (std::size_t at = s.find_first_not_of(" \t\r"); at != std::string::npos;) {
            const std::size_t end = std::min(s.find_first_of(" \t\r", at), s.size());
            l.words.push_back(s.substr(at, end - at));
            l.columns.push_back(static_cast<int>(at) + 1);
            at = s.find_first_not_of(" \t\r", end);
        }
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
    std::size_t peek_words() const { return done() ? 0 : lines_[next_].words.size(); }
    // The next content line; `what` names what was expected there.
    const Line& take(const std::string& what) {
        if (done())
            fail(lines_.empty() ? 0 : lines_.back().number,
                 "the file ends where " + what + " was expected");
        return lines_[next_++];
    }
    // A mistake in the i-th word of a line: the message names its column.
    [[noreturn]] void fail_word(const Line& l, std::size_t i, const std::string& what) const {
        throw InputError(path_, l.number, "", what, l.columns[i]);
    }
    // The i-th word of a line as a decimal number; `what` names it.
    double real(const Line& l, std::size_t i, const std::string& what) const {
        const std::string& w = word(l, i, what);
        double v = 0;
        switch (parse_decimal(w, v)) {
            case Decimal::ok:
                return v;
            case Decimal::hexadecimal:
                fail_word(l, i, "'" + w + "' is hexadecimal: write numbers in decimal");
            case Decimal::out_of_range:
                fail_word(l, i, "'" + w + "' is beyond the range of a double: expected " + what);
            case Decimal::not_a_number:
                break;
        }
        fail_word(l, i, "'" + w + "' is not a number: expected " + what);
    }
    long long integer(const Line& l, std::size_t i, const std::string& what) const {
        const std::string& w = word(l, i, what);
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(w.c_str(), &end, 10);
        if (*end != '\0' || errno == ERANGE || w.empty())
            fail_word(l, i, "'" + w + "' is not a whole number: expected " + what);
        return v;
    }
    // Refuses words beyond the first `n` (VAMPIRE ignores them; they are usually a mistake).
    void at_most(const Line& l, std::size_t n, const std::string& what) const {
        if (l.words.size() > n)
            fail_word(l, n,
                      "'" + l.words[n] + "' after the " + std::to_string(n) + " value(s) of " +
                          what + ": nothing more belongs on this line");
    }

  private:
    const std::string& word(const Line& l, std::size_t i, const std::string& what) const {
        if (i >= l.words.size())
            fail(l.number, "the line has " + std::to_string(l.words.size()) +
                               " value(s): expected " + what + " as value " +
                               std::to_string(i + 1));
        return l.words[i];
    }

  public:
    const std::string& path() const { return path_; }

  private:
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

void read_cell(Reader& r, UnitCellFile& u) {
    const Line& size = r.take("the cell size 'a_x a_y a_z' (Angstrom)");
    for (std::size_t a = 0; a < 3; ++a) {
        const double v = r.real(size, a, "the cell size 'a_x a_y a_z' in Angstrom");
        if (!(v > 0 && v < 1e6)) r.fail(size.number, "cell sizes must be positive Angstrom");
        u.size[a] = v * 1e-10;
    }
    r.at_most(size, 3, "the cell size");
    // The lattice vectors. VAMPIRE reads and ignores them and places atoms on orthogonal axes;
    // miniASD reads them: unit vectors (VAMPIRE's own files, TB2J) or the edges themselves in
    // Angstrom (magnopy), along x, y and z. Any other cell is refused rather than ignored.
    for (int row = 0; row < 3; ++row) {
        const Line& v = r.take(std::string("lattice vector ") + "xyz"[row]);
        Vec3 x{};
        for (int a = 0; a < 3; ++a)
            x[a] = r.real(v, static_cast<std::size_t>(a), "a lattice vector of three numbers");
        r.at_most(v, 3, "a lattice vector");
        const double edge = u.size[static_cast<std::size_t>(row)] * 1e10;  // Angstrom
        const double along = x[static_cast<std::size_t>(row)];
        bool aligned = along > 0;
        for (int a = 0; a < 3; ++a)
            if (a != row)
                aligned = aligned && std::abs(x[static_cast<std::size_t>(a)]) <= 1e-6 * along;
        if (!aligned)
            r.fail(v.number,
                   "only orthogonal cells with edges along x, y and z are supported: lattice "
                   "vector " +
                       std::string(1, "abc"[row]) + " must be along " + std::string(1, "xyz"[row]) +
                       " (VAMPIRE ignores these lines and would place the atoms on orthogonal "
                       "axes anyway, which for this cell is a different crystal)");
        if (std::abs(along - 1) > 1e-6 && std::abs(along - edge) > 1e-6 * edge) {
            std::ostringstream m;
            m << "lattice vector "
              << "abc"[row] << " has length " << along
              << ": expected a unit vector (1) or the cell size of the line above (" << edge
              << " A)";
            r.fail(v.number, m.str());
        }
    }
}

void read_atoms(Reader& r, UnitCellFile& u, Mistakes& mistakes) {
    const Line& count = r.take("the number of atoms in the cell");
    const long long n = r.integer(count, 0, "the number of atoms in the cell");
    if (n < 1 || n > 1000000) r.fail(count.number, "expected 1 to 1000000 atoms in the cell");
    // VAMPIRE reads the count and ignores the rest of the line; TB2J writes the count twice.
    if (count.words.size() > 1) r.integer(count, 1, "the atom count, then at most one integer");
    r.at_most(count, 2, "the atom count");
    std::vector<int> lines;  // of each atom, for the spacing check's messages
    for (long long k = 0; k < n; ++k) {
        const Line& l = r.take("atom " + std::to_string(k) + " of " + std::to_string(n) +
                               " ('id x y z material [lattice-category height-category]')");
        mistakes.check([&] {
            UnitCellFile::Atom a;
            for (std::size_t c = 0; c < 3; ++c) {
                a.position[c] = r.real(l, c + 1, "fractional coordinates x y z after the id");
                if (!(a.position[c] >= 0 && a.position[c] < 1))
                    r.fail(l.number,
                           "atom outside the cell: fractional coordinates must lie in "
                           "[0, 1) (1 is the next cell's 0)");
            }
            int* cats[3] = {&a.category, &a.lattice_category, &a.height_category};
            for (std::size_t c = 0; c < 3 && c + 4 < l.words.size(); ++c) {
                const long long v = r.integer(l, c + 4, "a category (0-based)");
                if (v < 0 || v > 1000) r.fail(l.number, "categories must be 0 to 1000");
                *cats[c] = static_cast<int>(v);
            }
            r.at_most(l, 7, "an atom ('id x y z material lattice-category height-category')");
            u.atoms.push_back(a);
            lines.push_back(l.number);
        });
    }
    if (mistakes.empty())
        check_atom_spacing(u.atoms, lines, {u.size[0] * 1e10, u.size[1] * 1e10, u.size[2] * 1e10},
                           r.path(), mistakes);
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
    r.at_most(head, 2, "the " + block + " header");
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
            double v[9];
            for (int c = 0; c < values; ++c)
                v[c] = r.real(
                    l, 6 + c,
                    std::to_string(values) + " coupling value(s) for " + word_of(form, normalised));
            if (l.words.size() > std::size_t{6} + static_cast<std::size_t>(values))
                r.fail_word(l, std::size_t{6} + static_cast<std::size_t>(values),
                            "more values than the " + std::to_string(values) + " of a " +
                                word_of(form, normalised) + " bond");
            // The bounds of the keywords that give the same couplings: exchange-matrix's J, a
            // weight's generous range (it multiplies exchange-matrix, itself bounded).
            const double bound = normalised ? 1e3 : 1e-18;
            for (int c = 0; c < values; ++c)
                if (!(std::abs(v[c]) <= bound))
                    r.fail_word(l, std::size_t{6} + static_cast<std::size_t>(c),
                                "a coupling of " + shortest(v[c]) +
                                    (normalised ? " (a weight): weights must lie within +-1000"
                                                : " J: couplings must lie within +-1e-18 J "
                                                  "(6.2 eV), the range of exchange-matrix"));
            // A bond of an atom to itself is how magnopy writes an on-site tensor (its
            // anisotropy), zero when there is none: a zero one contributes nothing and is
            // skipped; a nonzero one would be an anisotropy whose convention differs between the
            // tools, so it is refused rather than guessed.
            if (b.i == b.j && b.dx == 0 && b.dy == 0 && b.dz == 0) {
                if (std::all_of(v, v + values, [](double x) { return x == 0; })) return;
                r.fail(l.number,
                       "a nonzero bond of an atom to itself (an on-site tensor, as magnopy writes "
                       "anisotropy) is not read: give the anisotropy with the material's "
                       "anisotropy keywords and write this row as zeros");
            }
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
    const int first = r.peek_number();
    read_block(r, u, "bond", u.form, u.normalised, u.bonds, mistakes);
    if (r.done()) return;
    // A header has two words, a bond row at least seven: more rows than the count said (magnopy
    // 0.4.3 leaves its on-site rows out of the count, and VAMPIRE misreads the rest).
    if (r.peek_words() >= 7)
        r.fail(r.peek_number(),
               "a bond row beyond the count the header of line " + std::to_string(first) +
                   " gives (a biquadratic block would start with 'count exchange-type'): make "
                   "the count the number of rows");
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

const char* word_of(CouplingForm f, bool normalised) {
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
