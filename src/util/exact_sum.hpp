// An exact, order-independent sum of doubles: the statistics of a run are then bitwise the same
// on any number of ranks and threads (invariant 1 of docs/architecture.md), because integer
// addition does not care how the atoms were grouped.
//
// Every term is truncated toward zero to a multiple of 2^lowest_bit (about 1e-77: far below any
// SI quantity the statistics sum — moments ~1e-23 J/T, energies ~1e-21 J, their squared products
// ~1e-42) and added as an integer to a fixed-point number of `limbs` 32-bit digits held in int64
// (the spare 32 bits absorb carries). Terms up to 2^52 in magnitude and totals up to ~1e28 fit.
// Costs a few nanoseconds per term, which the statistics pass can afford.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

namespace miniasd {

class ExactSum {
  public:
    static constexpr int limbs = 10;
    static constexpr int digit_bits = 32;
    static constexpr int lowest_bit = -256;  // weight of limb 0's lowest bit: 2^-256

    void add(double x) {
        if (x == 0) return;
        if (!std::isfinite(x) || std::fabs(x) >= 0x1p52) {
            ++overflow_;
            return;
        }
        int e = 0;
        const double f = std::frexp(x, &e);                             // x = f 2^e, 0.5 <= |f| < 1
        std::int64_t m = static_cast<std::int64_t>(std::ldexp(f, 53));  // exact, |m| < 2^53
        int s = e - 53 - lowest_bit;  // bit position of m's lowest bit in the fixed point
        if (s < 0) {
            if (s <= -53) return;  // below the lowest bit: truncates to zero
            m = m < 0 ? -((-m) >> -s) : (m >> -s);
            s = 0;
        }
        const int k = s / digit_bits, r = s % digit_bits;
        const __int128 v = static_cast<__int128>(m) << r;  // |v| < 2^84
        digit_[k] += static_cast<std::int64_t>(v & 0xffffffff);
        digit_[k + 1] += static_cast<std::int64_t>((v >> 32) & 0xffffffff);
        digit_[k + 2] += static_cast<std::int64_t>(v >> 64);
        if (++pending_ == (std::int64_t(1) << 30)) normalise();  // before a digit can overflow
    }

    void add(const ExactSum& o) {
        for (int i = 0; i < limbs; ++i)
            digit_[i] += o.digit_[i];
        overflow_ += o.overflow_;
        pending_ += o.pending_;
        if (pending_ >= (std::int64_t(1) << 30)) normalise();
    }

    // Carries moved up: every digit but the top one in [0, 2^32). The representation of a given
    // total is then unique, so value() is a function of the total alone.
    void normalise() {
        for (int i = 0; i + 1 < limbs; ++i) {
            const std::int64_t carry = digit_[i] >> digit_bits;  // floor division by 2^32
            digit_[i] -= carry * (std::int64_t(1) << digit_bits);
            digit_[i + 1] += carry;
        }
        pending_ = 0;
    }

    // The total rounded to double (NaN if a term was not finite or too large).
    double value() const {
        ExactSum n = *this;
        n.normalise();
        if (overflow_ > 0) return NAN;
        double v = 0;
        for (int i = limbs - 1; i >= 0; --i)
            v += std::ldexp(static_cast<double>(n.digit_[i]), lowest_bit + digit_bits * i);
        return v;
    }

    // For reductions over ranks: normalised digits plus the overflow count, limbs + 1 integers
    // that add element-wise (a few thousand ranks cannot overflow a normalised digit).
    void append_to(std::vector<std::int64_t>& out) const {
        ExactSum n = *this;
        n.normalise();
        out.insert(out.end(), n.digit_.begin(), n.digit_.end());
        out.push_back(overflow_);
    }
    static ExactSum from(const std::int64_t* p) {
        ExactSum s;
        for (int i = 0; i < limbs; ++i)
            s.digit_[i] = p[i];
        s.overflow_ = p[limbs];
        s.pending_ = std::int64_t(1) << 20;  // summed digits: normalise again soon
        return s;
    }
    static constexpr int packed_size = limbs + 1;

  private:
    std::array<std::int64_t, limbs> digit_{};
    std::int64_t overflow_ = 0;
    std::int64_t pending_ = 0;  // adds since the last normalisation
};

}  // namespace miniasd
