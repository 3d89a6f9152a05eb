#include "stats/accumulator.hpp"

#include "util/units.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace miniasd {

namespace {
void add_to(Moments& a, const Moments& b) {
    a.n += b.n;
    a.s1 += b.s1;
    a.s2 += b.s2;
    a.s4 += b.s4;
}
}  // namespace

void Accumulator::reset(std::size_t series, std::int64_t expected_samples) {
    series_ = series;
    expected_ = expected_samples;
    count_ = 0;
    blocks_.assign(series * (expected_samples > 0 ? max_blocks : 1), Moments{});
    totals_.assign(series, Moments{});
    binning_.assign(series, Binning{});
}

void Accumulator::add(const std::vector<double>& x) {
    // Samples beyond the expected number (a longer phase than announced) go to the last block.
    const std::int64_t block =
        expected_ > 0 ? std::min<std::int64_t>(max_blocks - 1, count_ * max_blocks / expected_) : 0;
    Moments* b = &blocks_[static_cast<std::size_t>(block) * series_];
    for (std::size_t k = 0; k < series_ && k < x.size(); ++k) {
        const double v = x[k], v2 = v * v;
        for (Moments* m : {&b[k], &totals_[k]}) {
            m->n += 1;
            m->s1 += v;
            m->s2 += v2;
            m->s4 += v2 * v2;
        }
        binning_[k].add(v);
    }
    ++count_;
}

std::vector<double> Accumulator::serialise() const {
    std::vector<double> v = {double(series_), double(expected_), double(count_)};
    for (const Moments& m : blocks_)
        v.insert(v.end(), {m.n, m.s1, m.s2, m.s4});
    for (const Moments& m : totals_)
        v.insert(v.end(), {m.n, m.s1, m.s2, m.s4});
    for (const Binning& b : binning_)
        b.save(v);
    return v;
}

void Accumulator::restore(const std::vector<double>& v) {
    if (v.size() < 3 || (v.size() - 3) % 4 != 0) throw std::invalid_argument("accumulator size");
    const auto series = static_cast<std::size_t>(v[0]);
    const auto expected = static_cast<std::int64_t>(v[1]);
    const std::size_t rows = (v.size() - 3) / 4;
    const std::size_t blocks = series * (expected > 0 ? max_blocks : 1);
    const std::size_t binning_rows = series * Binning::saved_numbers / 4;
    const bool with_binning = rows == blocks + series + binning_rows;
    if (double(series) != v[0] || expected < 0 ||
        (rows != blocks && rows != blocks + series && !with_binning))
        throw std::invalid_argument("accumulator layout");
    series_ = series;
    expected_ = expected;
    count_ = static_cast<std::int64_t>(v[2]);
    auto row = [&](std::size_t r) {
        return Moments{v[3 + 4 * r], v[4 + 4 * r], v[5 + 4 * r], v[6 + 4 * r]};
    };
    blocks_.resize(blocks);
    for (std::size_t b = 0; b < blocks; ++b)
        blocks_[b] = row(b);
    totals_.assign(series, Moments{});
    binning_.assign(series, Binning{});
    for (std::size_t k = 0; k < series; ++k) {
        if (with_binning)
            binning_[k].load(&v[3 + 4 * (blocks + series) + k * Binning::saved_numbers]);
        if (rows >= blocks + series) {
            totals_[k] = row(blocks + k);
        } else {  // an older layout: the sums of the blocks
            for (std::size_t b = 0; b * series < blocks; ++b)
                add_to(totals_[k], blocks_[b * series + k]);
        }
    }
}

bool Accumulator::widen(std::size_t series) {
    if (series <= series_) return false;
    std::vector<Moments> blocks;
    for (std::size_t b = 0; b * series_ < blocks_.size(); ++b) {
        blocks.insert(blocks.end(), blocks_.begin() + std::ptrdiff_t(b * series_),
                      blocks_.begin() + std::ptrdiff_t((b + 1) * series_));
        blocks.resize(blocks.size() + (series - series_));
    }
    if (series_ == 0) blocks.assign(series * (expected_ > 0 ? max_blocks : 1), Moments{});
    blocks_ = std::move(blocks);
    totals_.resize(series);
    binning_.resize(series);
    series_ = series;
    return true;
}

Moments Accumulator::total(std::size_t k) const {
    return k < totals_.size() ? totals_[k] : Moments{};
}

Estimate Accumulator::estimate(std::size_t k,
                               const std::function<double(const Moments&)>& f) const {
    Estimate e;
    e.value = f(total(k));
    e.error = jackknife(k, f);
    // The jackknife's 10 blocks give the error's shape (f against the mean, from the same
    // blocks); the binning analysis, over many more blocks, its scale: the error of the mean.
    // When the binning has not reached its plateau (a run too short for the correlation) it
    // only widens.
    const double of_mean = jackknife(k, [](const Moments& m) { return m.mean(); });
    if (of_mean > 0 && k < binning_.size()) {
        const double ratio = binning_[k].error_of_mean() / of_mean;
        if (ratio > 0 && (binning_[k].converged() || ratio > 1)) e.error *= ratio;
    }
    return e;
}

bool Accumulator::errors_trustworthy(std::size_t k) const {
    if (k >= binning_.size()) return false;
    const double per_block = double(count_) / max_blocks;
    return binning_[k].converged() && per_block >= 20 * binning_[k].tau();
}

double Accumulator::jackknife(std::size_t k, const std::function<double(const Moments&)>& f) const {
    const Moments all = total(k);
    std::vector<double> leave_one_out;
    for (std::size_t b = 0; b * series_ < blocks_.size(); ++b) {
        const Moments& block = blocks_[b * series_ + k];
        if (block.n == 0 || block.n == all.n) continue;
        Moments rest{all.n - block.n, all.s1 - block.s1, all.s2 - block.s2, all.s4 - block.s4};
        leave_one_out.push_back(f(rest));
    }
    const double nb = double(leave_one_out.size());
    if (nb < 2) return 0.0;
    double mean = 0;
    for (double v : leave_one_out)
        mean += v / nb;
    double ss = 0;
    for (double v : leave_one_out)
        ss += (v - mean) * (v - mean);
    return std::sqrt((nb - 1) / nb * ss);
}

// The response functions of the fluctuations (docs/physics.md, "Statistics").
double susceptibility(const Moments& m, double total_moment, double temperature) {
    return temperature > 0 ? total_moment * m.variance() / (constants::boltzmann * temperature)
                           : 0.0;
}

double specific_heat(const Moments& e, std::int64_t atoms, double temperature) {
    const double kt = constants::boltzmann * temperature;
    return temperature > 0 ? double(atoms) * e.variance() / (kt * kt) : 0.0;
}

double binder_cumulant(const Moments& m) {
    const double m2 = m.mean2();
    return m2 > 0 ? 1.0 - m.mean4() / (3.0 * m2 * m2) : 0.0;
}

}  // namespace miniasd
