#include "filter.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include "util/binning.hpp"
#include "util/error.hpp"

namespace miniasd::convert {

namespace {

double number(const std::string& s, const std::string& context) {
    std::size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
    double v = 0;
    const char* first = a == std::string::npos ? s.data() : s.data() + a;
    const char* last = a == std::string::npos ? s.data() : s.data() + b + 1;
    const auto r = std::from_chars(first, last, v);
    if (first == last || r.ec != std::errc() || r.ptr != last || !std::isfinite(v))
        throw Error(context + ": '" + s + "' is not a number");
    return v;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t k = 0; k <= s.size(); ++k)
        if (k == s.size() || s[k] == sep) {
            out.push_back(s.substr(start, k - start));
            start = k + 1;
        }
    return out;
}

// 0-based material indices selected by names or 1-based numbers.
std::vector<char> material_mask(const std::vector<std::string>& wanted, const SnapshotMetadata& m,
                                std::int32_t largest) {
    const std::size_t count =
        std::max<std::size_t>(m.material_names.size(), static_cast<std::size_t>(largest + 1));
    std::vector<char> mask(count, wanted.empty() ? 1 : 0);
    for (const std::string& w : wanted) {
        const auto name = std::find(m.material_names.begin(), m.material_names.end(), w);
        if (name != m.material_names.end()) {
            mask[static_cast<std::size_t>(name - m.material_names.begin())] = 1;
            continue;
        }
        int index = 0;
        const auto r = std::from_chars(w.data(), w.data() + w.size(), index);
        if (r.ec != std::errc() || r.ptr != w.data() + w.size() || index < 1 ||
            static_cast<std::size_t>(index) > count) {
            std::string known;
            for (std::size_t k = 0; k < count; ++k)
                known += (k ? ", " : "") + std::to_string(k + 1) +
                         (k < m.material_names.size() ? " (" + m.material_names[k] + ")" : "");
            throw Error("--materials: no material '" + w +
                        "' in this snapshot (materials: " + known + ")");
        }
        mask[static_cast<std::size_t>(index - 1)] = 1;
    }
    return mask;
}

}  // namespace

bool Criterion::holds(double v) const {
    switch (op) {
        case Op::less:
            return v < value;
        case Op::less_equal:
            return v <= value;
        case Op::greater:
            return v > value;
        case Op::greater_equal:
            return v >= value;
    }
    return false;
}

bool Filter::needs_spins() const {
    return std::any_of(where.begin(), where.end(),
                       [](const Criterion& c) { return c.variable >= 3; });
}

Criterion parse_criterion(const std::string& text) {
    static const char* names[] = {"x", "y", "z", "sx", "sy", "sz"};
    const std::size_t op = text.find_first_of("<>");
    const std::string expected = "--where '" + text +
                                 "': expected a variable (x, y, z, sx, sy, sz), <, <=, > or >=, "
                                 "and a number, e.g. 'sz<0'";
    if (op == std::string::npos) throw Error(expected);
    Criterion c;
    c.text = text;
    std::string var = text.substr(0, op);
    var.erase(std::remove(var.begin(), var.end(), ' '), var.end());
    const auto it =
        std::find_if(std::begin(names), std::end(names), [&](const char* n) { return var == n; });
    if (it == std::end(names)) throw Error(expected);
    c.variable = static_cast<int>(it - std::begin(names));
    const bool equal = op + 1 < text.size() && text[op + 1] == '=';
    if (text[op] == '<')
        c.op = equal ? Criterion::Op::less_equal : Criterion::Op::less;
    else
        c.op = equal ? Criterion::Op::greater_equal : Criterion::Op::greater;
    c.value = number(text.substr(op + (equal ? 2 : 1)), "--where '" + text + "'");
    return c;
}

std::array<double, 6> parse_box(const std::string& text) {
    const std::vector<std::string> parts = split(text, ',');
    if (parts.size() != 6)
        throw Error("box '" + text + "': expected six numbers xmin,ymin,zmin,xmax,ymax,zmax");
    std::array<double, 6> b{};
    for (int k = 0; k < 6; ++k)
        b[k] = number(parts[k], "box '" + text + "'");
    for (int a = 0; a < 3; ++a)
        if (b[a] > b[a + 3])
            throw Error("box '" + text + "': its minimum exceeds its maximum along " +
                        std::string(1, char('x' + a)));
    return b;
}

void apply_slab(const std::string& text, Filter& f) {
    const std::vector<std::string> parts = split(text, ':');
    const std::string expected =
        "--slab '" + text + "': expected AXIS:MIN:MAX in angstrom, e.g. z:10:20";
    if (parts.size() != 3 || parts[0].size() != 1 || parts[0][0] < 'x' || parts[0][0] > 'z')
        throw Error(expected);
    const int a = parts[0][0] - 'x';
    const double lo = number(parts[1], expected), hi = number(parts[2], expected);
    if (lo > hi) throw Error(expected + " (MIN > MAX)");
    f.box[a] = std::max(f.box[a], lo);
    f.box[a + 3] = std::min(f.box[a + 3], hi);
}

Vec3 parse_macro_cell(const std::string& text) {
    const std::vector<std::string> parts = split(text, ',');
    const std::string context = "--macro-cell '" + text + "' (one size or three, angstrom)";
    if (parts.size() != 1 && parts.size() != 3) throw Error(context + ": expected 1 or 3 numbers");
    Vec3 v{};
    for (int a = 0; a < 3; ++a) {
        v[a] = number(parts[parts.size() == 1 ? 0 : a], context);
        if (v[a] <= 0) throw Error(context + ": sizes must be positive");
    }
    return v;
}

std::array<std::int64_t, 3> macro_grid(const SnapshotData& coords, const Vec3& size) {
    // The grid ends at the cell of the last atom along each axis (of all atoms, so that every
    // snapshot and selection shares it): a size that does not divide the box adds no cell
    // beyond the atoms, which OVF could only write as m = 0. Counted in double first, so a tiny
    // size is refused before any index could overflow.
    std::array<double, 3> extent{0, 0, 0};  // angstrom
    for (std::size_t k = 0; k < coords.gid.size(); ++k)
        for (int a = 0; a < 3; ++a)
            extent[a] = std::max(extent[a], coords.values[3 * k + a]);
    double total = 1;
    for (int a = 0; a < 3; ++a)
        total *= std::floor((extent[a] + binning_shift_angstrom) / size[a]) + 1;
    if (!(total <= max_macro_cells)) {
        char what[240];
        std::snprintf(what, sizeof what,
                      "--macro-cell %g,%g,%g A over atoms spanning %g x %g x %g A makes %.3g "
                      "cells, beyond the converter's limit of %.0e: choose larger cells",
                      size[0], size[1], size[2], extent[0], extent[1], extent[2], total,
                      max_macro_cells);
        throw Error(what);
    }
    std::array<std::int64_t, 3> cells{1, 1, 1};
    for (std::size_t k = 0; k < coords.gid.size(); ++k)
        for (int a = 0; a < 3; ++a)
            cells[a] = std::max(cells[a], bin_index(coords.values[3 * k + a], size[a], 1.0) + 1);
    return cells;
}

Frame make_frame(const SnapshotData& coords, const SnapshotData* spins, const Filter& f) {
    if (!spins && (f.needs_spins() || f.macro_cell[0] > 0))
        throw Error("spin criteria and macro-cells need spin snapshots, not coordinates alone");
    Frame out;
    out.meta = spins ? spins->meta : coords.meta;
    const std::size_t n = coords.gid.size();
    Vec3& box = out.meta.box;
    box = coords.meta.box;
    if (box[0] <= 0) {  // a 1.0 snapshot: the atoms' extent stands in for the box
        for (std::size_t k = 0; k < n; ++k)
            for (int a = 0; a < 3; ++a)
                box[a] = std::max(box[a], coords.values[3 * k + a]);
    }
    out.meta.material_names = coords.meta.material_names;
    out.meta.material_elements = coords.meta.material_elements;
    const std::int32_t largest =
        n ? *std::max_element(coords.material.begin(), coords.material.end()) : 0;
    const std::vector<char> mask = material_mask(f.materials, coords.meta, largest);
    const double volume = std::max(box[0], 1.0) * std::max(box[1], 1.0) * std::max(box[2], 1.0);
    out.spacing = std::cbrt(volume / double(std::max<std::int64_t>(coords.meta.atoms, 1)));

    std::vector<std::size_t> kept;
    for (std::size_t k = 0; k < n; ++k) {
        const double* p = &coords.values[3 * k];
        const double* s = spins ? &spins->values[3 * k] : nullptr;
        bool keep = mask[static_cast<std::size_t>(coords.material[k])] != 0;
        for (int a = 0; a < 3 && keep; ++a) {
            const double frac = box[a] > 0 ? p[a] / box[a] : 0;
            keep = p[a] >= f.box[a] && p[a] <= f.box[a + 3] && frac >= f.fraction[a] &&
                   frac <= f.fraction[a + 3];
        }
        for (const Criterion& c : f.where)
            keep = keep && c.holds(c.variable < 3 ? p[c.variable] : s[c.variable - 3]);
        if (keep) kept.push_back(k);
    }

    if (f.macro_cell[0] <= 0) {
        out.id.reserve(kept.size());
        out.position.reserve(3 * kept.size());
        out.material.reserve(kept.size());
        if (spins) out.vector.reserve(3 * kept.size());
        for (std::size_t k : kept) {
            out.id.push_back(coords.gid[k]);
            out.material.push_back(coords.material[k]);
            for (int a = 0; a < 3; ++a) {
                out.position.push_back(coords.values[3 * k + a]);
                if (spins) out.vector.push_back(spins->values[3 * k + a]);
            }
        }
        return out;
    }

    // Macro-cells: a grid of cells of the given size from the box origin; each cell with atoms
    // becomes a point at its centre carrying its magnetisation as a fraction of saturation,
    // m = sum(mu_i s_i) / sum(mu_i): the moment-weighted mean of its atoms' unit spins (a plain
    // mean for 1.0 snapshots, which do not record moments).
    const std::vector<double>& mu = coords.meta.material_moments;
    auto moment = [&](std::size_t k) {
        const auto m = static_cast<std::size_t>(coords.material[k]);
        return m < mu.size() ? mu[m] : 1.0;
    };
    const std::array<std::int64_t, 3> cells = macro_grid(coords, f.macro_cell);
    struct Sum {
        double s[3] = {0, 0, 0};
        double moment = 0;  // Bohr magnetons
        std::int64_t count = 0;
    };
    std::map<std::int64_t, Sum> sums;  // ordered by cell index
    for (std::size_t k : kept) {
        std::int64_t c[3];
        for (int a = 0; a < 3; ++a)
            c[a] = std::clamp<std::int64_t>(
                bin_index(coords.values[3 * k + a], f.macro_cell[a], 1.0), 0, cells[a] - 1);
        Sum& sum = sums[(c[2] * cells[1] + c[1]) * cells[0] + c[0]];
        const double m = moment(k);
        for (int a = 0; a < 3; ++a)
            sum.s[a] += m * spins->values[3 * k + a];
        sum.moment += m;
        sum.count += 1;
    }
    for (const auto& [index, sum] : sums) {
        const std::int64_t c[3] = {index % cells[0], (index / cells[0]) % cells[1],
                                   index / (cells[0] * cells[1])};
        out.id.push_back(index);
        out.atoms.push_back(sum.count);
        for (int a = 0; a < 3; ++a) {
            out.position.push_back((double(c[a]) + 0.5) * f.macro_cell[a]);
            out.vector.push_back(sum.s[a] / sum.moment);
        }
    }
    out.spacing = std::min({f.macro_cell[0], f.macro_cell[1], f.macro_cell[2]});
    out.grid = cells;
    out.cell = f.macro_cell;
    return out;
}

std::string Frame::species(std::size_t k) const {
    const auto m = static_cast<std::size_t>(material[k]);
    return m < meta.material_elements.size() && meta.material_elements[m] != "-"
               ? meta.material_elements[m]
               : material_name(k);
}

std::string Frame::material_name(std::size_t k) const {
    const auto m = static_cast<std::size_t>(material[k]);
    return m < meta.material_names.size() ? meta.material_names[m] : "m" + std::to_string(m + 1);
}

}  // namespace miniasd::convert
