// The structure factor as HDF5 (structure-factor:file-format = hdf5 or both; docs/output.md): the
// text file's arrays for grids too large to read as text, written by rank 0 alone (serial HDF5
// calls on one process) into "<name>.partial" and renamed when complete, so a file of that name
// is always whole.
#include <hdf5.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "spectra/structure_factor.hpp"

namespace miniasd {

namespace {

// Closes an HDF5 handle when it goes out of scope.
struct Handle {
    hid_t id;
    herr_t (*close)(hid_t);
    ~Handle() {
        if (id >= 0) close(id);
    }
};

bool write_array(hid_t file, const char* name, const std::vector<hsize_t>& dims,
                 const std::vector<double>& values, const char* unit) {
    const Handle space{H5Screate_simple(int(dims.size()), dims.data(), nullptr), H5Sclose};
    const Handle set{
        H5Dcreate2(file, name, H5T_IEEE_F64LE, space.id, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
        H5Dclose};
    if (space.id < 0 || set.id < 0) return false;
    if (H5Dwrite(set.id, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0)
        return false;
    const Handle text{H5Tcopy(H5T_C_S1), H5Tclose};
    H5Tset_size(text.id, std::string(unit).size() + 1);
    const Handle scalar{H5Screate(H5S_SCALAR), H5Sclose};
    const Handle attribute{H5Acreate2(set.id, "unit", text.id, scalar.id, H5P_DEFAULT, H5P_DEFAULT),
                           H5Aclose};
    return attribute.id >= 0 && H5Awrite(attribute.id, text.id, unit) >= 0;
}

bool write_attribute(hid_t file, const char* name, double value) {
    const Handle scalar{H5Screate(H5S_SCALAR), H5Sclose};
    const Handle a{H5Acreate2(file, name, H5T_IEEE_F64LE, scalar.id, H5P_DEFAULT, H5P_DEFAULT),
                   H5Aclose};
    return a.id >= 0 && H5Awrite(a.id, H5T_NATIVE_DOUBLE, &value) >= 0;
}

}  // namespace

std::string write_spectra_hdf5(const std::string& path, const SpectraTable& t) {
    using namespace spectrum;
    const std::size_t nq = t.waves->hkl.size(), ns = std::size_t(t.samples);
    const double blocks = double(t.blocks);
    std::vector<double> hkl, distance, frequency(ns), s(nq * ns * 4), error(nq * ns * 4),
        off(nq * ns * 6), st(nq * 4), st_error(nq * 4);
    for (std::size_t q = 0; q < nq; ++q) {
        hkl.insert(hkl.end(), t.waves->hkl[q].begin(), t.waves->hkl[q].end());
        distance.push_back(t.waves->distance[q] * 1e-10);
    }
    const int comps[4] = {xx, yy, zz, perp}, squares[4] = {xx2, yy2, zz2, perp2};
    auto mean_error = [&](const double* sums, int i, double& mean, double& err) {
        mean = sums[comps[i]] / blocks;
        const double var =
            blocks > 1
                ? std::max(0.0, (sums[squares[i]] / blocks - mean * mean) * blocks / (blocks - 1))
                : std::nan("");
        err = std::sqrt(var / blocks);
    };
    for (std::size_t j = 0; j < ns; ++j) {  // frequencies from the most negative up
        const std::int64_t m = std::int64_t(j) - t.samples / 2;
        const std::size_t k = std::size_t((m + t.samples) % t.samples);
        frequency[j] = double(m) * (1.0 / (double(t.samples) * t.dt_ps));  // as the text's
        const double c = quantum_correction_factor(frequency[j], t.temperature);
        for (std::size_t q = 0; q < nq; ++q) {
            const double* sums = t.spectra.data() + (q * ns + k) * width;
            for (int i = 0; i < 4; ++i)
                mean_error(sums, i, s[(q * ns + j) * 4 + std::size_t(i)],
                           error[(q * ns + j) * 4 + std::size_t(i)]);
            for (std::size_t i = 0; i < 4; ++i) {
                s[(q * ns + j) * 4 + i] *= c;
                error[(q * ns + j) * 4 + i] *= c;
            }
            std::size_t o = 0;
            for (int i : {xy_re, xy_im, xz_re, xz_im, yz_re, yz_im})
                off[(q * ns + j) * 6 + o++] = sums[i] / blocks * c;
        }
    }
    for (std::size_t q = 0; q < nq; ++q)
        for (int i = 0; i < 4; ++i)
            mean_error(t.statics.data() + q * width, i, st[q * 4 + std::size_t(i)],
                       st_error[q * 4 + std::size_t(i)]);
    const std::string partial = path + ".partial";
    bool ok;
    {
        const Handle file{H5Fcreate(partial.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT),
                          H5Fclose};
        if (file.id < 0) return "cannot create '" + partial + "'";
        const hsize_t q = nq, f = ns;
        ok = write_array(file.id, "hkl", {q, 3}, hkl, "reciprocal lattice units") &&
             write_array(file.id, "q_distance", {q}, distance, "1/A") &&
             write_array(file.id, "frequency", {f}, frequency, "THz") &&
             write_array(file.id, "S", {q, f, 4}, s, "1/THz; xx, yy, zz, perp") &&
             write_array(file.id, "S_error", {q, f, 4}, error, "1/THz; xx, yy, zz, perp") &&
             write_array(file.id, "S_offdiagonal", {q, f, 6}, off,
                         "1/THz; xy re, xy im, xz re, xz im, yz re, yz im") &&
             write_array(file.id, "S_static", {q, 4}, st, "1; xx, yy, zz, perp") &&
             write_array(file.id, "S_static_error", {q, 4}, st_error, "1; xx, yy, zz, perp") &&
             write_attribute(file.id, "atoms", double(t.atoms)) &&
             write_attribute(file.id, "sample_interval_ps", t.dt_ps) &&
             write_attribute(file.id, "spectra_averaged", blocks) &&
             write_attribute(file.id, "temperature_of_quantum_correction_K", t.temperature);
        ok = ok && H5Fflush(file.id, H5F_SCOPE_GLOBAL) >= 0;
    }
    if (!ok) return "writing '" + partial + "' failed";
    if (std::rename(partial.c_str(), path.c_str()) != 0)
        return "renaming '" + partial + "' to '" + path + "' failed";
    return "";
}

}  // namespace miniasd
