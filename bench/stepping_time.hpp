// The seconds a Simulation has spent stepping (its field, halo and integrate timers, Monte Carlo's
// trials, or on a GPU its device kernels, and the halo), shared by the throughput benchmarks so
// they time the same phases.
#pragma once

#include "util/timers.hpp"

namespace miniasd::bench {

inline double stepping_seconds(const Timers& t) {
    double s = 0;
    for (const char* name : {"field", "halo", "integrate", "monte-carlo", "gpu step"})
        if (t.find(name) >= 0) s += t.seconds(t.find(name));
    return s;
}

}  // namespace miniasd::bench
