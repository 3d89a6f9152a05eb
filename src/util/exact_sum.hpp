// An exact, order-independent sum of doubles: the statistics of a run are then bitwise the same
// on any number of ranks and threads (invariant 1 of docs/architecture.md), because integer
// addition does not care how the atoms were grouped.
//
// The total is a fixed-point number of `limbs` 32-bit digits held in int64 (the spare 32 bits
// absorb carries), whose lowest bit weighs 2^lowest_bit (about 1e-77: far below any SI quantity
// the statistics sum, moments ~1e-23 J/T, energies ~1e-21 J, their squared products ~1e-42).
// Terms up to 2^52 in magnitude and totals up to ~1e28 fit. Terms too small for the digits lose
// their bits below 2^lowest_bit one by one (toward zero), which does not depend on the grouping
// either.
//
// Two forms of one arithmetic:
//   ExactDigits: the digits alone (96 bytes), every operation MINIASD_HD: a device thread adds
//     its atoms into one, a block merges them in any tree, and the result is the CPU's.
//   ExactSum: the CPU's accumulator, ExactDigits plus a bin per exponent: a term's 53-bit
//     mantissa goes, as an integer, into the bin for its exponent (one integer add; a bin holds
//     1024 of them without overflow), and the bins are folded into the digits every 1024 terms.
// Both hold the exact total, so value() and the packed digits are the same bits whichever form
// and whatever grouping added the terms.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "util/device.hpp"

namespace miniasd {

struct ExactDigits {
    static constexpr int limbs = 10;
    static constexpr int digit_bits = 32;
    static constexpr int lowest_bit = -256;  // weight of limb 0's lowest bit: 2^-256
    // Exponent field (biased) of the smallest double whose mantissa is a whole multiple of
    // 2^lowest_bit: its lowest mantissa bit weighs 2^(e - 1075).
    static constexpr int first_binned = 1075 + lowest_bit;

    std::int64_t digit[limbs];
    std::int64_t overflow;  // terms that were not finite or too large
    std::int64_t scaled;    // add_scaled calls since the last normalisation

    MINIASD_HD static ExactDigits zero() {
        ExactDigits d;
        for (int i = 0; i < limbs; ++i)
            d.digit[i] = 0;
        d.overflow = d.scaled = 0;
        return d;
    }

    // The signed 53-bit mantissa m and the exponent field e of x (x = m 2^(e - 1075) for normal
    // numbers); false (and counted) for infinities, NaN and |x| >= 2^52.
    MINIASD_HD bool split(double x, std::int64_t& m, int& e) {
        std::uint64_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        e = static_cast<int>((bits >> 52) & 0x7ff);
        if (e >= 1075) {
            ++overflow;
            return false;
        }
        const std::int64_t sign = -static_cast<std::int64_t>(bits >> 63);  // 0 or -1
        const std::int64_t magnitude = static_cast<std::int64_t>(
            (bits & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1) << 52));
        m = (magnitude ^ sign) - sign;  // no branch on the sign
        return true;
    }

    // Adds the mantissa m of exponent field e: at its place in the digits, or, below them, the
    // bits above 2^lowest_bit.
    MINIASD_HD void add_mantissa(std::int64_t m, int e) {
        const int b = e - first_binned;
        if (b >= 0) return add_scaled(m, b);
        const int shift = -b;
        if (shift >= 53) return;  // zero, subnormals and anything below 2^lowest_bit
        add_scaled(m < 0 ? -((-m) >> shift) : m >> shift, 0);
    }

    MINIASD_HD void add(double x) {
        std::int64_t m;
        int e;
        if (split(x, m, e)) add_mantissa(m, e);
    }

    // Merges another sum (a thread's, a block's): any tree of merges gives the same total.
    MINIASD_HD void add(ExactDigits o) {
        o.normalise();
        normalise();
        for (int i = 0; i < limbs; ++i)
            digit[i] += o.digit[i];
        overflow += o.overflow;
        normalise();
    }

    // Adds v 2^(s + lowest_bit) to the digits; s >= 0, |v| < 2^63.
    MINIASD_HD void add_scaled(std::int64_t v, int s) {
        const int k = s / digit_bits, r = s % digit_bits;
        // A multiplication, not a shift: shifting a negative number left is undefined in C++17.
        const __int128 w = static_cast<__int128>(v) * (static_cast<__int128>(1) << r);  // < 2^94
        digit[k] += static_cast<std::int64_t>(w & 0xffffffff);
        digit[k + 1] += static_cast<std::int64_t>((w >> 32) & 0xffffffff);
        digit[k + 2] += static_cast<std::int64_t>(w >> 64);  // |.| < 2^30
        if (++scaled == (std::int64_t(1) << 30)) normalise();
    }

    // Carries moved up: every digit but the top one in [0, 2^32). A total then has one
    // representation, so value() depends on the total alone.
    MINIASD_HD void normalise() {
        for (int i = 0; i + 1 < limbs; ++i) {
            const std::int64_t carry = digit[i] >> digit_bits;  // floor division by 2^32
            digit[i] -= carry * (std::int64_t(1) << digit_bits);
            digit[i + 1] += carry;
        }
        scaled = 0;
    }

    // The total rounded to double (NaN if a term was not finite or too large). Normalises.
    MINIASD_HD double value() {
        normalise();
        if (overflow > 0) return NAN;
        double v = 0;
        for (int i = limbs - 1; i >= 0; --i)
            v += std::ldexp(static_cast<double>(digit[i]), lowest_bit + digit_bits * i);
        return v;
    }
};

class ExactSum {
  public:
    static constexpr int limbs = ExactDigits::limbs;

    ExactSum() : d_(ExactDigits::zero()) {}

    void add(double x) {
        if (place(x) && ++binned_ == 1024) fold();
    }

    // Adds x[0 .. n): add(x[i]) for each, with room in the bins made once per 1023 terms
    // instead of counted per term. (Summing windows of nearby exponents as integers in vector
    // loops was measured slower on the chain of images' terms, which spread over many
    // exponents: docs/performance.md, "Energy barriers".)
    void add(const double* x, std::int64_t n) {
        constexpr std::int64_t room = 1023;
        for (std::int64_t start = 0; start < n; start += room) {
            const std::int64_t len = n - start < room ? n - start : room;
            if (binned_ + len >= 1024) fold();
            binned_ += static_cast<int>(len);
            for (std::int64_t i = start; i < start + len; ++i)
                place(x[i]);
        }
    }

    void add(const ExactSum& o) {
        ExactSum f = o;
        f.fold();
        fold();
        for (int i = 0; i < limbs; ++i)
            d_.digit[i] += f.d_.digit[i];
        d_.overflow += f.d_.overflow;
        d_.normalise();
    }
    void add(const ExactDigits& o) {
        fold();
        d_.add(o);
    }

    // The total rounded to double (NaN if a term was not finite or too large).
    double value() const { return digits().value(); }
    // The total as normalised digits, the form a device's sums arrive in.
    ExactDigits digits() const {
        ExactSum n = *this;
        n.fold();
        n.d_.normalise();
        return n.d_;
    }

    // For reductions over ranks: normalised digits plus the overflow count, packed_size integers
    // that add element-wise (a normalised digit is below 2^32, so 2^31 ranks cannot overflow).
    static constexpr int packed_size = limbs + 1;
    void append_to(std::vector<std::int64_t>& out) const {
        const ExactDigits n = digits();
        for (int i = 0; i < limbs; ++i)  // (insert from a plain array: GCC 12 warns falsely)
            out.push_back(n.digit[i]);
        out.push_back(n.overflow);
    }
    static ExactSum from(const std::int64_t* p) {
        ExactSum s;
        for (int i = 0; i < limbs; ++i)
            s.d_.digit[i] = p[i];
        s.d_.overflow = p[limbs];
        s.d_.normalise();
        return s;
    }

  private:
    static constexpr int bins = 1075 - ExactDigits::first_binned;  // up to |x| < 2^52

    // x's mantissa into the bin for its exponent (true), or below the bins into the digits;
    // nothing but the overflow count for a term that is not finite or too large.
    bool place(double x) {
        std::int64_t m;
        int e;
        if (!d_.split(x, m, e)) return false;
        const int b = e - ExactDigits::first_binned;
        if (b < 0) {
            d_.add_mantissa(m, e);  // below the bins
            return false;
        }
        bin_[b] += m;
        return true;
    }

    // The bins into the digits (bin b holds multiples of 2^(b + lowest_bit)).
    void fold() {
        for (int b = 0; b < bins; ++b)  // a quarter of a bin per term added
            if (bin_[b] != 0) {
                d_.add_scaled(bin_[b], b);
                bin_[b] = 0;
            }
        binned_ = 0;
    }

    ExactDigits d_;
    std::int64_t bin_[bins] = {};
    int binned_ = 0;  // terms in the bins
};

}  // namespace miniasd
