// The structure factor's section (structure_factor_section.hpp): the structure-factor: keywords
// (miniASD's own: VAMPIRE computes no spectra). Which programs sample it is the run's check
// (run/config/cross_checks.cpp).
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "spectra/structure_factor_section.hpp"

namespace miniasd {

std::vector<Vec3> parse_q_path(const std::string& text) {
    // Numbers separated by commas, blanks or semicolons, taken three at a time.
    std::vector<std::string> parts;
    std::string part;
    for (char c : text + " ") {
        if (c == ',' || c == ';' || std::isspace(static_cast<unsigned char>(c))) {
            if (!part.empty()) parts.push_back(part);
            part.clear();
        } else {
            part += c;
        }
    }
    if (parts.size() % 3 != 0)
        throw std::invalid_argument("expected corners of three numbers h,k,l each, got " +
                                    std::to_string(parts.size()) + " numbers");
    std::vector<Vec3> corners;
    for (std::size_t i = 0; i < parts.size(); i += 3) {
        Vec3 q{};
        for (std::size_t a = 0; a < 3; ++a) {
            std::size_t used = 0;
            try {
                q[a] = std::stod(parts[i + a], &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == 0 || used != parts[i + a].size() || !std::isfinite(q[a]))
                throw std::invalid_argument("'" + parts[i + a] + "' is not a number");
        }
        corners.push_back(q);
    }
    if (corners.size() < 2)
        throw std::invalid_argument(
            "a path needs at least two corners, each h,k,l (e.g. 0,0,0 1,0,0 0.5,0.5,0)");
    return corners;
}

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<StructureFactorSettings>;
using S = StructureFactorSettings;

void add_wave_vector_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "structure-factor", "q-path", K::text, D::none, 0, 0, "none",
        "corners of a path of wave vectors, h,k,l in reciprocal lattice units of the "
        "conventional cell, separated by blanks (0,0,0 1,0,0 0.5,0.5,0) or semicolons; the "
        "spectrum is taken "
        "at every wave vector of the box's grid (multiples of 1/cells along each axis) that the "
        "straight segments pass, corners included once; corners must lie on the grid",
        [](S& c, const Value& v, const Entry& e) {
            // Lines lose their blanks (VAMPIRE's syntax); the value as written keeps the ones
            // between corners.
            const std::string& text = e.blank_inside_value ? e.written_value : v.text;
            try {
                c.structure_factor.path = parse_q_path(text);
            } catch (const std::invalid_argument& x) {
                entry_error(e, x.what());
            }
            c.structure_factor.path_text = text;
        },
        [](const S& c) {
            return c.structure_factor.path.empty() ? none : word(c.structure_factor.path_text);
        }));
    t.push_back(row(
        "structure-factor", "q-points-file", K::text, D::none, 0, 0, "none",
        "the wave vectors from a file, one 'h k l' per line (reciprocal lattice units of the "
        "conventional cell, any values; # starts a comment); relative paths resolve against the "
        "input file's directory",
        [](S& c, const Value& v, const Entry& e) {
            if (v.text.empty()) entry_error(e, "expected a file name");
            std::filesystem::path p(v.text);
            if (p.is_relative()) p = std::filesystem::path(e.file).parent_path() / p;
            c.structure_factor.points_file = p.string();
        },
        [](const S& c) {
            return c.structure_factor.points_file.empty() ? none
                                                          : word(c.structure_factor.points_file);
        }));
    t.push_back(choice(
        "structure-factor", "q-grid", "full", "none",
        "full: every wave vector of the box's grid, h = 0, 1/nx, ... (nx - 1)/nx and so on "
        "(nx the cells along x): cells x sites spectra",
        [](S& c, const Value&, const Entry&) { c.structure_factor.full_grid = true; },
        [](const S& c) { return c.structure_factor.full_grid ? word("full") : none; }));
}

void add_sampling_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "structure-factor", "sample-interval", K::integer, D::none, 1, 1e9, "10",
        "time steps between two samples of the spins' Fourier sums, from the first step after "
        "sim:equilibration-time-steps: the highest frequency resolved is 1 / (2 x interval x "
        "sim:time-step)",
        [](S& c, const Value& v, const Entry&) { c.structure_factor.interval = v.integer; },
        [](const S& c) {
            return c.structure_factor.interval != 10 ? whole(c.structure_factor.interval) : none;
        }));
    t.push_back(row(
        "structure-factor", "samples", K::integer, D::none, 4, 1e7, "256",
        "samples per spectrum: its frequency resolution is 1 / (samples x interval x "
        "sim:time-step)",
        [](S& c, const Value& v, const Entry&) { c.structure_factor.samples = v.integer; },
        [](const S& c) {
            return c.structure_factor.samples != 256 ? whole(c.structure_factor.samples) : none;
        }));
    t.push_back(row(
        "structure-factor", "averages", K::integer, D::none, 1, 1e6, "1",
        "spectra averaged, each from its own consecutive block of samples (Welch's method "
        "without overlap); their spread gives the error columns (nan for 1). The run must "
        "hold averages x samples x interval time steps after equilibration",
        [](S& c, const Value& v, const Entry&) { c.structure_factor.averages = v.integer; },
        [](const S& c) {
            return c.structure_factor.averages != 1 ? whole(c.structure_factor.averages) : none;
        }));
    t.push_back(enum_choice(
        "structure-factor", "window", spectrum_window_words, SpectrumWindow::hann,
        "the taper of each spectrum's samples before the time transform: hann (leakage falls "
        "fast away from a peak), blackman (faster still, wider peaks), none (the narrowest "
        "peaks, leakage falling as 1/frequency)",
        [](auto& c) -> auto& { return c.structure_factor.window; }));
    t.push_back(enum_choice(
        "structure-factor", "file-format", spectra_format_words, SpectraFormat::text,
        "text: structure-factor and structure-factor-static (a row per wave vector and "
        "frequency); hdf5: structure-factor.h5, the same arrays (hkl, frequency, S[q][f][xx, yy, "
        "zz, perp], errors, off-diagonal, static), for grids too large for text; both",
        [](auto& c) -> auto& { return c.structure_factor.format; }));
    t.push_back(enum_choice(
        "structure-factor", "method", fourier_route_words, FourierRoute::automatic,
        "how each sample's spatial sums are formed: direct (every atom at every wave vector, "
        "phases from per-axis tables: cost atoms x wave vectors), fft (q-grid = full only: the "
        "dipolar field's distributed FFT of each site's spins over the cells, then the sites' "
        "phases), or auto (the cheaper by a count of operations; the start-up line says which)",
        [](auto& c) -> auto& { return c.structure_factor.route; }));
    t.push_back(choice(
        "structure-factor", "quantum-correction", "true|false", "false",
        "true: the spectrum is multiplied by (hf/kT) / (1 - exp(-hf/kT)) at sim:temperature "
        "(detailed balance: energy loss, f > 0, grows; gain shrinks), for comparison with "
        "neutron intensities; the static structure factor is left classical",
        [](S& c, const Value& v, const Entry&) {
            c.structure_factor.quantum_correction = v.text == "true";
        },
        [](const S& c) { return c.structure_factor.quantum_correction ? word("true") : none; }));
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_wave_vector_rows(t);
    add_sampling_rows(t);
}

}  // namespace

SectionOf<StructureFactorSettings> structure_factor_section() {
    return {"structure-factor", add_rows};
}

}  // namespace miniasd
