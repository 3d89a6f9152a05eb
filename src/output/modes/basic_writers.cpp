// The serial and file-per-process modes.
#include <mpi.h>

#include <algorithm>
#include <vector>

#include "output/format/file_io.hpp"
#include "output/modes/writer_common.hpp"
#include "output/modes/writers.hpp"
#include "util/timers.hpp"

namespace miniasd {

using namespace output_detail;

// serial (DL_POLY's serial writer, VAMPIRE's legacy): every rank sends its records to rank 0,
// which writes them to one file in rank order. Rank 0 receives one rank at a time in messages
// of at most piece_bytes, so its memory use is one piece, not the whole snapshot.
WriteOutcome SerialWriter::write(const std::string& directory, const std::string& stem,
                                 const LocalRecords& r) {
    const parallel::Comm& c = comm_;
    const std::string name = data_file_name(stem, nullptr, 0);
    const std::int64_t first = first_.get(r, [&] { return exclusive_prefix(c, r.count); });
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    // Each rank describes its own piece (it has the bytes for the checksum).
    const FilePiece mine =
        make_piece(name, first, first * rb, r.bytes, r.count, r.record_bytes, r.gid);
    const double t0 = wall_seconds();
    const std::int64_t chunk_records = std::max<std::int64_t>(1, piece_bytes_ / rb);
    WriteStatus st(directory);
    if (c.is_root()) {
        // After a failure rank 0 still receives every message (the senders must not block).
        const std::string path = join_path(directory, name);
        std::unique_ptr<OutputFile> f;
        st.attempt([&] {
            f = std::make_unique<OutputFile>(path);
            f->write_at(0, r.bytes, r.count * rb, piece_bytes_);
        });
        std::int64_t offset = r.count * rb;
        std::vector<char> buf;
        for (int src = 1; src < c.size(); ++src) {
            std::int64_t n = 0;
            MPI_Recv(&n, 1, MPI_INT64_T, src, 201, c.handle(), MPI_STATUS_IGNORE);
            for (std::int64_t done = 0; done < n; done += chunk_records) {
                const std::int64_t k = std::min(chunk_records, n - done);
                buf.resize(static_cast<std::size_t>(k * rb));
                MPI_Recv(buf.data(), static_cast<int>(k * rb), MPI_BYTE, src, 202, c.handle(),
                         MPI_STATUS_IGNORE);
                st.attempt([&] { f->write_at(offset, buf.data(), k * rb, piece_bytes_); });
                offset += k * rb;
            }
        }
        st.inject(path, c.rank());
        st.hang(path, c.rank());
        st.attempt([&] {
            if (sync_) f->sync();
            f->close();
        });
    } else {
        MPI_Send(&r.count, 1, MPI_INT64_T, 0, 201, c.handle());
        for (std::int64_t done = 0; done < r.count; done += chunk_records) {
            const std::int64_t k = std::min(chunk_records, r.count - done);
            MPI_Send(r.bytes + done * rb, static_cast<int>(k * rb), MPI_BYTE, 0, 202, c.handle());
        }
    }
    st.agree(c);
    return finish_outcome(c, t0, {mine}, "rank", 1, r);
}

// file-per-process: every rank writes its own file, with no communication but the metadata's.
WriteOutcome FilePerProcessWriter::write(const std::string& directory, const std::string& stem,
                                         const LocalRecords& r) {
    const parallel::Comm& c = comm_;
    const std::string name = data_file_name(stem, "p", c.rank());
    const std::int64_t first = first_.get(r, [&] { return exclusive_prefix(c, r.count); });
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    const double t0 = wall_seconds();
    const std::string path = join_path(directory, name);
    WriteStatus st(directory);
    st.attempt([&] { write_whole_file(path, r.bytes, r.count * rb, piece_bytes_, sync_); });
    st.inject(path, c.rank());
    st.hang(path, c.rank());
    st.agree(c);
    return finish_outcome(c, t0,
                          {make_piece(name, first, 0, r.bytes, r.count, r.record_bytes, r.gid)},
                          "rank", c.size(), r);
}

}  // namespace miniasd
