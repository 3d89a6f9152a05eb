// The height-profile columns (VAMPIRE's height-magnetisation family; stats/height_profile.hpp):
// per height category, and per material within it, the magnetisation's unit vector and length,
// normalised or in Bohr magnetons, and their means since the last reset.
#include "stats/column_helpers.hpp"

namespace miniasd {

using namespace column_helpers;

namespace {

// Group k's unit vector and |m| (normalised), or |M| = |m| sum mu in muB.
void profile(const std::vector<std::array<double, 4>>& m, const std::vector<double>& moment,
             bool in_bohr, int k, double* out) {
    const std::size_t g = static_cast<std::size_t>(k);
    if (g >= m.size()) {  // before the first sample
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    for (int a = 0; a < 4; ++a)
        out[a] = m[g][std::size_t(a)];
    if (in_bohr) out[3] *= moment[g];
}

ColumnSpec height_column(std::string keyword, std::string doc, std::vector<std::string> headers,
                         bool per_material, std::function<void(const Ctx&, int, double*)> values) {
    return {std::move(keyword), std::move(doc),    std::move(headers),
            per_material,       std::move(values), true};
}

}  // namespace

void add_height_columns(std::vector<ColumnSpec>& t) {
    for (const bool in_bohr : {false, true}) {
        const std::string tail = in_bohr ? "" : "-normalised";
        const std::string length = in_bohr ? "|M|[muB]" : "|m|";
        const std::string what =
            in_bohr ? "|M| = |sum mu S| (Bohr magnetons)" : "|m| = |sum mu S| / sum mu";
        t.push_back(height_column("height-magnetisation" + tail,
                                  "the unit vector and " + what +
                                      " of each height category of atoms (VAMPIRE's "
                                      "columns; docs/physics.md, Height profiles)",
                                  {"ux", "uy", "uz", length}, false,
                                  [in_bohr](const Ctx& c, int k, double* out) {
                                      profile(c.obs.height_m, c.obs.height_moment, in_bohr, k, out);
                                  }));
        t.push_back(height_column(
            "material-height-magnetisation" + tail,
            "the unit vector and " + what +
                " of each material's atoms in each height category "
                "(VAMPIRE's columns, height by height)",
            {"ux", "uy", "uz", length}, true, [in_bohr](const Ctx& c, int k, double* out) {
                profile(c.obs.material_height_m, c.obs.material_height_moment, in_bohr, k, out);
            }));
    }
    // Means of the unit vector and of |m| since the last reset, |m| times the category's sum mu
    // (muB), as VAMPIRE's.
    auto mean = [](const Ctx& c, int k, int q) {
        return mean_of(c, series::height(c.obs.material_m.size(), k, q));
    };
    auto moment = [](const Ctx& c, int k) {
        const std::size_t g = static_cast<std::size_t>(k);
        return g < c.obs.height_moment.size() ? c.obs.height_moment[g] : 0.0;
    };
    t.push_back(height_column(
        "mean-height-magnetisation-length",
        "mean |M| of each height category since the last reset (Bohr magnetons; VAMPIRE's)",
        {"<|M|>[muB]"}, false, [mean, moment](const Ctx& c, int k, double* out) {
            out[0] = mean(c, k, 3) * moment(c, k);
        }));
    t.push_back(height_column(
        "mean-height-magnetisation",
        "means of each height category's unit vector (x, y, z) and of its |M| since the last "
        "reset (Bohr magnetons; VAMPIRE's)",
        {"<ux>", "<uy>", "<uz>", "<|M|>[muB]"}, false,
        [mean, moment](const Ctx& c, int k, double* out) {
            for (int a = 0; a < 3; ++a)
                out[a] = mean(c, k, a);
            out[3] = mean(c, k, 3) * moment(c, k);
        }));
}

}  // namespace miniasd
