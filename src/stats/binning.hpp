// The blocking (binning) analysis of one series of samples, kept as the samples come: level l
// holds the sums of the means of consecutive blocks of 2^l samples (Flyvbjerg and Petersen,
// J. Chem. Phys. 91, 461 (1989)). Correlated samples make the error of the mean estimated from
// blocks of b samples grow with b until b is well beyond the correlation time; the plateau is the
// true error, and its ratio to the naive one gives the integrated autocorrelation time.
// 40 levels: 2^40 samples, beyond any run. Sums in sample order: the same samples give the same
// bits on any decomposition and across a checkpoint.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace miniasd {

class Binning {
  public:
    static constexpr int levels = 40;
    static constexpr int min_blocks = 32;  // a level counts with this many blocks (error ~ 13 %)
    static constexpr std::size_t saved_numbers = 5 * levels;

    void add(double x);
    // Standard error of the mean: the largest over the levels with at least min_blocks blocks
    // (the plateau, or the closest to it the samples reach); 0 with too few samples.
    double error_of_mean() const;
    // Integrated autocorrelation time in samples (0.5 for independent samples): the plateau's
    // variance of the mean against that of independent samples; 0 when unknown.
    double tau() const;
    // Whether the analysis reached its plateau: a level of blocks of at least 4 tau samples
    // holds min_blocks blocks (the samples span 128 tau or more).
    bool converged() const;

    void save(std::vector<double>& out) const;  // saved_numbers values
    void load(const double* in);

  private:
    struct Level {
        double n = 0, s = 0, s2 = 0;  // block means received: count, sum, sum of squares
        double pending = 0;           // a block mean waiting for its partner
        bool has_pending = false;
    };
    double error_at(int level) const;  // < 0 when the level has fewer than min_blocks blocks
    std::array<Level, levels> level_{};
};

}  // namespace miniasd
