// Record encodings: fixed width, exact round trips, and malformed text detected.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "output/format/checksum.hpp"
#include "output/format/records.hpp"

using namespace miniasd;

namespace {
std::vector<double> awkward_values() {
    std::vector<double> v = {0.0,
                             -0.0,
                             1.0,
                             -1.0,
                             1.0 / 3.0,
                             -2.0 / 3.0,
                             1e-300,
                             -4.9e-324,
                             0.9999999999999999,
                             std::nextafter(1.0, 0.0),
                             1e-5,
                             123.456};
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int k = 0; k < 300; ++k)
        v.push_back(u(rng));
    while (v.size() % 3)
        v.push_back(0.5);
    return v;
}
}  // namespace

TEST(Records, EveryEncodingHasItsDocumentedWidth) {
    EXPECT_EQ((RecordFormat{Encoding::binary, DType::float64}.record_bytes()), 24u);
    EXPECT_EQ((RecordFormat{Encoding::binary, DType::float32}.record_bytes()), 12u);
    EXPECT_EQ((RecordFormat{Encoding::text, DType::float64}.record_bytes()), 75u);
    EXPECT_EQ((RecordFormat{Encoding::text, DType::float32}.record_bytes()), 48u);
    EXPECT_EQ(coordinate_record_bytes(Encoding::binary), 36u);
    EXPECT_EQ(coordinate_record_bytes(Encoding::text), 100u);
}

TEST(Records, AllEncodingsRoundTripExactly) {
    const std::vector<double> v = awkward_values();
    const std::int64_t n = static_cast<std::int64_t>(v.size() / 3);
    std::vector<double> x(n), y(n), z(n);
    for (std::int64_t k = 0; k < n; ++k) {
        x[k] = v[3 * k];
        y[k] = v[3 * k + 1];
        z[k] = v[3 * k + 2];
    }
    for (Encoding e : {Encoding::binary, Encoding::text})
        for (DType d : {DType::float64, DType::float32}) {
            const RecordFormat f{e, d};
            std::vector<char> bytes(n * f.record_bytes());
            encode_records(f, n, x.data(), y.data(), z.data(), bytes.data());
            std::vector<double> back(3 * n);
            ASSERT_TRUE(decode_records(f, n, bytes.data(), back.data()))
                << word_of(e) << word_of(d);
            for (std::size_t k = 0; k < v.size(); ++k) {
                const double want = d == DType::float64 ? v[k] : double(float(v[k]));
                EXPECT_EQ(std::memcmp(&back[k], &want, 8), 0)
                    << word_of(e) << " " << word_of(d) << " value " << v[k] << " read " << back[k];
            }
            if (e == Encoding::text) {
                // Fixed width: every record ends with a newline exactly where expected.
                for (std::int64_t k = 0; k < n; ++k)
                    ASSERT_EQ(bytes[(k + 1) * f.record_bytes() - 1], '\n');
            }
        }
}

TEST(Records, TextLooksAsDocumented) {
    const double x = 0.5, y = -1.0 / 3.0, z = 1e-300;
    std::vector<char> bytes(75);
    encode_records({Encoding::text, DType::float64}, 1, &x, &y, &z, bytes.data());
    EXPECT_EQ(std::string(bytes.begin(), bytes.end()),
              "+5.0000000000000000e-001 -3.3333333333333331e-001 +1.0000000000000000e-300\n");
}

TEST(Records, MalformedTextIsRejected) {
    const double x = 0.5, y = 0.25, z = 0.125;
    std::vector<char> bytes(75);
    const RecordFormat f{Encoding::text, DType::float64};
    encode_records(f, 1, &x, &y, &z, bytes.data());
    double out[3];
    std::vector<char> bad = bytes;
    bad[3] = 'x';
    EXPECT_FALSE(decode_records(f, 1, bad.data(), out));
    bad = bytes;
    bad[74] = ' ';
    EXPECT_FALSE(decode_records(f, 1, bad.data(), out));
}

TEST(Records, CoordinatesRoundTrip) {
    const double xyz[6] = {0.0, 1.435, 2.87, 100.45, -0.0, 1e3};
    const std::int64_t gid[2] = {0, 1234567890123};
    const std::int32_t mat[2] = {0, 7};
    for (Encoding e : {Encoding::binary, Encoding::text}) {
        std::vector<char> bytes(2 * coordinate_record_bytes(e));
        encode_coordinates(e, 2, xyz, gid, mat, bytes.data());
        double back[6];
        std::int64_t g[2];
        std::int32_t m[2];
        ASSERT_TRUE(decode_coordinates(e, 2, bytes.data(), back, g, m));
        EXPECT_EQ(std::memcmp(back, xyz, sizeof back), 0);
        EXPECT_EQ(g[1], gid[1]);
        EXPECT_EQ(m[1], 7);
    }
}

TEST(Checksum, DetectsFlipsTruncationAndExtension) {
    std::vector<char> data(1000);
    for (std::size_t k = 0; k < data.size(); ++k)
        data[k] = static_cast<char>(k * 7);
    const std::uint64_t h = checksum64(data.data(), data.size());
    for (std::size_t k : {0u, 7u, 8u, 500u, 999u}) {
        std::vector<char> d = data;
        d[k] ^= 1;
        EXPECT_NE(checksum64(d.data(), d.size()), h) << k;
    }
    EXPECT_NE(checksum64(data.data(), data.size() - 1), h);
    data.push_back(0);
    EXPECT_NE(checksum64(data.data(), data.size()), h);
}

TEST(Checksum, PiecewiseUpdatesEqualOneUpdate) {
    std::vector<char> data(1013);
    for (std::size_t k = 0; k < data.size(); ++k)
        data[k] = static_cast<char>(k * 31 + 7);
    const std::uint64_t whole = checksum64(data.data(), data.size());
    for (std::size_t split : {1u, 3u, 8u, 13u, 500u}) {
        Checksum64 c;
        for (std::size_t at = 0; at < data.size(); at += split)
            c.update(data.data() + at, std::min(split, data.size() - at));
        EXPECT_EQ(c.finish(), whole) << split;
    }
}

// The fast digit path (output/format/decimal.hpp) agrees with the C library's correctly rounded
// "%.16e" across the magnitudes it covers (random values have no exact ties, where the two may
// legitimately differ). Outside them, and for float32, the shortest round-trip digits padded with
// zeros are written instead: exact too, as AllEncodingsRoundTripExactly checks.
TEST(Records, TextDigitsAgreeWithPrintf) {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> mant(1.0, 10.0);
    std::uniform_int_distribution<int> expo(-6, 14);
    const RecordFormat f{Encoding::text, DType::float64};
    for (int k = 0; k < 20000; ++k) {
        const double v = (k % 2 ? -1 : 1) * mant(rng) * std::pow(10.0, expo(rng));
        std::vector<char> bytes(f.record_bytes());
        encode_records(f, 1, &v, &v, &v, bytes.data());
        char want[64];
        std::snprintf(want, sizeof want, "%+.16e", v);
        std::string w(want);  // printf pads exponents to two digits, the records to three
        const auto e = w.find('e');
        std::string digits = w.substr(e + 2);
        while (digits.size() < 3)
            digits = "0" + digits;
        ASSERT_EQ(std::string(bytes.data(), f.value_width()), w.substr(0, e + 2) + digits) << v;
        double back[3];
        ASSERT_TRUE(decode_records(f, 1, bytes.data(), back));
        ASSERT_EQ(back[0], v);
    }
}
