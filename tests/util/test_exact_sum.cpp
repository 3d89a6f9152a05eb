// ExactSum: the total does not depend on the order or grouping of the terms, and it is the exact
// sum rounded to double.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "util/exact_sum.hpp"

using miniasd::ExactSum;

namespace {

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Terms spanning the magnitudes the statistics sum: moments, energies and their squares.
std::vector<double> mixed_terms(std::size_t n, unsigned seed) {
    std::mt19937_64 g(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<double> x(n);
    const double scales[] = {1.0, 2e-23, 7e-21, 3e-42, 1e6};
    for (std::size_t i = 0; i < n; ++i)
        x[i] = u(g) * scales[i % 5];
    return x;
}

}  // namespace

TEST(ExactSum, OrderAndGroupingDoNotChangeTheTotal) {
    std::vector<double> x = mixed_terms(20000, 1);
    ExactSum ref;
    for (double v : x)
        ref.add(v);
    std::mt19937 g(2);
    double naive_first = 0;
    for (double v : x)
        naive_first += v;
    bool naive_differed = false;
    for (int trial = 0; trial < 5; ++trial) {
        std::shuffle(x.begin(), x.end(), g);
        // Split into uneven groups, as ranks and threads would, then add the groups.
        ExactSum total;
        std::size_t start = 0;
        for (std::size_t len : {7u, 1000u, 3u, 12000u, 6990u}) {
            ExactSum part;
            for (std::size_t i = start; i < start + len; ++i)
                part.add(x[i]);
            total.add(part);
            start += len;
        }
        EXPECT_TRUE(same_bits(total.value(), ref.value()));
        double naive = 0;
        for (double v : x)
            naive += v;
        naive_differed |= !same_bits(naive, naive_first);
    }
    // The point of the class: plain double sums of these terms do depend on the order.
    EXPECT_TRUE(naive_differed);
}

TEST(ExactSum, TotalIsTheCorrectlyRoundedSum) {
    // 1 + 1e-30 - 1 loses the small term in double arithmetic; the exact sum keeps it.
    ExactSum s;
    s.add(1.0);
    s.add(1e-30);
    s.add(-1.0);
    EXPECT_DOUBLE_EQ(s.value(), 1e-30);
    // Many copies of 0.1 (not representable): the exact sum of the double nearest 0.1, n times.
    ExactSum t;
    for (int i = 0; i < 1000000; ++i)
        t.add(0.1);
    EXPECT_EQ(t.value(), 0.1 * 1e6);  // 0.1 (as a double) * 1e6 rounds to the same double
    ExactSum neg;
    neg.add(-3.5e-21);
    neg.add(-1.25e-21);
    EXPECT_DOUBLE_EQ(neg.value(), -4.75e-21);
}

TEST(ExactSum, PackedSumsOfPartsEqualTheWhole) {
    const std::vector<double> x = mixed_terms(3000, 3);
    ExactSum whole, a, b;
    for (std::size_t i = 0; i < x.size(); ++i) {
        whole.add(x[i]);
        (i < 1234 ? a : b).add(x[i]);
    }
    // What an integer Allreduce does: add the packed digits element-wise.
    std::vector<std::int64_t> pa, pb;
    a.append_to(pa);
    b.append_to(pb);
    ASSERT_EQ(pa.size(), std::size_t(ExactSum::packed_size));
    for (std::size_t k = 0; k < pa.size(); ++k)
        pa[k] += pb[k];
    EXPECT_TRUE(same_bits(ExactSum::from(pa.data()).value(), whole.value()));
}

TEST(ExactSum, NonFiniteTermsMakeTheTotalNaN) {
    ExactSum s;
    s.add(1.0);
    s.add(INFINITY);
    EXPECT_TRUE(std::isnan(s.value()));
    ExactSum empty;
    EXPECT_EQ(empty.value(), 0.0);
}

// ExactDigits, the fixed-size form a device thread runs (no bins): adding the terms one by one,
// in any grouping merged in any tree, gives the bins' total, digit for digit.
TEST(ExactSum, DigitsAloneGiveTheBinnedTotal) {
    std::vector<double> x = mixed_terms(50000, 4);
    x.push_back(3e-80);  // below the digits' lowest bit: truncated alike
    x.push_back(-7e-78);
    ExactSum binned;
    for (const double v : x)
        binned.add(v);
    // 64 "threads" of strided atoms, merged pairwise as a block's tree in shared memory would.
    std::vector<miniasd::ExactDigits> thread(64, miniasd::ExactDigits::zero());
    for (std::size_t i = 0; i < x.size(); ++i)
        thread[i % 64].add(x[i]);
    for (std::size_t half = 32; half > 0; half /= 2)
        for (std::size_t t = 0; t < half; ++t)
            thread[t].add(thread[t + half]);
    const miniasd::ExactDigits want = binned.digits();
    miniasd::ExactDigits got = thread[0];
    got.normalise();
    for (int k = 0; k < miniasd::ExactDigits::limbs; ++k)
        EXPECT_EQ(got.digit[k], want.digit[k]) << "digit " << k;
    EXPECT_TRUE(same_bits(got.value(), binned.value()));
    // A device's digits joined to a CPU sum: the total of both.
    ExactSum half_cpu;
    miniasd::ExactDigits half_device = miniasd::ExactDigits::zero();
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (i % 3 == 0)
            half_device.add(x[i]);
        else
            half_cpu.add(x[i]);
    }
    half_cpu.add(half_device);
    EXPECT_TRUE(same_bits(half_cpu.value(), binned.value()));
    // A term that is not finite makes either form NaN.
    miniasd::ExactDigits bad = miniasd::ExactDigits::zero();
    bad.add(1.0);
    bad.add(NAN);
    EXPECT_TRUE(std::isnan(bad.value()));
}
