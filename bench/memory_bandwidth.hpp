// The machine's sustained memory bandwidth, measured with a STREAM-style triad on one core, so
// benchmark numbers can be read against what the memory system can deliver.
#pragma once

#include <algorithm>
#include <chrono>
#include <vector>

namespace miniasd::bench {

// Best of `repeats` triads a[i] = b[i] + s c[i] over arrays far larger than the caches.
// Returns GB/s counting 24 bytes per element (two reads and a write).
inline double triad_bandwidth_gbs(std::size_t elements = std::size_t(1) << 25, int repeats = 5) {
    std::vector<double> a(elements, 0.0), b(elements, 1.0), c(elements, 2.0);
    double best = 0;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < elements; ++i)
            a[i] = b[i] + 1.5 * c[i];
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        best = std::max(best, 24.0 * double(elements) / s / 1e9);
        b[r % elements] = a[(r * 7) % elements];  // keep the loop from being optimised away
    }
    return best;
}

}  // namespace miniasd::bench
