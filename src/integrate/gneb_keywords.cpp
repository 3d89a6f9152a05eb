// The chain's section (gneb_section.hpp): the gneb: keywords (miniASD's own; VAMPIRE has no
// energy-barrier method). Whether the chain runs is the program's choice, so the checks of these
// keywords against sim:program are the run's (run/config/cross_checks.cpp).
#include <filesystem>

#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "integrate/gneb_section.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<GnebSettings>;

std::optional<Value> truth(bool on, bool def) {
    return on == def ? none : word(on ? "true" : "false");
}

void add_state_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "gneb", "images", K::integer, D::none, 3, 100000, "10",
        "the images of the chain, both end points included (at least 3); each holds every "
        "atom's spin, so the memory of the spins grows with them",
        [](GnebSettings& c, const Value& v, const Entry&) { c.gneb.images = v.integer; },
        [](const GnebSettings& c) { return c.gneb.images != 10 ? whole(c.gneb.images) : none; }));
    t.push_back(row(
        "gneb", "final-spin-direction", K::direction, D::none, 0, 0, "none",
        "the chain's last image: every spin along this direction (x, y, z, normalised). The "
        "first image is the run's initial state (sim:initial-spin-configuration)",
        [](GnebSettings& c, const Value& v, const Entry&) { c.gneb.final_direction = v.vec; },
        [](const GnebSettings& c) {
            return c.gneb.final_direction == Vec3{0, 0, 0} ? none
                                                           : unit_vector(c.gneb.final_direction);
        }));
    t.push_back(row(
        "gneb", "final-spin-file", K::text, D::none, 0, 0, "none",
        "the chain's last image from a file, read as sim:initial-spin-file reads one (OVF 2.0, "
        "a snapshot's .meta file, a checkpoint's directory); relative paths resolve against the "
        "input file's directory",
        [](GnebSettings& c, const Value& v, const Entry& e) {
            if (v.text.empty()) entry_error(e, "expected a file name");
            std::filesystem::path p(v.text);
            if (p.is_relative()) p = std::filesystem::path(e.file).parent_path() / p;
            c.gneb.final_file = p.string();
        },
        [](const GnebSettings& c) {
            return c.gneb.final_file.empty() ? none : word(c.gneb.final_file);
        }));
    t.push_back(choice(
        "gneb", "relax-end-points", "true|false", "true",
        "minimise both end points (sim:relax-method, to gneb:torque-tolerance, at most "
        "sim:relax-maximum-steps steps each) before the chain moves; false: they stay as given",
        [](GnebSettings& c, const Value& v, const Entry&) {
            c.gneb.relax_end_points = v.text == "true";
        },
        [](const GnebSettings& c) { return truth(c.gneb.relax_end_points, true); }));
}

void add_method_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "gneb", "spring-constant", K::real, D::energy, 1e-40, 1e-10, "1 meV",
        "the springs between neighbouring images, per rad^2 of geodesic distance: they keep the "
        "images evenly spaced along the path and do not change the path itself or the saddle "
        "point's energy",
        [](GnebSettings& c, const Value& v, const Entry&) { c.gneb.spring_constant = v.real; },
        [](const GnebSettings& c) {
            return c.gneb.spring_constant != GnebSection{}.spring_constant
                       ? number(c.gneb.spring_constant)
                       : none;
        }));
    t.push_back(choice(
        "gneb", "climbing-image", "true|false", "true",
        "true: once the path has settled (the largest force halfway, on a logarithmic scale, "
        "from the first iteration's to gneb:torque-tolerance), the highest interior image "
        "climbs to the saddle point (chosen again at every iteration), so the barrier is the "
        "saddle's energy and not an image's near it",
        [](GnebSettings& c, const Value& v, const Entry&) { c.gneb.climbing = v.text == "true"; },
        [](const GnebSettings& c) { return truth(c.gneb.climbing, true); }));
    t.push_back(choice(
        "gneb", "falling-images", "true|false", "false",
        "true: interior images lower than both neighbours fall into the minimum they sit in "
        "(an intermediate state on the path) instead of being held on it by the springs",
        [](GnebSettings& c, const Value& v, const Entry&) { c.gneb.falling = v.text == "true"; },
        [](const GnebSettings& c) { return truth(c.gneb.falling, false); }));
    t.push_back(row(
        "gneb", "torque-tolerance", K::real, D::field, 1e-14, 1e3, "1e-6 T",
        "the chain has converged when the largest force on any atom of any moving image, "
        "divided by the atom's moment, is below this (a torque field, as "
        "sim:relax-torque-tolerance); sim:total-time-steps iterations at most",
        [](GnebSettings& c, const Value& v, const Entry&) { c.gneb.tolerance = v.real; },
        [](const GnebSettings& c) {
            return c.gneb.tolerance != 1e-6 ? number(c.gneb.tolerance) : none;
        }));
    t.push_back(row(
        "gneb", "energy-interpolations", K::integer, D::none, 1, 10000, "10",
        "points per segment between two images in energy-path-interpolated, the path's cubic "
        "Hermite interpolation in the reaction coordinate (Spirit's n_E_interpolations)",
        [](GnebSettings& c, const Value& v, const Entry&) { c.gneb.interpolations = v.integer; },
        [](const GnebSettings& c) {
            return c.gneb.interpolations != 10 ? whole(c.gneb.interpolations) : none;
        }));
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_state_rows(t);
    add_method_rows(t);
}

}  // namespace

SectionOf<GnebSettings> gneb_section() {
    return {"gneb", add_rows};
}

}  // namespace miniasd
