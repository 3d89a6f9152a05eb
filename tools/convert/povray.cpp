#include "povray.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "util/error.hpp"

extern char** environ;

namespace miniasd::convert {

namespace {

std::string num(double v) {
    char buf[32];
    // Six significant digits are plenty for a picture and keep big scenes small.
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 6);
    return std::string(buf, r.ptr);
}

std::string vec(const Vec3& v) {
    return "<" + num(v[0]) + "," + num(v[1]) + "," + num(v[2]) + ">";
}

Vec3 operator+(Vec3 a, const Vec3& b) {
    return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}
Vec3 operator-(Vec3 a, const Vec3& b) {
    return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec3 operator*(double s, const Vec3& a) {
    return {s * a[0], s * a[1], s * a[2]};
}
Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dot(const Vec3& a, const Vec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
Vec3 unit(const Vec3& a) {
    const double n = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    return (1.0 / n) * a;
}

// Material colours for coordinates-only scenes (cycled).
const Vec3 palette[] = {{0.55, 0.55, 0.60}, {0.85, 0.45, 0.10}, {0.15, 0.45, 0.75},
                        {0.30, 0.65, 0.30}, {0.60, 0.30, 0.65}, {0.80, 0.75, 0.20}};

// Colours of the elements of magnetic materials (Jmol's CPK scheme), for atoms drawn as spheres;
// other symbols fall back to the palette by material.
struct ElementColour {
    const char* symbol;
    Vec3 rgb;
};
const ElementColour element_colours[] = {
    {"Fe", {0.88, 0.40, 0.20}}, {"Co", {0.94, 0.56, 0.63}}, {"Ni", {0.31, 0.82, 0.31}},
    {"Mn", {0.61, 0.48, 0.78}}, {"Cr", {0.54, 0.60, 0.78}}, {"Gd", {0.27, 1.00, 0.78}},
    {"Tb", {0.19, 1.00, 0.78}}, {"Nd", {0.78, 1.00, 0.78}}, {"Sm", {0.56, 1.00, 0.78}},
    {"Pt", {0.82, 0.82, 0.88}}, {"Pd", {0.00, 0.41, 0.52}}, {"Cu", {0.78, 0.50, 0.20}},
    {"O", {1.00, 0.05, 0.05}},  {"B", {1.00, 0.71, 0.71}},  {"Ag", {0.75, 0.75, 0.75}},
};

Vec3 atom_colour(const Frame& f, std::size_t k) {
    const auto m = static_cast<std::size_t>(f.material[k]);
    if (m < f.meta.material_elements.size())
        for (const ElementColour& e : element_colours)
            if (f.meta.material_elements[m] == e.symbol) return e.rgb;
    return palette[m % 6];
}

}  // namespace

Vec3 sz_colour(double sz) {
    const Vec3 blue{0.23, 0.30, 0.75}, grey{0.86, 0.86, 0.86}, red{0.71, 0.02, 0.15};
    const double t = std::clamp(sz, -1.0, 1.0);
    return t < 0 ? grey + (-t) * (blue - grey) : grey + t * (red - grey);
}

std::string to_povray(const Frame& f, const PovOptions& o) {
    const Vec3 centre = 0.5 * f.meta.box;
    const double aspect = double(o.width) / double(o.height);
    const double angle = 35.0;  // horizontal field of view, degrees
    const double tan_h = std::tan(angle / 2 * M_PI / 180), tan_v = tan_h / aspect;
    const Vec3 forward = unit(Vec3{-0.55, 1.0, -0.75});  // from above a front corner
    const Vec3 right = unit(cross(forward, Vec3{0, 0, 1})), up = cross(right, forward);
    // The nearest distance from the centre at which every corner of the box (and an arrow
    // beyond it) is in view; 80% of the width only, leaving the right margin to the colour bar.
    double distance = 0;
    for (int k = 0; k < 8; ++k) {
        const Vec3 d = Vec3{(k & 1) * f.meta.box[0], (k >> 1 & 1) * f.meta.box[1],
                            (k >> 2 & 1) * f.meta.box[2]} -
                       centre;
        const double depth = dot(forward, d);
        distance =
            std::max({distance, (std::abs(dot(right, d)) + f.spacing) / (0.8 * tan_h) - depth,
                      (std::abs(dot(up, d)) + f.spacing) / (0.92 * tan_v) - depth});
    }
    const Vec3 look = centre + (0.15 * distance * tan_h) * right;  // the scene left of centre
    const Vec3 eye = look - distance * forward;

    std::ostringstream s;
    s << "// miniASD snapshot " << f.meta.snapshot << ", step " << f.meta.step
      << ", t = " << num(f.meta.time * 1e12) << " ps, T = " << num(f.meta.temperature) << " K, "
      << f.size() << (f.macro_cells() ? " macro-cells" : " atoms")
      << ". Lengths in angstrom, z up.\n"
      << "// Render: povray +I<this file> +W" << o.width << " +H" << o.height << " +A0.3\n"
      << "#version 3.7;\n"
      << "global_settings { assumed_gamma 1.0 }\n"
      << "background { rgb <1, 1, 1> }\n"
      << "// A right-handed camera with z up (POV-Ray's default is left-handed, y up).\n"
      << "camera { perspective location " << vec(eye) << " sky <0, 0, 1> up <0, 0, 1> right <"
      << num(-aspect) << ", 0, 0> look_at " << vec(look) << " angle " << angle << " }\n"
      << "light_source { " << vec(eye + (0.5 * distance) * (up - right)) << " rgb 1 }\n"
      << "light_source { " << vec(eye + (0.5 * distance) * right) << " rgb 0.4 shadowless }\n"
      << "#declare Len = " << num(0.8 * f.spacing) << ";  // arrow length for |v| = 1\n"
      << "#declare Rad = " << num(0.09 * f.spacing) << ";\n"
      << "#declare Fin = finish { ambient 0.25 diffuse 0.7 phong 0.3 }\n"
      << "// Arrow at P along V (length scales with |V|), colour C.\n"
      << "#macro A(P, V, C)\n"
      << "  #local Tail = P - 0.5 * Len * V; #local Neck = P + 0.15 * Len * V;\n"
      << "  #if (vlength(V) > 1e-6)\n"
      << "  union { cylinder { Tail, Neck, Rad * min(1, vlength(V) + 0.3) }\n"
      << "          cone { Neck, 2.2 * Rad * min(1, vlength(V) + 0.3), P + 0.5 * Len * V, 0 }\n"
      << "          pigment { rgb C } finish { Fin } }\n"
      << "  #end\n"
      << "#end\n"
      << "#macro S(P, C) sphere { P, 0.35 * Len pigment { rgb C } finish { Fin } } #end\n";
    // The box's edges, thin and dark, so the sample's extent is visible.
    s << "#declare Edge = 0.03 * Len;\nunion {\n";
    for (int a = 0; a < 3; ++a)
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                Vec3 p{0, 0, 0}, q;
                p[(a + 1) % 3] = i * f.meta.box[(a + 1) % 3];
                p[(a + 2) % 3] = j * f.meta.box[(a + 2) % 3];
                q = p;
                q[a] = f.meta.box[a];
                s << "  cylinder { " << vec(p) << ", " << vec(q) << ", Edge }\n";
            }
    s << "  pigment { rgb 0.3 } no_shadow\n}\n";

    for (std::size_t k = 0; k < f.size(); ++k) {
        const Vec3 p{f.position[3 * k], f.position[3 * k + 1], f.position[3 * k + 2]};
        if (f.has_vectors()) {
            const Vec3 v{f.vector[3 * k], f.vector[3 * k + 1], f.vector[3 * k + 2]};
            const double len = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            s << "A(" << vec(p) << "," << vec(v) << "," << vec(sz_colour(len > 0 ? v[2] / len : 0))
              << ")\n";
        } else {
            s << "S(" << vec(p) << "," << vec(atom_colour(f, k)) << ")\n";
        }
    }

    if (f.has_vectors()) {
        // Colour bar in the right margin, built in camera space.
        // Sized by the narrower side of the picture seen at distance d, placed at the right edge.
        const double d = 0.2 * distance, h = d * std::min(tan_h, tan_v);
        const Vec3 base = eye + d * forward + (d * tan_h - 0.32 * h) * right - (0.6 * h) * up;
        const double width = 0.06 * h;
        // One box in camera space with a gradient on the same scale as the arrows.
        auto axes = [&](double sx, double sy) {
            return "matrix <" + num(sx * right[0]) + "," + num(sx * right[1]) + "," +
                   num(sx * right[2]) + "," + num(sy * up[0]) + "," + num(sy * up[1]) + "," +
                   num(sy * up[2]) + "," + num(forward[0]) + "," + num(forward[1]) + "," +
                   num(forward[2]) + ",0,0,0>";
        };
        s << "// Colour bar: s_z from -1 (bottom, blue) to +1 (top, red).\n"
          << "box { <0, 0, 0>, <1, 0.9999, 0.001>\n"
          << "  pigment { gradient y color_map { [0 rgb " << vec(sz_colour(-1)) << "] [0.5 rgb "
          << vec(sz_colour(0)) << "] [1 rgb " << vec(sz_colour(1)) << "] } }\n"
          << "  finish { emission 1 diffuse 0 } no_shadow\n"
          << "  " << axes(width, 1.2 * h) << " translate " << vec(base) << "\n}\n";
        // Labels only where a TrueType font exists (POV-Ray needs one for text).
        const Vec3 label = base + (1.4 * width) * right;
        const char* fonts[] = {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                               "/usr/share/fonts/truetype/freefont/FreeSans.ttf"};
        s << "#declare Font = \"\";\n";
        for (const char* font : fonts)
            s << "#if (strlen(Font) = 0 & file_exists(\"" << font << "\")) #declare Font = \""
              << font << "\"; #end\n";
        s << "#macro Label(T, P) text { ttf Font T 0.01, 0 " << axes(0.07 * h, 0.07 * h)
          << " translate P pigment { rgb 0 } finish { emission 1 diffuse 0 } no_shadow } #end\n"
          << "#if (strlen(Font) > 0)\n"
          << "  Label(\"+1\", " << vec(label + (1.2 * h - 0.02 * h) * up) << ")\n"
          << "  Label(\"0\", " << vec(label + (0.6 * h - 0.02 * h) * up) << ")\n"
          << "  Label(\"-1\", " << vec(label - (0.02 * h) * up) << ")\n"
          << "  Label(\"" << (f.macro_cells() ? "m_z" : "s_z") << "\", "
          << vec(base + (1.27 * h) * up) << ")\n"
          << "#end\n";
    }
    return s.str();
}

void render_povray(const std::string& scene, const std::string& png, const PovOptions& o) {
    const std::string log = png + ".log";
    std::vector<std::string> args = {"povray",
                                     "+I" + scene,
                                     "+O" + png,
                                     "+W" + std::to_string(o.width),
                                     "+H" + std::to_string(o.height),
                                     "+A0.3",
                                     "+FN",
                                     "-D",
                                     "-V",
                                     "-P"};
    std::vector<char*> argv;
    for (std::string& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, "povray", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0)
        throw Error("--render: cannot run povray (" + std::string(std::strerror(rc)) +
                    "); install it with 'apt-get install povray'");
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::ifstream in(log);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (text.size() > 2000) text = text.substr(text.size() - 2000);
        throw Error("povray failed on " + scene + " (its output is in " + log + "):\n" + text);
    }
    std::remove(log.c_str());
}

}  // namespace miniasd::convert
