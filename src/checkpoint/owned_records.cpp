#include "checkpoint/owned_records.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "output/format/file_io.hpp"
#include "output/format/records.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

// Reads [offset, offset + n) of an open file; false on a short read.
bool read_at(int fd, std::int64_t offset, char* out, std::int64_t n) {
    while (n > 0) {
        const ssize_t got = ::pread(fd, out, static_cast<std::size_t>(n), offset);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        out += got;
        offset += got;
        n -= got;
    }
    return true;
}

}  // namespace

std::string read_on_root(const parallel::Comm& comm, const std::string& path) {
    std::string text, error;
    if (comm.is_root()) {
        try {
            text = read_whole_file(path);
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
    comm.throw_if_any(error);
    int status = 0;
    comm.broadcast(status, text);
    return text;
}

namespace {

// The record (position in a file's global order) of each of `by_gid`'s ascending global ids: the
// id itself for a full box, the count of present sites below it otherwise.
std::vector<std::int64_t> records_of(
    const Lattice& lattice, const std::vector<std::pair<std::int64_t, std::int64_t>>& by_gid) {
    std::vector<std::int64_t> record(by_gid.size());
    if (lattice.atoms() == lattice.id_space()) {
        for (std::size_t k = 0; k < by_gid.size(); ++k)
            record[k] = by_gid[k].first;
        return record;
    }
    std::int64_t present = 0;
    std::size_t k = 0;
    for (std::int64_t g = 0; g < lattice.id_space() && k < by_gid.size(); ++g) {
        std::int64_t cx, cy, cz;
        int site;
        lattice.decode(g, cx, cy, cz, site);
        if (g == by_gid[k].first) record[k++] = present;
        if (lattice.present(cx, cy, cz, site)) ++present;
    }
    return record;
}

}  // namespace

OwnedRecords read_owned_records(const parallel::Comm& comm, const Lattice& lattice,
                                const LocalSystem& system, const std::string& dir,
                                const std::string& meta_name) {
    const std::string meta_path = join_path(dir, meta_name);
    OwnedRecords out;
    out.meta = parse_metadata(read_on_root(comm, meta_path), meta_path);
    const SnapshotMetadata& m = out.meta;
    if (m.ordering != "global")
        throw Error(meta_path +
                    ": not a checkpoint's file (its records are not in global-id order)");
    if (m.atoms != lattice.atoms())
        throw Error(meta_path + ": holds " + std::to_string(m.atoms) +
                    " atoms but this system has " + std::to_string(lattice.atoms()) +
                    ": the checkpoint is of another system");

    // Owned atoms in ascending global id (with their local index), and the record of each.
    const std::int64_t n = system.n_owned;
    std::vector<std::pair<std::int64_t, std::int64_t>> by_gid(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        by_gid[static_cast<std::size_t>(i)] = {system.gid[i], i};
    std::sort(by_gid.begin(), by_gid.end());
    const std::vector<std::int64_t> record = records_of(lattice, by_gid);

    // Read runs of consecutive records, piece by piece.
    const std::int64_t rb = static_cast<std::int64_t>(
        m.record == "coordinate" ? coordinate_record_bytes(m.format.encoding)
                                 : m.format.record_bytes());
    out.record_bytes = static_cast<std::size_t>(rb);
    out.bytes.assign(static_cast<std::size_t>(n * rb), '\0');
    std::vector<char> buffer;
    std::string error;
    int fd = -1;
    std::string open_file;
    for (std::size_t k = 0; k < record.size() && error.empty();) {
        const auto piece = std::find_if(m.pieces.begin(), m.pieces.end(), [&](const FilePiece& p) {
            return record[k] >= p.first_record && record[k] < p.first_record + p.count;
        });
        if (piece == m.pieces.end()) {
            error = meta_path + ": no file piece holds record " + std::to_string(record[k]);
            break;
        }
        std::size_t end = k + 1;
        while (end < record.size() && record[end] == record[end - 1] + 1 &&
               record[end] < piece->first_record + piece->count)
            ++end;
        const std::string file = join_path(dir, piece->file);
        if (file != open_file) {
            if (fd >= 0) ::close(fd);
            fd = ::open(file.c_str(), O_RDONLY);
            open_file = file;
            if (fd < 0) {
                error = file + ": " + std::strerror(errno);
                break;
            }
        }
        const std::int64_t count = static_cast<std::int64_t>(end - k);
        buffer.resize(static_cast<std::size_t>(count * rb));
        if (!read_at(fd, piece->offset + (record[k] - piece->first_record) * rb, buffer.data(),
                     count * rb)) {
            error = file + ": shorter than its metadata says (truncated)";
            break;
        }
        for (std::size_t j = k; j < end; ++j)
            std::memcpy(&out.bytes[static_cast<std::size_t>(by_gid[j].second * rb)],
                        &buffer[(j - k) * static_cast<std::size_t>(rb)],
                        static_cast<std::size_t>(rb));
        k = end;
    }
    if (fd >= 0) ::close(fd);
    comm.throw_if_any(error);
    return out;
}

}  // namespace miniasd
