// An exact, order-independent sum of doubles: the statistics of a run are then bitwise the same
// on any number of ranks and threads (invariant 1 of docs/architecture.md), because integer
// addition does not care how the atoms were grouped.
//
// The total is a fixed-point number of `limbs` 32-bit digits held in int64 (the spare 32 bits
// absorb carries), whose lowest bit weighs 2^lowest_bit (about 1e-77: far below any SI quantity
// the statistics sum, moments ~1e-23 J/T, energies ~1e-21 J, their squared products ~1e-42).
// Terms up to 2^52 in magnitude and totals up to ~1e28 fit.
//
// Adding is cheap: a term's 53-bit mantissa goes, as an integer, into a bin for its exponent (one
// integer add; a bin holds 1024 of them without overflow), and the bins are folded into the
// digits every 1024 terms. Every bin is an exact multiple of 2^lowest_bit, so nothing is rounded
// until value(). Terms too small for a bin lose their bits below 2^lowest_bit one by one (toward
// zero), which does not depend on the grouping either.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace miniasd {

class ExactSum {
  public:
    static constexpr int limbs = 10;
    static constexpr int digit_bits = 32;
    static constexpr int lowest_bit = -256;  // weight of limb 0's lowest bit: 2^-256

    void add(double x) {
        // x = m 2^(e - 1075) for normal numbers, m with its implicit leading bit.
        std::uint64_t bits;
        std::memcpy(&bits, &x, sizeof bits);
        const int e = static_cast<int>((bits >> 52) & 0x7ff);
        if (e >= 1075) {  // |x| >= 2^52, infinity, NaN
            ++overflow_;
            return;
        }
        const std::int64_t sign = -static_cast<std::int64_t>(bits >> 63);  // 0 or -1
        const std::int64_t magnitude = static_cast<std::int64_t>(
            (bits & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1) << 52));
        const std::int64_t m = (magnitude ^ sign) - sign;  // no branch on the sign
        const int b = e - first_binned;
        if (b >= 0) {
            bin_[b] += m;
            if (++binned_ == 1024) fold();
            return;
        }
        // Below the bins: m's lowest bit is under 2^lowest_bit; keep the bits above it.
        const int shift = -b;
        if (shift >= 53) return;  // zero, subnormals and anything below 2^lowest_bit
        add_scaled(m < 0 ? -((-m) >> shift) : m >> shift, 0);
    }

    void add(const ExactSum& o) {
        ExactSum f = o;
        f.fold();
        fold();
        for (int i = 0; i < limbs; ++i)
            digit_[i] += f.digit_[i];
        overflow_ += f.overflow_;
        normalise();
    }

    // The total rounded to double (NaN if a term was not finite or too large).
    double value() const {
        ExactSum n = *this;
        n.fold();
        n.normalise();
        if (overflow_ > 0) return NAN;
        double v = 0;
        for (int i = limbs - 1; i >= 0; --i)
            v += std::ldexp(static_cast<double>(n.digit_[i]), lowest_bit + digit_bits * i);
        return v;
    }

    // For reductions over ranks: normalised digits plus the overflow count, packed_size integers
    // that add element-wise (a normalised digit is below 2^32, so 2^31 ranks cannot overflow).
    static constexpr int packed_size = limbs + 1;
    void append_to(std::vector<std::int64_t>& out) const {
        ExactSum n = *this;
        n.fold();
        n.normalise();
        out.insert(out.end(), n.digit_.begin(), n.digit_.end());
        out.push_back(overflow_);
    }
    static ExactSum from(const std::int64_t* p) {
        ExactSum s;
        for (int i = 0; i < limbs; ++i)
            s.digit_[i] = p[i];
        s.overflow_ = p[limbs];
        s.normalise();
        return s;
    }

  private:
    // Exponent field (biased) of the smallest double whose mantissa is a whole multiple of
    // 2^lowest_bit: its lowest mantissa bit weighs 2^(e - 1075).
    static constexpr int first_binned = 1075 + lowest_bit;
    static constexpr int bins = 1075 - first_binned;  // up to |x| < 2^52

    // Adds v 2^(s + lowest_bit) to the digits; s >= 0, |v| < 2^63.
    void add_scaled(std::int64_t v, int s) {
        const int k = s / digit_bits, r = s % digit_bits;
        // A multiplication, not a shift: shifting a negative number left is undefined in C++17.
        const __int128 w = static_cast<__int128>(v) * (static_cast<__int128>(1) << r);  // < 2^94
        digit_[k] += static_cast<std::int64_t>(w & 0xffffffff);
        digit_[k + 1] += static_cast<std::int64_t>((w >> 32) & 0xffffffff);
        digit_[k + 2] += static_cast<std::int64_t>(w >> 64);  // |.| < 2^30
        if (++scaled_ == (std::int64_t(1) << 30)) normalise();
    }
    // The bins into the digits (bin b holds multiples of 2^(b + lowest_bit)).
    void fold() {
        for (int b = 0; b < bins; ++b)  // a quarter of a bin per term added
            if (bin_[b] != 0) {
                add_scaled(bin_[b], b);
                bin_[b] = 0;
            }
        binned_ = 0;
    }
    // Carries moved up: every digit but the top one in [0, 2^32). A total then has one
    // representation, so value() depends on the total alone.
    void normalise() {
        for (int i = 0; i + 1 < limbs; ++i) {
            const std::int64_t carry = digit_[i] >> digit_bits;  // floor division by 2^32
            digit_[i] -= carry * (std::int64_t(1) << digit_bits);
            digit_[i + 1] += carry;
        }
        scaled_ = 0;
    }

    std::array<std::int64_t, limbs> digit_{};
    std::int64_t overflow_ = 0;
    std::int64_t scaled_ = 0;  // add_scaled calls since the last normalisation
    std::array<std::int64_t, bins> bin_{};
    int binned_ = 0;  // terms in the bins
};

}  // namespace miniasd
