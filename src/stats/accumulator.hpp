// Running sums of sampled quantities ("series": |m|, energy, ...) for the mean-* columns and for
// the programs' per-point results. Each series keeps sums of x, x^2 and x^4, so a mean, a
// fluctuation (susceptibility, specific heat) and a Binder cumulant all come from the same sums.
// The samples are split into a fixed number of consecutive blocks, so every derived quantity also
// gets a statistical error from a jackknife over blocks (blocking absorbs the correlation between
// successive samples as long as a block is longer than the correlation time). The sums over all
// samples are kept apart from the blocks, added in sample order: the block sizes follow the
// expected number of samples, which a continued run may change (more sim:total-time-steps), and
// the mean-* columns must not depend on it in any bit.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "stats/binning.hpp"

namespace miniasd {

// Sums over a set of samples of one series.
struct Moments {
    double n = 0;   // samples
    double s1 = 0;  // sum x
    double s2 = 0;  // sum x^2
    double s4 = 0;  // sum x^4

    double mean() const { return n > 0 ? s1 / n : 0.0; }
    double mean2() const { return n > 0 ? s2 / n : 0.0; }
    double mean4() const { return n > 0 ? s4 / n : 0.0; }
    double variance() const { return mean2() - mean() * mean(); }  // <x^2> - <x>^2
};

struct Estimate {
    double value = 0;
    // Jackknife standard error over the blocks, scaled by the binning analysis (below); 0 with
    // fewer than two blocks.
    double error = 0;
};

class Accumulator {
  public:
    static constexpr int max_blocks = 10;

    // Starts afresh for `series` quantities. With `expected_samples` > 0 the samples are dealt
    // into max_blocks consecutive blocks of (nearly) equal size, so errors can be estimated;
    // with 0 every sample goes to one block.
    void reset(std::size_t series, std::int64_t expected_samples);
    // One sample: x[k] is the value of series k.
    void add(const std::vector<double>& x);

    // The whole state as numbers (series, expected samples, count, then n s1 s2 s4 of every
    // block, then of every series' total, then every series' binning), exact as doubles, for a
    // checkpoint; restore() throws std::invalid_argument when the numbers do not describe an
    // accumulator. It also reads the layout without totals and binning (checkpoints of run-state
    // version 2 and older): the totals are then the sums of the blocks, the binning empty.
    std::vector<double> serialise() const;
    void restore(const std::vector<double>& v);

    // Adds empty series up to `series` in all (none when it has as many): a checkpoint written
    // before a series existed continues with it, averaged over the samples from then on.
    // Returns whether any was added.
    bool widen(std::size_t series);

    std::int64_t count() const { return count_; }
    std::size_t series() const { return series_; }
    Moments total(std::size_t k) const;
    // f of the series' moments over all samples, with its jackknife error over the blocks,
    // scaled so that the error of the mean is the binning analysis's (binning.hpp): the blocks
    // absorb the correlation between samples only when they are much longer than it, and 10
    // blocks give an error only to about 25 %. Before the binning reaches its plateau (a run
    // too short for its correlation) the scale only widens.
    Estimate estimate(std::size_t k, const std::function<double(const Moments&)>& f) const;
    // The integrated autocorrelation time of series k, in samples (binning.hpp), and whether
    // the run is long enough to trust the errors: its error blocks hold at least 20 tau samples
    // and the binning analysis reached its plateau.
    double tau(std::size_t k) const { return k < binning_.size() ? binning_[k].tau() : 0.0; }
    bool errors_trustworthy(std::size_t k) const;

  private:
    std::size_t series_ = 0;
    std::int64_t expected_ = 0, count_ = 0;
    std::vector<Moments> blocks_;   // [block * series_ + k]
    std::vector<Moments> totals_;   // [k]: every sample, summed in sample order
    std::vector<Binning> binning_;  // [k]
    double jackknife(std::size_t k, const std::function<double(const Moments&)>& f) const;
};

// From a series' moments: the susceptibility chi = mu_total var(|m|) / (k_B T) in 1/T (mu_total
// in J/T), the specific heat per atom in units of k_B, N var(e) / (k_B T)^2 (e the energy per
// atom in J, N atoms), and the Binder cumulant U4 = 1 - <m^4> / (3 <m^2>^2). Each is 0 at
// T = 0 (U4 when <m^2> = 0).
double susceptibility(const Moments& m, double total_moment, double temperature);
double specific_heat(const Moments& e, std::int64_t atoms, double temperature);
double binder_cumulant(const Moments& m);

}  // namespace miniasd
