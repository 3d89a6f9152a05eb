// Which periodic images the exact dipolar sum takes, from the box's periodic axes, and the lengths
// of the transforms that give it: the cells themselves along a periodic axis (the circular
// convolution is the sum over the images) and fft_size(2 n - 1) along an open one (zero padding:
// the open-boundary sum, exactly).
#pragma once

#include <array>
#include <cstdint>

#include "dipole/line_fft.hpp"

namespace miniasd::dipole {

enum class Images {
    none,         // open along every axis: the pair sum
    film,         // periodic along x and y, open along z: the two-dimensional Ewald sum
    bulk,         // periodic along x, y and z: the three-dimensional Ewald sum
    unsupported,  // any other mix (a wire, a film periodic along z): refused by the input checks
};

inline Images images_of(const std::array<bool, 3>& periodic) {
    const int count = int(periodic[0]) + int(periodic[1]) + int(periodic[2]);
    if (count == 0) return Images::none;
    if (count == 3) return Images::bulk;
    if (count == 2 && !periodic[2]) return Images::film;
    return Images::unsupported;
}

inline std::array<int, 3> transform_lengths(const std::array<std::int64_t, 3>& cells,
                                            const std::array<bool, 3>& periodic) {
    const Images images = images_of(periodic);
    std::array<int, 3> p{};
    for (int a = 0; a < 3; ++a) {
        const bool circular = images == Images::bulk || (images == Images::film && a < 2);
        p[a] = circular ? static_cast<int>(cells[a]) : fft_size(2 * cells[a] - 1);
    }
    return p;
}

}  // namespace miniasd::dipole
