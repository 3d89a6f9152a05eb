#include "output/format/records.hpp"

#include "output/format/decimal.hpp"

#include <charconv>
#include <cstring>

namespace miniasd {

namespace {

constexpr std::size_t width64 = 24, width32 = 15;

// Little-endian bytes of a value, whatever the host's byte order.
template <typename UInt>
void store_le(UInt bits, char* out) {
    for (std::size_t b = 0; b < sizeof(UInt); ++b)
        out[b] = static_cast<char>((bits >> (8 * b)) & 0xff);
}
template <typename UInt>
UInt load_le(const char* in) {
    UInt v = 0;
    for (std::size_t b = 0; b < sizeof(UInt); ++b)
        v |= static_cast<UInt>(static_cast<unsigned char>(in[b])) << (8 * b);
    return v;
}

// Fixed-width scientific text: sign, d.ddd... with `digits` digits after the point, 'e', sign,
// exponent padded to exp_digits. The digits are the shortest that read back to the same value
// (std::to_chars without a precision: Ryu, measured 35 against 48 ns for a fixed precision),
// padded with zeros, which changes no value. inf and nan keep their spelling, padded with blanks.
template <typename T>
void format_fixed(T v, int digits, int exp_digits, std::size_t width, char* out) {
    std::uint64_t d = 0;
    int exponent = 0;
    if (decimal::exact_digits(static_cast<double>(v), digits + 1, d, exponent) &&
        (sizeof(T) == 8 || (exponent > -38 && exponent < 38))) {
        // The fast exact path: "+d.ddd...e+ddd" from the digits and the exponent.
        char* o = out;
        *o++ = v < 0 ? '-' : '+';
        char tmp[24];
        decimal::write_digits(d, digits + 1, tmp);
        *o++ = tmp[0];
        *o++ = '.';
        std::memcpy(o, tmp + 1, static_cast<std::size_t>(digits));
        o += digits;
        *o++ = 'e';
        *o++ = exponent < 0 ? '-' : '+';
        decimal::write_digits(static_cast<std::uint64_t>(exponent < 0 ? -exponent : exponent),
                              exp_digits, o);
        return;
    }
    char buf[48];
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    const char* p = buf;
    char* o = out;
    *o++ = (*p == '-') ? '-' : '+';
    if (*p == '-') ++p;
    const char* e =
        static_cast<const char*>(std::memchr(p, 'e', static_cast<std::size_t>(res.ptr - p)));
    if (!e) {  // inf, nan
        const std::size_t len = static_cast<std::size_t>(res.ptr - p);
        std::memcpy(o, p, len);
        o += len;
        while (static_cast<std::size_t>(o - out) < width)
            *o++ = ' ';
        return;
    }
    *o++ = *p++;  // the leading digit
    *o++ = '.';
    if (*p == '.') ++p;
    const int have = static_cast<int>(e - p);  // digits after the point
    std::memcpy(o, p, static_cast<std::size_t>(have));
    o += have;
    for (int k = have; k < digits; ++k)
        *o++ = '0';
    *o++ = 'e';
    *o++ = e[1];  // exponent sign
    const std::size_t exp_len = static_cast<std::size_t>(res.ptr - (e + 2));
    for (std::size_t k = exp_len; k < static_cast<std::size_t>(exp_digits); ++k)
        *o++ = '0';
    std::memcpy(o, e + 2, exp_len);
}

}  // namespace

std::size_t RecordFormat::value_width() const {
    return dtype == DType::float64 ? width64 : width32;
}

std::size_t RecordFormat::record_bytes() const {
    if (encoding == Encoding::binary) return dtype == DType::float64 ? 24 : 12;
    return 3 * value_width() + 3;  // two spaces and a newline
}

const char* word_of(Encoding e) {
    return e == Encoding::text ? "text" : "binary";
}
const char* word_of(DType d) {
    return d == DType::float32 ? "float32" : "float64";
}

void encode_records(const RecordFormat& f, std::int64_t n, const double* x, const double* y,
                    const double* z, char* out) {
    const std::size_t rb = f.record_bytes();
    const double* comp[3] = {x, y, z};
    // Records are independent: text formatting, the costly part, spreads over the threads.
#pragma omp parallel for schedule(static) if (n > 4096)
    for (std::int64_t k = 0; k < n; ++k) {
        char* r = out + static_cast<std::size_t>(k) * rb;
        for (int c = 0; c < 3; ++c) {
            const double v = comp[c][k];
            if (f.encoding == Encoding::binary) {
                if (f.dtype == DType::float64) {
                    std::uint64_t bits;
                    std::memcpy(&bits, &v, 8);
                    store_le(bits, r + 8 * c);
                } else {
                    const float fv = static_cast<float>(v);
                    std::uint32_t bits;
                    std::memcpy(&bits, &fv, 4);
                    store_le(bits, r + 4 * c);
                }
            } else {
                const std::size_t w = f.value_width();
                char* slot = r + c * (w + 1);
                if (f.dtype == DType::float64)
                    format_fixed(v, 16, 3, w, slot);
                else
                    format_fixed(static_cast<float>(v), 8, 2, w, slot);
                slot[w] = c < 2 ? ' ' : '\n';
            }
        }
    }
}

bool decode_records(const RecordFormat& f, std::int64_t n, const char* in, double* xyz) {
    const std::size_t rb = f.record_bytes();
    for (std::int64_t k = 0; k < n; ++k) {
        const char* r = in + static_cast<std::size_t>(k) * rb;
        for (int c = 0; c < 3; ++c) {
            double& out = xyz[3 * k + c];
            if (f.encoding == Encoding::binary) {
                if (f.dtype == DType::float64) {
                    const std::uint64_t bits = load_le<std::uint64_t>(r + 8 * c);
                    std::memcpy(&out, &bits, 8);
                } else {
                    const std::uint32_t bits = load_le<std::uint32_t>(r + 4 * c);
                    float fv;
                    std::memcpy(&fv, &bits, 4);
                    out = fv;
                }
                continue;
            }
            const std::size_t w = f.value_width();
            const char* slot = r + c * (w + 1);
            if (slot[w] != (c < 2 ? ' ' : '\n')) return false;
            const char* first = slot + (slot[0] == '+' ? 1 : 0);
            const char* last = slot + w;
            while (last > first && last[-1] == ' ')
                --last;
            std::from_chars_result res;
            if (f.dtype == DType::float64) {
                res = std::from_chars(first, last, out);
            } else {
                float fv = 0;
                res = std::from_chars(first, last, fv);
                out = fv;
            }
            if (res.ec != std::errc() || res.ptr != last) return false;
        }
    }
    return true;
}

}  // namespace miniasd

namespace miniasd {

namespace {
constexpr std::size_t gid_digits = 19, material_digits = 4;

void format_unsigned(std::uint64_t v, std::size_t digits, char* out) {
    for (std::size_t k = digits; k-- > 0;) {
        out[k] = static_cast<char>('0' + v % 10);
        v /= 10;
    }
}

bool parse_unsigned(const char* in, std::size_t digits, std::uint64_t& v) {
    const auto r = std::from_chars(in, in + digits, v);
    return r.ec == std::errc() && r.ptr == in + digits;
}
}  // namespace

std::size_t coordinate_record_bytes(Encoding e) {
    if (e == Encoding::binary) return 36;
    return 3 * (width64 + 1) + gid_digits + 1 + material_digits + 1;
}

void encode_coordinates(Encoding e, std::int64_t n, const double* xyz, const std::int64_t* gid,
                        const std::int32_t* material, char* out) {
    const std::size_t rb = coordinate_record_bytes(e);
    for (std::int64_t k = 0; k < n; ++k) {
        char* r = out + static_cast<std::size_t>(k) * rb;
        if (e == Encoding::binary) {
            for (int c = 0; c < 3; ++c) {
                std::uint64_t bits;
                std::memcpy(&bits, &xyz[3 * k + c], 8);
                store_le(bits, r + 8 * c);
            }
            store_le(static_cast<std::uint64_t>(gid[k]), r + 24);
            store_le(static_cast<std::uint32_t>(material[k]), r + 32);
            continue;
        }
        for (int c = 0; c < 3; ++c) {
            format_fixed(xyz[3 * k + c], 16, 3, width64, r + c * (width64 + 1));
            r[c * (width64 + 1) + width64] = ' ';
        }
        char* p = r + 3 * (width64 + 1);
        format_unsigned(static_cast<std::uint64_t>(gid[k]), gid_digits, p);
        p[gid_digits] = ' ';
        format_unsigned(static_cast<std::uint64_t>(material[k]), material_digits,
                        p + gid_digits + 1);
        r[rb - 1] = '\n';
    }
}

bool decode_coordinates(Encoding e, std::int64_t n, const char* in, double* xyz, std::int64_t* gid,
                        std::int32_t* material) {
    const std::size_t rb = coordinate_record_bytes(e);
    const RecordFormat values{Encoding::text, DType::float64};
    for (std::int64_t k = 0; k < n; ++k) {
        const char* r = in + static_cast<std::size_t>(k) * rb;
        if (e == Encoding::binary) {
            for (int c = 0; c < 3; ++c) {
                const std::uint64_t bits = load_le<std::uint64_t>(r + 8 * c);
                std::memcpy(&xyz[3 * k + c], &bits, 8);
            }
            gid[k] = static_cast<std::int64_t>(load_le<std::uint64_t>(r + 24));
            material[k] = static_cast<std::int32_t>(load_le<std::uint32_t>(r + 32));
            continue;
        }
        // The three values parse like a text spin record whose last separator is a space.
        char first[3 * (width64 + 1)];
        std::memcpy(first, r, sizeof first);
        first[sizeof first - 1] = '\n';
        if (!decode_records(values, 1, first, &xyz[3 * k])) return false;
        const char* p = r + 3 * (width64 + 1);
        std::uint64_t g = 0, m = 0;
        if (!parse_unsigned(p, gid_digits, g) || p[gid_digits] != ' ' ||
            !parse_unsigned(p + gid_digits + 1, material_digits, m) || r[rb - 1] != '\n')
            return false;
        gid[k] = static_cast<std::int64_t>(g);
        material[k] = static_cast<std::int32_t>(m);
    }
    return true;
}

}  // namespace miniasd
