// What a view's tables span, for whoever copies them elsewhere (a GPU, src/gpu/): each kernel
// header has a host-only for_each_table(view, extents, f) that calls f(pointer, count) for every
// array its view points into, with the element count; f may set the pointer to a copy of the
// array (the device's), so the same view type serves the host and the device. Counts not held by
// the view are read from its tables here (host memory), every one before the first call of f:
// after it a pointer may be the device's, which the host cannot read (the emulated device checks
// this, gpu_integrator.cpp), so the view stays what the kernels read.
#pragma once

#include <cstdint>

namespace miniasd::kernels {

struct TableExtents {
    std::int64_t n_owned = 0;
    std::int64_t n_storage = 0;  // local atoms and the null atom: per-atom arrays' length
    int width = 0;               // the system's neighbour table's columns
    int materials = 0;
};

// The tables of a view of bonds in compressed rows (start[n_owned + 1], bonds, material, inv_mu:
// DMI, biquadratic): the bonds' count is the rows' end.
template <typename View, typename F>
void for_each_row_table(View& v, const TableExtents& e, F&& f) {
    const std::int64_t bonds = v.start[e.n_owned];
    f(v.start, e.n_owned + 1);
    f(v.bonds, bonds);
    f(v.material, e.n_storage);
    f(v.inv_mu, e.materials);
}

}  // namespace miniasd::kernels
