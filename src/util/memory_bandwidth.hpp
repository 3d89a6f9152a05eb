// The memory bandwidth this rank's cores sustain, measured with a STREAM-style triad: the yardstick
// of the roofline in the run report (how close the step's bytes per second come to what the
// memory delivers) and of the throughput benchmark. Measured with every rank of the job at once
// (the caller's barrier), each rank with its own threads, so each core gets its share of a node
// that is busy the way the run kept it busy.
#pragma once

#include <cstddef>

namespace miniasd {

// Best of `repeats` triads a[i] = b[i] + s c[i] over three arrays of `elements` doubles (far
// larger than the caches), split among `threads` OpenMP threads (0: the rank's own count). Bytes
// moved per second by the rank: 32 per element (two reads, a write and the write's allocate), the
// traffic model's way of counting (integrate/heun_traffic.hpp); STREAM would print 24/32 of it.
double triad_bytes_per_s(std::size_t elements = std::size_t(1) << 22, int repeats = 5,
                         int threads = 0);

// The triad's array length for one of `ranks_on_node` ranks measuring at once: the node's arrays
// together four times its last-level cache (sysconf's level-3 size; 32 MiB where unknown), so
// the triad streams from memory, each array between 4 and 32 MiB. A rank alone on this
// machine's 32 MiB cache takes 3 x 32 MiB for the moment of the measurement; one of 128 ranks on
// a node with 256 MiB of cache, 3 x 4 MiB.
std::size_t triad_elements(int ranks_on_node);

// When the run report measures it (MINIASD_MEASURE_BANDWIDTH): after a time loop of 10 s or more,
// always, or never. Another value throws an Error naming the variable; the run asks at start-up,
// so a misspelling ends it before the time loop, not after.
enum class BandwidthPolicy { long_loops, always, never };
BandwidthPolicy bandwidth_policy();

}  // namespace miniasd
