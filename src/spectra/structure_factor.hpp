// The dynamical structure factor S^ab(q, f) of a run (the structure-factor: keywords), sampled
// during the time loop and distributed over the ranks: at each sample every rank forms the
// Fourier sums of its own atoms at every wave vector (fourier_sums.hpp: exact sums), one
// reduce-scatter gives each rank the whole sums of its share of the wave vectors, and that rank
// keeps their time series and transforms them in time (spectra.hpp) with no further
// communication. The files are the same bytes on any number of ranks and threads.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "parallel/comm.hpp"
#include "spectra/fourier_sums.hpp"
#include "spectra/spectra.hpp"
#include "spectra/structure_factor_section.hpp"
#include "spectra/wave_vectors.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

class StructureFactor {
  public:
    // Collective. The wave vectors of `s` on the lattice (a q-points file is read on rank 0 and
    // broadcast; Error on every rank naming the file for a bad one); `counted[m]`: whether
    // material m's atoms count (magnetic), `atoms` of them in the system; `time_step` (s) of the
    // run.
    StructureFactor(const StructureFactorSection& s, double time_step, const Lattice& l,
                    const LocalSystem& sys, const std::vector<char>& counted, std::int64_t atoms,
                    const parallel::Comm& comm);
    ~StructureFactor();

    // Collective: one sample of the spins (owned atoms current).
    void sample(const Spins& spins);
    std::int64_t taken() const { return spectra_->taken(); }
    std::int64_t needed() const { return settings_.samples * settings_.averages; }
    bool complete() const { return spectra_->complete(); }

    // Collective. Writes the spectra and the static structure factor to `spectra` and `statics`
    // (rank 0's; null elsewhere: text not asked for, or not writing files), and on rank 0 the
    // HDF5 file `hdf5` unless it is "", with S multiplied by the quantum correction at
    // `temperature` (K) when the input asks for it. Returns rank 0's HDF5 failure, or "".
    std::string write(std::FILE* spectra, std::FILE* statics, const std::string& hdf5,
                      double temperature) const;
    // Collective: the sums of every wave vector (what write() writes), on rank 0, or on every
    // rank with `everywhere` (tests).
    struct SpectraTable table(double temperature, bool everywhere) const;

    // Collective: the state a checkpoint keeps (every rank's share, on rank 0; "" elsewhere),
    // and its restoration from one such text, given on rank 0 (any rank count: rank 0 sends
    // each rank its own wave vectors). Throws Error on every rank for one of another structure
    // factor (other wave vectors, samples or sampling) or a damaged one.
    std::string saved() const;
    void restore(const std::string& saved);

    // "54 wave vectors on a path, 256 samples every 10 steps (5 fs) x 1 spectrum, hann window"
    std::string describe() const;
    std::size_t wave_vectors() const { return waves_.hkl.size(); }
    // Bytes a rank holds per wave vector it owns (series and sums) and per wave vector of the
    // whole list (the Fourier sums every rank sends), for the memory estimate.
    static double bytes_per_owned(std::int64_t samples);
    static constexpr double bytes_per_listed = 6 * 8 * 2;
    bool through_grid() const { return grid_route_; }
    // The cost model: whether the full grid's FFT (spectra/grid_sums.hpp) costs less than the
    // direct sums at all its wave vectors, for `atoms` atoms on `l`.
    static bool grid_is_cheaper(const Lattice& l, std::int64_t atoms);

  private:
    // Collective: `mine` (`each` doubles per owned wave vector) from every rank, in the wave
    // vectors' order.
    std::vector<double> in_wave_vector_order(const std::vector<double>& mine, std::size_t each,
                                             bool everywhere) const;
    // A digest of the wave vectors and the sampling, kept with the saved state.
    std::uint64_t fingerprint() const;
    StructureFactorSection settings_;
    double dt_sample_;  // s
    WaveVectors waves_;
    std::vector<Vec3> directions_;  // unit Cartesian q of every wave vector (zero at q = 0)
    parallel::Comm comm_;
    std::int64_t atoms_;
    std::vector<int> counts_;          // doubles of the scattered sums per rank (6 per wave vector)
    std::vector<std::int64_t> owned_;  // this rank's wave vectors, in its spectra's order
    bool grid_route_ = false;          // the grid's FFT, not the direct sums
    std::unique_ptr<FourierSums> sums_;
    std::unique_ptr<class GridSums> grid_;
    std::unique_ptr<Spectra> spectra_;
    std::vector<double> local_;
};

// The text files' writers (structure_factor_output.cpp), on every wave vector's sums in order
// (spectra.hpp's layout).
struct SpectraTable {
    const WaveVectors* waves;
    std::vector<Vec3> directions;  // unit Cartesian q (zero at q = 0)
    std::int64_t samples, blocks, atoms;
    double dt_ps;
    SpectrumWindow window;
    double temperature;  // K; < 0: no quantum correction
    std::vector<double> spectra, statics;
};
void write_spectra(std::FILE* out, const SpectraTable& t);
void write_static_structure_factor(std::FILE* out, const SpectraTable& t);
// The same arrays as HDF5 (structure_factor_hdf5.cpp), by the calling process alone, into
// "<path>.partial" renamed to `path` when complete; "" or what failed.
std::string write_spectra_hdf5(const std::string& path, const SpectraTable& t);
// (hf/kT) / (1 - exp(-hf/kT)) at f (THz) and T (K); 1 at f = 0 and for T < 0 (no correction).
double quantum_correction_factor(double f_thz, double temperature);

}  // namespace miniasd
