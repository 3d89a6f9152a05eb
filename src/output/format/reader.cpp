#include "output/format/reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <numeric>

#include "output/format/checksum.hpp"
#include "output/format/file_io.hpp"
#include "output/format/records.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"

namespace miniasd {

namespace {

// Throws Error naming `path` unless the pieces (sorted by first record) tile records 0 .. atoms -
// 1, each piece's length is its count of `record_bytes`-byte records, and each lies inside its data
// file as the file is now (so `atoms` is bounded by the bytes really there).
void check_pieces(const std::string& path, const std::string& dir, std::int64_t atoms,
                  std::size_t record_bytes, const std::vector<FilePiece>& pieces) {
    const auto rb = static_cast<std::int64_t>(record_bytes);
    std::int64_t next = 0;
    for (const FilePiece& p : pieces) {
        if (p.first_record != next || p.count < 0 || p.count > atoms - next)
            throw Error(path + ": the file table does not tile the " + std::to_string(atoms) +
                        " records (piece of " + p.file + " starts at record " +
                        std::to_string(p.first_record) + ", expected " + std::to_string(next) +
                        ")");
        if (p.count > INT64_MAX / rb || p.length != p.count * rb)
            throw Error(path + ": piece of " + p.file + " has " + std::to_string(p.length) +
                        " bytes for " + std::to_string(p.count) + " records of " +
                        std::to_string(rb));
        const std::string file = join_path(dir, p.file);
        std::error_code ec;
        const auto size = std::filesystem::file_size(file, ec);
        if (ec) throw Error(path + ": cannot open its data file " + file + ": " + ec.message());
        if (p.offset > static_cast<std::int64_t>(size) ||
            p.length > static_cast<std::int64_t>(size) - p.offset)
            throw Error("data file " + file + " is truncated: it has " + std::to_string(size) +
                        " bytes, the metadata " + path + " needs " + std::to_string(p.length) +
                        " from byte " + std::to_string(p.offset));
        next += p.count;
    }
    if (next != atoms)
        throw Error(path + ": the file table holds " + std::to_string(next) + " records, not " +
                    std::to_string(atoms));
}

// The records of a snapshot in the order they were written (record order), without sorting.
SnapshotData read_in_record_order(const std::string& path) {
    SnapshotData s;
    s.meta = parse_metadata(read_whole_file(path), path);
    const SnapshotMetadata& m = s.meta;
    const std::string dir = std::filesystem::path(path).parent_path().string();
    const bool coordinates = m.record == "coordinate";
    if (!coordinates && m.record != "spin")
        throw Error(path + ": unknown record type '" + m.record + "'");
    const std::size_t rb =
        coordinates ? coordinate_record_bytes(m.format.encoding) : m.format.record_bytes();

    std::vector<FilePiece> pieces = m.pieces;
    std::stable_sort(pieces.begin(), pieces.end(), [](const FilePiece& a, const FilePiece& b) {
        return a.first_record < b.first_record;
    });
    // Every declared size against the files before anything is allocated: a metadata file that
    // lies about its atoms or pieces is refused here, naming it, whatever the numbers.
    check_pieces(path, dir, m.atoms, rb, pieces);
    s.values.resize(static_cast<std::size_t>(3 * m.atoms));
    if (coordinates) {
        s.gid.resize(static_cast<std::size_t>(m.atoms));
        s.material.resize(static_cast<std::size_t>(m.atoms));
    }
    std::int64_t next = 0;
    for (const FilePiece& p : pieces) {
        const std::string file = join_path(dir, p.file);
        const std::string bytes = read_file_range(file, p.offset, p.length);
        if (checksum64(bytes.data(), bytes.size()) != p.checksum)
            throw Error("data file " + file + " is corrupt: the checksum of bytes " +
                        std::to_string(p.offset) + "-" + std::to_string(p.offset + p.length) +
                        " does not match its metadata " + path);
        const bool ok =
            coordinates ? decode_coordinates(m.format.encoding, p.count, bytes.data(),
                                             &s.values[3 * next], &s.gid[next], &s.material[next])
                        : decode_records(m.format, p.count, bytes.data(), &s.values[3 * next]);
        if (!ok) throw Error("data file " + file + " holds a malformed text record");
        for (std::int64_t k = 3 * next; k < 3 * (next + p.count); ++k)
            if (!std::isfinite(s.values[std::size_t(k)]))
                throw Error("data file " + file + " holds a non-finite value in record " +
                            std::to_string(k / 3 - next) + " of its piece (atom record " +
                            std::to_string(k / 3) + " of " + path + ")");
        next += p.count;
    }
    return s;
}

}  // namespace

namespace {

// Values (and materials) of `s` permuted into `order`.
SnapshotData permuted(const SnapshotData& s, const std::vector<std::size_t>& order,
                      const std::vector<std::int64_t>& sorted_gid) {
    SnapshotData out;
    out.meta = s.meta;
    out.gid = sorted_gid;
    out.values.resize(s.values.size());
    if (!s.material.empty()) out.material.resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        for (int c = 0; c < 3; ++c)
            out.values[3 * k + c] = s.values[3 * order[k] + c];
        if (!s.material.empty()) out.material[k] = s.material[order[k]];
    }
    return out;
}

void check_hash(const SnapshotData& s, const std::vector<std::int64_t>& gid,
                const std::string& path) {
    std::uint64_t h = 0;
    for (std::size_t k = 0; k < gid.size(); ++k)
        h += atom_hash(gid[k], s.values[3 * k], s.values[3 * k + 1], s.values[3 * k + 2]);
    if (h != s.meta.content_hash)
        throw Error(path + ": the content hash of the data read does not match the metadata");
}

}  // namespace

RunReader::RunReader(const std::string& coordinates_path) : path_(coordinates_path) {
    SnapshotData c = read_in_record_order(coordinates_path);
    if (c.meta.record != "coordinate")
        throw Error(coordinates_path + ": not a coordinates snapshot (record '" + c.meta.record +
                    "')");
    check_hash(c, c.gid, coordinates_path);
    record_gid_ = c.gid;
    order_.resize(c.gid.size());
    std::iota(order_.begin(), order_.end(), 0);
    std::sort(order_.begin(), order_.end(),
              [&](std::size_t a, std::size_t b) { return c.gid[a] < c.gid[b]; });
    std::vector<std::int64_t> sorted(order_.size());
    for (std::size_t k = 0; k < order_.size(); ++k)
        sorted[k] = c.gid[order_[k]];
    coordinates_ = permuted(c, order_, sorted);
}

SnapshotData RunReader::read(const std::string& path) const {
    SnapshotData s = read_in_record_order(path);
    const SnapshotMetadata& m = s.meta;
    if (m.record != "spin") throw Error(path + ": not a spin snapshot (record '" + m.record + "')");
    // Spins are in the record order of the coordinates written by the same mode on the same
    // ranks; a snapshot of another layout cannot be matched to them.
    const SnapshotMetadata& c = coordinates_.meta;
    // Files from before run ids (metadata 1.2 and older) have none and are taken as they are.
    if (!m.run_id.empty() && !c.run_id.empty() && m.run_id != c.run_id)
        throw Error(path + ": written by run " + m.run_id + ", but its index " + path_ +
                    " by run " + c.run_id +
                    ": this directory mixes two runs' snapshots (move one run's files elsewhere)");
    if (c.atoms != m.atoms || c.mode != m.mode || c.ranks != m.ranks)
        throw Error(path + ": its index " + path_ + " describes another layout (" +
                    std::to_string(c.atoms) + " atoms, " + c.mode + ", " + std::to_string(c.ranks) +
                    " ranks)");
    check_hash(s, record_gid_, path);
    return permuted(s, order_, coordinates_.gid);
}

std::string index_path(const std::string& spins_path, const SnapshotMetadata& m) {
    if (m.index.empty()) throw Error(spins_path + ": no index (coordinates) metadata named");
    return join_path(std::filesystem::path(spins_path).parent_path().string(), m.index);
}

SnapshotData read_snapshot(const std::string& path) {
    const SnapshotMetadata m = parse_metadata(read_whole_file(path), path);
    if (m.record == "coordinate") return RunReader(path).coordinates();
    if (m.record != "spin") throw Error(path + ": unknown record type '" + m.record + "'");
    return RunReader(index_path(path, m)).read(path);
}

std::string canonical_bytes(const SnapshotData& s) {
    return canonical_bytes(s.values);
}

std::string canonical_bytes(const std::vector<double>& values) {
    std::string out(values.size() * 8, '\0');
    for (std::size_t k = 0; k < values.size(); ++k) {
        std::uint64_t bits;
        std::memcpy(&bits, &values[k], 8);
        for (int b = 0; b < 8; ++b)
            out[8 * k + b] = static_cast<char>((bits >> (8 * b)) & 0xff);
    }
    return out;
}

}  // namespace miniasd
