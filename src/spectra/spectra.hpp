// The time half of a structure factor: one rank's share of the wave vectors, the time series of
// their Fourier sums M^a(q, t_n) (spectra/fourier_sums.hpp), and, block by block of `samples`
// samples, their windowed time transforms multiplied into spectra and summed over the blocks
// (Welch's average, without overlap). Conventions (docs/physics.md, "Spin-wave spectra"):
//
//     X^a(q, f_k) = sum_n w_n M^a(q, t_n) exp(+i 2 pi f_k t_n),   f_k = k / (samples dt)
//     S^ab(q, f_k) = X^a conj(X^b) dt / (N sum_n w_n^2)              (1/THz, dt in ps)
//     S^ab(q)      = sum_n w_n^2 M^a(q, t_n) conj(M^b(q, t_n)) / (N sum_n w_n^2)
//
// so that sum_k S^ab(q, f_k) / (samples dt) = S^ab(q) exactly (Parseval), and a spin wave whose
// S^- goes as exp(i (q.r - 2 pi f t)), f > 0, is a peak at (q, +f). Pure: no MPI.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "dipole/line_fft.hpp"
#include "spectra/structure_factor_section.hpp"
#include "util/vec3.hpp"

namespace miniasd {

// The values summed over blocks, per wave vector and frequency (per wave vector for the static
// ones): the spectra's components and the squares of the four the errors are given for.
namespace spectrum {
enum Sum : int { xx, yy, zz, xy_re, xy_im, xz_re, xz_im, yz_re, yz_im, perp, count };
enum Square : int { xx2 = count, yy2, zz2, perp2, width };
}  // namespace spectrum

// The taper's weights for `samples` samples (DFT-periodic forms).
std::vector<double> spectrum_window(SpectrumWindow w, std::int64_t samples);

class Spectra {
  public:
    // `directions`: the unit Cartesian directions of this rank's wave vectors (zero for q = 0);
    // `atoms`: the counted atoms of the system (N); `dt_ps`: time between samples (ps).
    Spectra(std::vector<Vec3> directions, std::int64_t samples, std::int64_t averages,
            SpectrumWindow window, std::int64_t atoms, double dt_ps);
    ~Spectra();

    // A sample: the Fourier sums of this rank's wave vectors, 6 doubles each (fourier_sums.hpp's
    // layout). The block's spectra are added when it is complete.
    void add(const double* sums);
    std::int64_t taken() const { return taken_; }
    bool complete() const { return taken_ >= samples_ * averages_; }
    std::int64_t blocks() const { return taken_ / samples_; }

    // Sums over the finished blocks: spectra [q][k][spectrum::width], k the transform's index
    // (0 .. samples - 1, negative frequencies from samples / 2 up); static [q][width].
    const std::vector<double>& spectra() const { return spectra_; }
    const std::vector<double>& statics() const { return static_; }

    // Everything a continued run needs, wave vector by wave vector (its series so far, its
    // spectra's and its static sums: state_per_wave_vector doubles each), so that the states
    // of ranks in rank order are every wave vector's in order; and its restoration from that
    // layout (`taken`: the samples it holds).
    std::vector<double> state() const;
    void restore(const double* state, std::int64_t taken);
    std::size_t state_size() const { return dir_.size() * state_per_wave_vector(samples_); }
    static std::size_t state_per_wave_vector(std::int64_t samples) {
        return std::size_t(samples) * (6 + spectrum::width) + spectrum::width;
    }
    std::int64_t samples() const { return samples_; }

  private:
    void finish_block();
    std::vector<Vec3> dir_;
    std::int64_t samples_, averages_, atoms_;
    double dt_ps_;
    std::vector<double> window_;
    double window_sum2_ = 0;
    std::unique_ptr<dipole::LinePlan> plan_;  // the time transform (sign +1) of `samples` values
    std::int64_t taken_ = 0;
    std::vector<double> series_;   // [q][a][n][re, im]
    std::vector<double> spectra_;  // [q][k][width]
    std::vector<double> static_;   // [q][width]
};

}  // namespace miniasd
