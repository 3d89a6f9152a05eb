#include "output/reader.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <numeric>

#include "output/checksum.hpp"
#include "output/file_io.hpp"
#include "output/records.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"

namespace miniasd {

namespace {

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
    s.values.resize(static_cast<std::size_t>(3 * m.atoms));
    if (coordinates) {
        s.gid.resize(static_cast<std::size_t>(m.atoms));
        s.material.resize(static_cast<std::size_t>(m.atoms));
    }
    std::int64_t next = 0;
    for (const FilePiece& p : pieces) {
        const std::string file = join_path(dir, p.file);
        if (p.first_record != next || p.count < 0 || next + p.count > m.atoms)
            throw Error(path + ": the file table does not tile the " + std::to_string(m.atoms) +
                        " records (piece of " + p.file + " starts at record " +
                        std::to_string(p.first_record) + ", expected " + std::to_string(next) +
                        ")");
        if (p.length != p.count * static_cast<std::int64_t>(rb))
            throw Error(path + ": piece of " + p.file + " has " + std::to_string(p.length) +
                        " bytes for " + std::to_string(p.count) + " records of " +
                        std::to_string(rb));
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
        next += p.count;
    }
    if (next != m.atoms)
        throw Error(path + ": the file table holds " + std::to_string(next) + " records, not " +
                    std::to_string(m.atoms));
    return s;
}

}  // namespace

SnapshotData read_snapshot(const std::string& path) {
    SnapshotData s = read_in_record_order(path);
    const SnapshotMetadata& m = s.meta;
    if (m.record == "spin") {
        // Global ids come from the coordinates written by the same mode on the same ranks.
        if (m.index.empty()) throw Error(path + ": no index (coordinates) metadata named");
        const std::string index =
            join_path(std::filesystem::path(path).parent_path().string(), m.index);
        const SnapshotData coords = read_in_record_order(index);
        if (coords.meta.atoms != m.atoms || coords.meta.mode != m.mode ||
            coords.meta.ranks != m.ranks)
            throw Error(path + ": its index " + index + " describes another layout (" +
                        std::to_string(coords.meta.atoms) + " atoms, " + coords.meta.mode + ", " +
                        std::to_string(coords.meta.ranks) + " ranks)");
        s.gid = coords.gid;
    }
    std::uint64_t h = 0;
    for (std::size_t k = 0; k < s.gid.size(); ++k)
        h += atom_hash(s.gid[k], s.values[3 * k], s.values[3 * k + 1], s.values[3 * k + 2]);
    if (h != m.content_hash)
        throw Error(path + ": the content hash of the data read does not match the metadata");

    // Canonical order: ascending global id.
    std::vector<std::size_t> order(s.gid.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return s.gid[a] < s.gid[b]; });
    SnapshotData out;
    out.meta = m;
    out.gid.resize(order.size());
    out.values.resize(s.values.size());
    if (!s.material.empty()) out.material.resize(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
        out.gid[k] = s.gid[order[k]];
        for (int c = 0; c < 3; ++c)
            out.values[3 * k + c] = s.values[3 * order[k] + c];
        if (!s.material.empty()) out.material[k] = s.material[order[k]];
    }
    return out;
}

std::string canonical_bytes(const SnapshotData& s) {
    std::string out(s.values.size() * 8, '\0');
    for (std::size_t k = 0; k < s.values.size(); ++k) {
        std::uint64_t bits;
        std::memcpy(&bits, &s.values[k], 8);
        for (int b = 0; b < 8; ++b)
            out[8 * k + b] = static_cast<char>((bits >> (8 * b)) & 0xff);
    }
    return out;
}

}  // namespace miniasd
