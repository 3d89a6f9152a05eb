#include "output/modes/writer_common.hpp"
#include "util/environment.hpp"

#include <mpi.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <thread>

#include "output/format/checksum.hpp"
#include "output/format/file_io.hpp"
#include "util/error.hpp"
#include "util/timers.hpp"

namespace miniasd::output_detail {

namespace {

// Whether the test hook in environment variable `var` ("<name>:<rank>") names `path` on `rank`.
bool hook_applies(EnvVar var, const std::string& path, int rank) {
    const auto spec = environment(var);
    if (!spec) return false;
    const std::string& s = *spec;
    const auto colon = s.rfind(':');
    if (path.find(s.substr(0, colon)) == std::string::npos) return false;
    return colon == std::string::npos || std::atoi(s.c_str() + colon + 1) == rank;
}

}  // namespace

std::vector<FilePiece> gather_pieces(const parallel::Comm& comm,
                                     const std::vector<FilePiece>& mine) {
    // Pieces travel as text lines: a few per rank, so simplicity beats packing.
    std::ostringstream o;
    for (const FilePiece& p : mine)
        o << p.file << ' ' << p.first_record << ' ' << p.count << ' ' << p.offset << ' ' << p.length
          << ' ' << p.checksum << ' ' << p.first_gid << '\n';
    const std::string text = o.str();
    const int n = static_cast<int>(text.size());
    std::vector<int> sizes(comm.is_root() ? comm.size() : 0), displs(sizes.size());
    MPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, comm.handle());
    std::string all;
    if (comm.is_root()) {
        int total = 0;
        for (std::size_t r = 0; r < sizes.size(); ++r) {
            displs[r] = total;
            total += sizes[r];
        }
        all.resize(static_cast<std::size_t>(total));
    }
    MPI_Gatherv(text.data(), n, MPI_CHAR, all.data(), sizes.data(), displs.data(), MPI_CHAR, 0,
                comm.handle());
    std::vector<FilePiece> out;
    std::istringstream in(all);
    FilePiece p;
    while (in >> p.file >> p.first_record >> p.count >> p.offset >> p.length >> p.checksum >>
           p.first_gid)
        out.push_back(p);
    return out;
}

void check_mpi(int rc, const std::string& what) {
    if (rc == MPI_SUCCESS) return;
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    throw LocalError(what + ": " + std::string(msg, static_cast<std::size_t>(len)));
}

MPI_Info make_info(const std::string& hints) {
    MPI_Info info;
    MPI_Info_create(&info);
    for (std::size_t start = 0; start < hints.size();) {
        std::size_t comma = hints.find(',', start);
        if (comma == std::string::npos) comma = hints.size();
        const std::string pair = hints.substr(start, comma - start);
        const std::size_t eq = pair.find('=');
        MPI_Info_set(info, pair.substr(0, eq).c_str(), pair.substr(eq + 1).c_str());
        start = comma + 1;
    }
    return info;
}

void print_hints(MPI_File fh, const std::string& file) {
    MPI_Info info;
    MPI_File_get_info(fh, &info);
    int n = 0;
    MPI_Info_get_nkeys(info, &n);
    if (n == 0) {  // OMPIO reports none: say so instead of printing an empty list
        std::printf("MPI-IO hints in effect for %s: none reported by the MPI library\n",
                    file.c_str());
        std::fflush(stdout);
        MPI_Info_free(&info);
        return;
    }
    std::printf("MPI-IO hints in effect for %s:\n", file.c_str());
    for (int k = 0; k < n; ++k) {
        char key[MPI_MAX_INFO_KEY + 1], value[1024];
        int flag = 0;
        MPI_Info_get_nthkey(info, k, key);
        MPI_Info_get(info, key, sizeof value - 1, value, &flag);
        if (flag) std::printf("  %s = %s\n", key, value);
    }
    std::fflush(stdout);
    MPI_Info_free(&info);
}

void WriteStatus::fail(const std::string& what) {
    if (!ok()) return;
    error_ = what;
    if (what.find("No space left") != std::string::npos ||
        what.find("no space left") != std::string::npos)
        return;
    struct statvfs fs {};
    const std::string dir = directory_.empty() ? "." : directory_;
    if (::statvfs(dir.c_str(), &fs) == 0 && fs.f_bavail == 0)
        error_ += " (no space left on the device: the file system holding '" + dir + "' is full)";
}

void WriteStatus::check_mpi(int rc, const std::string& what) {
    attempt([&] { output_detail::check_mpi(rc, what); });
}

void WriteStatus::inject(const std::string& path, int rank) {
    if (!hook_applies(EnvVar::test_fail_write, path, rank)) return;
    fail("writing " + path + ": No space left on device (injected by MINIASD_TEST_FAIL_WRITE)");
}

void WriteStatus::lose(const FilePiece& piece, int rank, const std::string& part) const {
    const std::string path = join_path(directory_, piece.file);
    if (piece.length == 0 || !hook_applies(EnvVar::test_lose_write, path + part, rank)) return;
    const std::string zeros(static_cast<std::size_t>(piece.length), '\0');
    if (const int fd = ::open(path.c_str(), O_WRONLY); fd >= 0) {
        [[maybe_unused]] const ssize_t w = ::pwrite(fd, zeros.data(), zeros.size(), piece.offset);
        ::close(fd);
    }
}

void WriteStatus::hang(const std::string& path, int rank) const {
    if (!hook_applies(EnvVar::test_hang_write, path, rank)) return;
    for (;;)
        std::this_thread::sleep_for(std::chrono::seconds(1));
}

void WriteStatus::verify(const std::vector<FilePiece>& mine) {
    // (fail() adds whether the file system is full.)
    const std::string lost = ", although the I/O library reported success";
    std::vector<char> buffer;
    for (const FilePiece& p : mine) {
        if (!ok() || p.length == 0) return;
        const std::string path = join_path(directory_, p.file);
        const int fd = ::open(path.c_str(), O_RDONLY);
        struct stat st {};
        if (fd < 0 || ::fstat(fd, &st) != 0) {
            fail("writing " + path + ": the file cannot be read back after the write (" +
                 std::strerror(errno) + ")" + lost);
            if (fd >= 0) ::close(fd);
            return;
        }
        if (st.st_size < p.offset + p.length) {
            ::close(fd);
            fail("writing " + path + ": the file has " + std::to_string(st.st_size) +
                 " bytes after the write, but this rank's part ends at byte " +
                 std::to_string(p.offset + p.length) + lost);
            return;
        }
        // In pieces of at most 16 MiB: a writer's part can be most of a large snapshot.
        Checksum64 sum;
        buffer.resize(static_cast<std::size_t>(std::min<std::int64_t>(p.length, 16 << 20)));
        std::int64_t done = 0;
        while (done < p.length) {
            const std::int64_t want =
                std::min<std::int64_t>(p.length - done, std::int64_t(buffer.size()));
            const ssize_t got = ::pread(fd, buffer.data(), static_cast<std::size_t>(want),
                                        static_cast<off_t>(p.offset + done));
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) break;
            sum.update(buffer.data(), static_cast<std::size_t>(got));
            done += got;
        }
        ::close(fd);
        if (done < p.length)
            fail("writing " + path + ": reading back what was written failed at byte " +
                 std::to_string(p.offset + done));
        else if (sum.finish() != p.checksum)
            fail("writing " + path + ": bytes " + std::to_string(p.offset) + " to " +
                 std::to_string(p.offset + p.length - 1) + " read back differ from those written" +
                 lost);
    }
}

void WriteStatus::agree(const parallel::Comm& comm) const {
    comm.throw_if_any(error_);
}

std::int64_t exclusive_prefix(const parallel::Comm& comm, std::int64_t v) {
    std::int64_t before = 0;
    MPI_Exscan(&v, &before, 1, MPI_INT64_T, MPI_SUM, comm.handle());
    return comm.is_root() ? 0 : before;  // MPI leaves rank 0's result undefined
}

FilePiece make_piece(const std::string& file, std::int64_t first_record, std::int64_t offset,
                     const char* bytes, std::int64_t n, std::size_t record_bytes,
                     const std::int64_t* gid) {
    FilePiece p;
    p.file = file;
    p.first_record = first_record;
    p.count = n;
    p.offset = offset;
    p.length = n * static_cast<std::int64_t>(record_bytes);
    p.checksum = checksum64(bytes, static_cast<std::size_t>(p.length));
    p.first_gid = n > 0 ? gid[0] : -1;
    return p;
}

WriteOutcome finish_outcome(const parallel::Comm& comm, double started,
                            const std::vector<FilePiece>& mine, const char* ordering, int io_groups,
                            const LocalRecords& r, double closed) {
    WriteOutcome out;
    out.write_seconds = comm.max((closed >= 0 ? closed : wall_seconds()) - started);
    out.pieces = gather_pieces(comm, mine);
    out.ordering = ordering;
    out.io_groups = io_groups;
    out.bytes = comm.sum(r.count * static_cast<std::int64_t>(r.record_bytes));
    return out;
}

std::pair<int, int> node_of_rank(const parallel::Comm& comm) {
    MPI_Comm node;
    MPI_Comm_split_type(comm.handle(), MPI_COMM_TYPE_SHARED, comm.rank(), MPI_INFO_NULL, &node);
    int leader = comm.rank();
    MPI_Bcast(&leader, 1, MPI_INT, 0, node);  // the node's lowest rank (key = rank)
    MPI_Comm_free(&node);
    std::vector<int> leaders(static_cast<std::size_t>(comm.size()));
    MPI_Allgather(&leader, 1, MPI_INT, leaders.data(), 1, MPI_INT, comm.handle());
    std::sort(leaders.begin(), leaders.end());
    leaders.erase(std::unique(leaders.begin(), leaders.end()), leaders.end());
    const auto index = std::lower_bound(leaders.begin(), leaders.end(), leader) - leaders.begin();
    return {static_cast<int>(index), static_cast<int>(leaders.size())};
}

std::string data_file_name(const std::string& stem, const char* kind, int index) {
    if (!kind) return stem + ".dat";
    char buf[32];
    std::snprintf(buf, sizeof buf, ".%s%05d.dat", kind, index);
    return stem + buf;
}

}  // namespace miniasd::output_detail
