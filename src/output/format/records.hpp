// Fixed-size records of snapshot data files. A record holds one atom's three values; files hold
// records only (no header): everything that describes them is in the metadata (docs/output.md).
//   binary float64: 24 bytes, little-endian IEEE 754
//   binary float32: 12 bytes, little-endian IEEE 754
//   text   float64: 75 bytes, "+d.dddddddddddddddde+ddd" x 3, space-separated, '\n' ended:
//                   17 significant digits, so every double reads back exactly
//   text   float32: 48 bytes, "+d.dddddddde+dd" x 3 (9 significant digits: exact for floats)
// Fixed width means record k starts at byte k * record_bytes in every encoding, so offsets and
// sizes are known before anything is written. Text is formatted with std::to_chars, never streams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace miniasd {

enum class Encoding { binary, text };
enum class DType { float64, float32 };

struct RecordFormat {
    Encoding encoding = Encoding::binary;
    DType dtype = DType::float64;

    std::size_t record_bytes() const;
    std::size_t value_width() const;  // text: characters per value
};

const char* word_of(Encoding e);
const char* word_of(DType d);

// Writes n records to `out` (n * record_bytes() bytes): record k holds x[k], y[k], z[k].
void encode_records(const RecordFormat& f, std::int64_t n, const double* x, const double* y,
                    const double* z, char* out);

// Reads n records into xyz[3k..3k+2] as doubles. Returns false if a text record is malformed.
bool decode_records(const RecordFormat& f, std::int64_t n, const char* in, double* xyz);

// Coordinate records (written once per run): position x, y, z in angstrom (always float64),
// global id, material index (0-based).
//   binary: 36 bytes: 3 x float64, int64, int32, little-endian
//   text:  100 bytes: three values as in spin records, the id in 19 digits, the material in 4
std::size_t coordinate_record_bytes(Encoding e);
void encode_coordinates(Encoding e, std::int64_t n, const double* xyz_angstrom,
                        const std::int64_t* gid, const std::int32_t* material, char* out);
bool decode_coordinates(Encoding e, std::int64_t n, const char* in, double* xyz_angstrom,
                        std::int64_t* gid, std::int32_t* material);

}  // namespace miniasd
