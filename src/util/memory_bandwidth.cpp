#include "util/memory_bandwidth.hpp"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>

#include "util/environment.hpp"
#include "util/error.hpp"

namespace miniasd {

double triad_bytes_per_s(std::size_t elements, int repeats, int threads) {
    const int nt = threads > 0 ? threads : omp_get_max_threads();
    // Not std::vector: its constructor would fill the arrays on one thread, and the pages would
    // sit on that thread's memory node. Each thread touches first what it later streams.
    const auto n = static_cast<std::ptrdiff_t>(elements);
    std::unique_ptr<double[]> a(new double[elements]), b(new double[elements]),
        c(new double[elements]);
#pragma omp parallel for schedule(static) num_threads(nt)
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        a[i] = 0.0;
        b[i] = 1.0;
        c[i] = 2.0;
    }
    double best = 0;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static) num_threads(nt)
        for (std::ptrdiff_t i = 0; i < n; ++i)
            a[i] = b[i] + 1.5 * c[i];
        const double s =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (s > 0) best = std::max(best, 32.0 * double(elements) / s);
        b[r % n] = a[(r * 7) % n];  // keeps the loop from being optimised away
    }
    return best;
}

std::size_t triad_elements(int ranks_on_node) {
    const long cache = ::sysconf(_SC_LEVEL3_CACHE_SIZE);
    const double l3 = cache > 0 ? double(cache) : 32.0 * (1 << 20);
    const double per_array = 4.0 * l3 / (3.0 * std::max(1, ranks_on_node));  // bytes
    const double lo = 4.0 * (1 << 20), hi = 32.0 * (1 << 20);
    return static_cast<std::size_t>(std::clamp(per_array, lo, hi) / sizeof(double));
}

BandwidthPolicy bandwidth_policy() {
    const std::optional<std::string> v = environment(EnvVar::measure_bandwidth);
    if (!v) return BandwidthPolicy::long_loops;
    if (*v == "always") return BandwidthPolicy::always;
    if (*v == "never") return BandwidthPolicy::never;
    throw Error("MINIASD_MEASURE_BANDWIDTH = '" + *v + "': expected always or never");
}

}  // namespace miniasd
