// The initial spins' section (initial_state_section.hpp): the rows of the prepared initial states
// (sim:initial-spin-configuration and its parameters; VAMPIRE's domain-wall keywords) and of the
// material's second direction of a wall, and the checks across them.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "system/system_settings.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<SystemSettings>;
using S = InitialState;
using input_checks::fail;

// "0.5, 0.5" or "0.25, 0.5; 0.75, 0.5": x, y fractions of the box, centres separated by ';'.
std::vector<std::array<double, 2>> parse_centres(const Entry& e, const std::string& text) {
    std::vector<std::array<double, 2>> out;
    std::stringstream all(text);
    std::string one;
    while (std::getline(all, one, ';')) {
        double x = 0, y = 0;
        char comma = 0, rest = 0;
        std::stringstream in(one);
        if (!(in >> x >> comma >> y) || comma != ',' || (in >> rest) || !(x >= 0 && x <= 1) ||
            !(y >= 0 && y <= 1))
            entry_error(e,
                        "expected centres as x, y fractions of the system from 0 to 1 ('0.5, "
                        "0.5', or several separated by ';': '0.25, 0.5; 0.75, 0.5'), not '" +
                            text + "'");
        out.push_back({x, y});
    }
    if (out.empty() || out.size() > 10000)
        entry_error(e, "expected 1 to 10000 centres, not '" + text + "'");
    return out;
}

std::string centres_text(const std::vector<std::array<double, 2>>& centres) {
    std::string out;
    for (const auto& c : centres) {
        std::ostringstream s;
        s.precision(17);
        s << c[0] << "," << c[1];
        out += (out.empty() ? "" : ";") + s.str();
    }
    return out;
}

// A state's parameter is described with its state (defaults included), or whenever it is not
// the default (a setting the input checks then refuse: a keyword without its state).
bool live(const SystemSettings& c, InitialState state, bool not_default) {
    return c.initial.state == state || not_default;
}

// Which initial state, and the file a file state reads.
void add_state_rows(std::vector<KeywordSpec>& t) {
    t.push_back(enum_choice(
        "sim", "initial-spin-configuration", initial_state_words, S::uniform,
        "the spins a run starts from (a miniASD keyword; docs/physics.md, \"Initial states\"): "
        "uniform, each material's initial-spin-direction; random, every atom; skyrmion, "
        "spiral or domain-wall, prepared by the sim:initial-skyrmion-*, sim:initial-spiral-* "
        "or VAMPIRE's sim:domain-wall-* keywords; file, the spins of sim:initial-spin-file. A "
        "continued run starts from its checkpoint",
        [](auto& c) -> auto& { return c.initial.state; },
        [](const SystemSettings&) {
            return true;
        }));  // always written: the state a run starts from
    t.push_back(row(
        "sim", "initial-spin-file", K::text, D::none, 0, 0, "none",
        "file: the spins to start from, each atom taking the spin at its position: an OVF 2.0 "
        "file (.ovf or .omf; text, binary 4 or 8, as mumax, Spirit and OOMMF write it; meshunit "
        "m, mm, um, nm or A honoured; coarser cells are sampled), a miniASD spin snapshot's "
        ".meta file (any write mode), or a directory: a checkpoint, a directory of checkpoints "
        "or a run's output directory (its newest snapshot, else the newest checkpoint of its "
        "checkpoints/), the file taken named at start-up "
        "(an atom within 1e-3 A); relative paths resolve against the input file's directory. "
        "--check reads it and finds every atom's spin. Required by file",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            if (v.text.empty()) entry_error(e, "expected a file name");
            std::filesystem::path p(v.text);
            if (p.is_relative()) p = std::filesystem::path(e.file).parent_path() / p;
            c.initial.file = p.string();
        },
        [](const SystemSettings& c) {
            return c.initial.file.empty() ? none : word(c.initial.file);
        }));
}

// The skyrmion's centre, radius, helicity and polarity.
void add_skyrmion_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "initial-skyrmion-centre", K::text, D::none, 0, 0, "0.5, 0.5",
        "skyrmion: the centre as x, y fractions of the system (several separated by ';'; each "
        "atom takes the nearest, across periodic boundaries)",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            c.initial.skyrmion_centres = parse_centres(e, v.text);
        },
        [](const SystemSettings& c) {
            const bool moved =
                c.initial.skyrmion_centres != std::vector<std::array<double, 2>>{{0.5, 0.5}};
            return live(c, S::skyrmion, moved) ? word(centres_text(c.initial.skyrmion_centres))
                                               : none;
        }));
    t.push_back(row(
        "sim", "initial-skyrmion-radius", K::real, D::length, 1e-11, 1e-5, "none",
        "skyrmion: the radius, where S_z crosses zero (the profile's walls are half as wide); "
        "required by skyrmion",
        [](SystemSettings& c, const Value& v, const Entry&) { c.initial.skyrmion_radius = v.real; },
        [](const SystemSettings& c) {
            return c.initial.skyrmion_radius > 0 ? number(c.initial.skyrmion_radius) : none;
        }));
    t.push_back(row(
        "sim", "initial-skyrmion-helicity", K::real, D::none, -360, 360, "0",
        "skyrmion: the helicity in degrees, the in-plane spins' angle from the outward radius: "
        "0 and 180 Neel, 90 and -90 Bloch",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.initial.skyrmion_helicity = v.real;
        },
        [](const SystemSettings& c) {
            return live(c, S::skyrmion, c.initial.skyrmion_helicity != 0)
                       ? number(c.initial.skyrmion_helicity)
                       : none;
        }));
    t.push_back(row(
        "sim", "initial-skyrmion-polarity", K::integer, D::none, -1, 1, "-1",
        "skyrmion: the core's S_z, -1 or 1; the spins far from every centre point the other way",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            if (v.integer == 0) entry_error(e, "expected -1 or 1, not 0");
            c.initial.skyrmion_polarity = static_cast<int>(v.integer);
        },
        [](const SystemSettings& c) {
            return live(c, S::skyrmion, c.initial.skyrmion_polarity != -1)
                       ? whole(c.initial.skyrmion_polarity)
                       : none;
        }));
}

// Prepared skyrmions that the box can hold: a radius past half the box's smaller in-plane size
// leaves no background around the core (no skyrmion at all), and two centres closer than twice
// the radius give one merged texture (both were accepted, a duplicate centre too).
void check_skyrmions(const SystemSettings& c, const Seen& seen) {
    const double r = c.initial.skyrmion_radius, lx = c.structure.system_size[0],
                 ly = c.structure.system_size[1];
    const Entry& radius = seen.at("sim:initial-skyrmion-radius");
    if (2 * r > std::min(lx, ly))
        fail(radius, "the skyrmion's radius (" + g4(r * 1e10) +
                         " A, where S_z = 0) reaches past the box (" + g4(lx * 1e10) + " x " +
                         g4(ly * 1e10) +
                         " A in the plane), which then holds no skyrmion: give at most half the "
                         "box's smaller in-plane size");
    const auto& centres = c.initial.skyrmion_centres;
    for (std::size_t a = 0; a < centres.size(); ++a)
        for (std::size_t b = a + 1; b < centres.size(); ++b) {
            double d2 = 0;
            for (int k = 0; k < 2; ++k) {
                const double box = k == 0 ? lx : ly;
                double d = std::abs(centres[a][std::size_t(k)] - centres[b][std::size_t(k)]);
                if (c.structure.periodic[std::size_t(k)])
                    d = std::min(d, 1 - d);  // the nearer image
                d2 += d * d * box * box;
            }
            if (d2 < 4 * r * r)
                fail(given(seen, "sim:initial-skyrmion-centre")
                         ? seen.at("sim:initial-skyrmion-centre")
                         : radius,
                     "skyrmions " + std::to_string(a + 1) + " and " + std::to_string(b + 1) +
                         " are " + g4(std::sqrt(d2) * 1e10) +
                         " A apart, less than twice the radius (" + g4(2 * r * 1e10) +
                         " A): they would overlap into one texture; move them apart or give a "
                         "smaller radius");
        }
}

// The spiral's wave vector, axis and cone angle.
void add_spiral_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "sim", "initial-spiral-wave-vector", K::real_or_triple, D::none, -1e3, 1e3, "none",
        "spiral: q = qx, qy, qz in reciprocal unit cells (2 pi / a along each axis): the spins "
        "turn by 360 q.r / a degrees; 0.1, 0, 0 turns once every 10 cells along x. Required by "
        "spiral",
        [](SystemSettings& c, const Value& v, const Entry& e) {
            if (!v.triple) entry_error(e, "expected three numbers qx, qy, qz like 0.1, 0, 0");
            c.initial.spiral_wave_vector = v.vec;
        },
        [](const SystemSettings& c) {
            const bool set = c.initial.spiral_wave_vector != Vec3{0, 0, 0};
            return live(c, S::spiral, set) ? triple(c.initial.spiral_wave_vector) : none;
        }));
    t.push_back(row(
        "sim", "initial-spiral-axis", K::direction, D::none, 0, 0, "0,0,1",
        "spiral: the axis the spins turn about (normalised)",
        [](SystemSettings& c, const Value& v, const Entry&) { c.initial.spiral_axis = v.vec; },
        [](const SystemSettings& c) {
            return live(c, S::spiral, c.initial.spiral_axis != Vec3{0, 0, 1})
                       ? unit_vector(c.initial.spiral_axis)
                       : none;
        }));
    t.push_back(row(
        "sim", "initial-spiral-cone-angle", K::real, D::none, 0, 180, "90",
        "spiral: the spins' angle from the axis in degrees: 90 a flat spiral, small angles a "
        "spin wave",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.initial.spiral_cone_angle = v.real;
        },
        [](const SystemSettings& c) {
            return live(c, S::spiral, c.initial.spiral_cone_angle != 90)
                       ? number(c.initial.spiral_cone_angle)
                       : none;
        }));
}

// The domain wall (VAMPIRE's keywords): its axis, position, width and second direction.
void add_domain_wall_rows(std::vector<KeywordSpec>& t) {
    t.push_back(choice(
        "sim", "domain-wall-axis", "x|y|z", "x",
        "domain-wall (the initial state and the program): the axis across the wall (VAMPIRE's "
        "keyword)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.initial.domain_wall_axis = v.text == "z" ? 2 : v.text == "y" ? 1 : 0;
        },
        [](const SystemSettings& c) {
            return live(c, S::domain_wall, c.initial.domain_wall_axis != 0)
                       ? word(std::string(1, char('x' + c.initial.domain_wall_axis)))
                       : none;
        }));
    t.push_back(row(
        "sim", "domain-wall-position", K::real, D::none, 0, 1, "0.25",
        "domain-wall: the wall's centre as a fraction of the system along its axis (VAMPIRE's "
        "keyword and default)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.initial.domain_wall_position = v.real;
        },
        [](const SystemSettings& c) {
            return live(c, S::domain_wall, c.initial.domain_wall_position != 0.25)
                       ? number(c.initial.domain_wall_position)
                       : none;
        }));
    t.push_back(row(
        "sim", "domain-wall-width", K::real, D::length, 1e-12, 1e-7, "10 A",
        "domain-wall: the wall's width (VAMPIRE's keyword and default): the program turns the "
        "spins at an even rate across it (VAMPIRE's linear wall); the initial state's tanh "
        "profile, of length width / pi, turns as fast at its centre",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.initial.domain_wall_width = v.real;
        },
        [](const SystemSettings& c) {
            return live(c, S::domain_wall, c.initial.domain_wall_width != 10e-10)
                       ? number(c.initial.domain_wall_width)
                       : none;
        }));
    t.push_back(row(
        "sim", "domain-wall-discretisation", K::real, D::length, 1e-10, 1e-6, "10 A",
        "domain-wall program: the thickness of the slices across sim:domain-wall-axis whose mean "
        "spins, per material, its dw-<step>.txt files list (VAMPIRE's keyword and default)",
        [](SystemSettings& c, const Value& v, const Entry&) {
            c.initial.domain_wall_discretisation = v.real;
        },
        [](const SystemSettings& c) {
            return c.initial.domain_wall_discretisation != 10e-10
                       ? number(c.initial.domain_wall_discretisation)
                       : none;
        }));
    t.push_back(mat(
        "domain-wall-second-magnetisation-vector", K::direction, D::none, 0, 0, "0,0,1",
        "domain-wall: the direction of this material beyond the wall (VAMPIRE's keyword and "
        "default); before it, its initial-spin-direction",
        [](MaterialConfig& m, const Value& v, const Entry&) {
            m.domain_wall_second_direction = v.vec;
        },
        // Written when not VAMPIRE's default: its state's other settings say whether it acts.
        [](const MaterialConfig& m) {
            return m.domain_wall_second_direction != Vec3{0, 0, 1}
                       ? unit_vector(m.domain_wall_second_direction)
                       : none;
        }));
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_state_rows(t);
    add_skyrmion_rows(t);
    add_spiral_rows(t);
    add_domain_wall_rows(t);
}

struct StateKeys {
    InitialState state;
    const char* name;
    std::vector<std::string> keys;
};

// Each state's parameters are given with it and only with it, and what it needs is there (the
// wall's, which VAMPIRE's domain-wall program reads too: cross_checks::initial_state).
void check(SystemSettings& c, const Seen& seen, std::vector<std::string>&) {
    const StateKeys states[] = {
        {S::skyrmion,
         "skyrmion",
         {"sim:initial-skyrmion-centre", "sim:initial-skyrmion-radius",
          "sim:initial-skyrmion-helicity", "sim:initial-skyrmion-polarity"}},
        {S::spiral,
         "spiral",
         {"sim:initial-spiral-wave-vector", "sim:initial-spiral-axis",
          "sim:initial-spiral-cone-angle"}},
        {S::file, "file", {"sim:initial-spin-file"}},
    };
    for (const StateKeys& s : states)
        for (const std::string& key : s.keys) {
            const auto it = seen.find(key);
            if (it != seen.end() && c.initial.state != s.state)
                fail(it->second, std::string("has an effect only with "
                                             "sim:initial-spin-configuration = ") +
                                     s.name);
        }
    const auto state = seen.find("sim:initial-spin-configuration");
    if (state == seen.end()) return;
    if (c.initial.state == S::file && c.initial.file.empty())
        fail(state->second,
             "file needs sim:initial-spin-file (an OVF 2.0 file, a spin snapshot's .meta file "
             "or a checkpoint's directory)");
    if (c.initial.state == S::skyrmion && !(c.initial.skyrmion_radius > 0))
        fail(state->second, "skyrmion needs sim:initial-skyrmion-radius (a length, e.g. 2 !nm)");
    if (c.initial.state == S::skyrmion) check_skyrmions(c, seen);
    if (c.initial.state == S::spiral && !seen.count("sim:initial-spiral-wave-vector"))
        fail(state->second,
             "spiral needs sim:initial-spiral-wave-vector (qx, qy, qz in reciprocal cells, "
             "e.g. 0.1, 0, 0)");
}

}  // namespace

SectionOf<SystemSettings> initial_state_section() {
    return {"initial spins", add_rows, check};
}

}  // namespace miniasd
