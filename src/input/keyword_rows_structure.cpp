// Rows of the create: and dimensions: keywords.
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

void add_structure_keywords(std::vector<KeywordSpec>& t) {
    t.push_back(row("create", "alloy-random-seed", K::integer, D::none, 0, 2e9, "2014",
                    "seed of the random alloy structure (independent of the thermal noise's "
                    "sim:integrator-random-seed)",
                    [](Config& c, const Value& v, const Entry&) {
                        c.alloy_seed = static_cast<std::uint64_t>(v.integer);
                    }));
    // --- create ---
    t.push_back(choice("create", "crystal-structure", "sc|bcc|fcc", "sc",
                       "crystal structure of the cubic unit cell",
                       [](Config& c, const Value& v, const Entry&) {
                           c.crystal = v.text == "bcc"   ? CrystalStructure::bcc
                                       : v.text == "fcc" ? CrystalStructure::fcc
                                                         : CrystalStructure::sc;
                       }));
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row("create", "periodic-boundaries-" + axis, K::flag, D::none, 0, 0, "off",
                        "periodic boundary conditions along " + axis,
                        [a](Config& c, const Value&, const Entry&) { c.periodic[a] = true; }));
    }

    // --- dimensions ---
    t.push_back(row("dimensions", "unit-cell-size", K::real, D::length, 1e-11, 1e-8, "3.54 A",
                    "edge of the cubic unit cell (sets x, y and z)",
                    [](Config& c, const Value& v, const Entry&) {
                        c.unit_cell = {v.real, v.real, v.real};
                    }));
    t.push_back(row("dimensions", "system-size", K::real, D::length, 1e-11, 1e-3, "2 nm",
                    "edge of the simulated box (sets x, y and z); cells = ceil(size / cell)",
                    [](Config& c, const Value& v, const Entry&) {
                        c.system_size = {v.real, v.real, v.real};
                    }));
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row("dimensions", "unit-cell-size-" + axis, K::real, D::length, 1e-11, 1e-8,
                        "3.54 A", "unit cell edge along " + axis,
                        [a](Config& c, const Value& v, const Entry&) { c.unit_cell[a] = v.real; }));
        t.push_back(
            row("dimensions", "system-size-" + axis, K::real, D::length, 1e-11, 1e-3, "2 nm",
                "size of the simulated box along " + axis,
                [a](Config& c, const Value& v, const Entry&) { c.system_size[a] = v.real; }));
    }
}

}  // namespace miniasd::keyword_rows
