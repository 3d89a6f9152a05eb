// The dynamical structure factor's settings (the structure-factor: keywords, miniASD's own;
// spectra/structure_factor.hpp): a configuration section (input/section.hpp), read from the
// keywords in structure_factor_keywords.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "system/system_settings.hpp"
#include "util/enum_words.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

// The taper each spectrum's samples are weighted by before the time transform (DFT-periodic
// forms: the window of Ns samples is one period of its cosine terms).
enum class SpectrumWindow { none, hann, blackman };
inline constexpr EnumWords<SpectrumWindow, 3> spectrum_window_words{{
    {SpectrumWindow::none, "none"},
    {SpectrumWindow::hann, "hann"},
    {SpectrumWindow::blackman, "blackman"},
}};

// How the spatial sums are formed: the cost model's choice, or one of the two routes.
enum class FourierRoute { automatic, direct, fft };
inline constexpr EnumWords<FourierRoute, 3> fourier_route_words{{
    {FourierRoute::automatic, "auto"},
    {FourierRoute::direct, "direct"},
    {FourierRoute::fft, "fft"},
}};

// Which files hold the spectra: the text tables, an HDF5 file of the same arrays, or both.
enum class SpectraFormat { text, hdf5, both };
inline constexpr EnumWords<SpectraFormat, 3> spectra_format_words{{
    {SpectraFormat::text, "text"},
    {SpectraFormat::hdf5, "hdf5"},
    {SpectraFormat::both, "both"},
}};

struct StructureFactorSection {
    // The wave vectors, in reciprocal lattice units of the conventional cell (h, k, l): the
    // corners of a path (the grid's points on its segments), or a file's list, or the whole
    // grid of the box. At most one of the three; none: no structure factor.
    std::vector<Vec3> path;
    std::string path_text;    // as given (describe() writes it back)
    std::string points_file;  // absolute, or relative to the working directory
    bool full_grid = false;
    std::int64_t interval = 10;  // time steps between two samples
    std::int64_t samples = 256;  // samples per spectrum
    std::int64_t averages = 1;   // spectra averaged (consecutive blocks of samples)
    SpectrumWindow window = SpectrumWindow::hann;
    bool quantum_correction = false;  // detailed-balance factor at output
    FourierRoute route = FourierRoute::automatic;
    SpectraFormat format = SpectraFormat::text;
    bool enabled() const { return !path.empty() || !points_file.empty() || full_grid; }
    MINIASD_FIELDS(path, path_text, points_file, full_grid, interval, samples, averages, window,
                   quantum_correction, route, format);
};
MINIASD_SIZE_GUARD(StructureFactorSection, 136);

struct StructureFactorSettings : virtual SystemSettings {
    StructureFactorSection structure_factor;
};

SectionOf<StructureFactorSettings> structure_factor_section();  // structure_factor_keywords.cpp

// "0,0,0 1,0,0 0.5,0.5,0": the corners of a path; throws std::invalid_argument saying what is
// wrong with the text.
std::vector<Vec3> parse_q_path(const std::string& text);

}  // namespace miniasd
