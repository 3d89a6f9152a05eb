// What a view's tables span, for whoever copies them elsewhere (a GPU, src/gpu/): each kernel
// header has a host-only for_each_table(view, extents, f) that calls f(pointer, count) for every
// array its view points into, with the element count; f may set the pointer to a copy of the
// array (the device's), so the same view type serves the host and the device. Counts not held by
// the view are read from its tables here (host memory), so the view stays what the kernels read.
#pragma once

#include <cstdint>

namespace miniasd::kernels {

struct TableExtents {
    std::int64_t n_owned = 0;
    std::int64_t n_storage = 0;  // local atoms and the null atom: per-atom arrays' length
    int width = 0;               // the system's neighbour table's columns
    int materials = 0;
};

}  // namespace miniasd::kernels
