#include <mpi.h>

#include "output/format/checksum.hpp"
#include "output/format/file_io.hpp"
#include "output/modes/writer_common.hpp"
#include "output/modes/writers.hpp"
#include "util/error.hpp"
#include "util/timers.hpp"

namespace miniasd {

using namespace output_detail;

SortedWriter::SortedWriter(parallel::Comm c, const SnapshotSection& o, bool verbose)
    : WriterBase(OutputMode::sorted, c, o, verbose),
      order_(std::move(c), o.output_nodes, o.piece_bytes) {}

WriteOutcome SortedWriter::write(const std::string& directory, const std::string& stem,
                                 const LocalRecords& r) {
    const std::string name = data_file_name(stem, nullptr, 0);
    const std::string path = join_path(directory, name);
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    const double t0 = wall_seconds();
    const bool writer = order_.my_writer() >= 0;
    MPI_File fh = MPI_FILE_NULL;
    WriteStatus st(directory);
    bool opened = false;
    double closed = 0;  // when this rank's part ended: the file's close (wall_seconds())
    if (writer) {
        MPI_Info info = make_info(hints_);
        const int rc = MPI_File_open(order_.writer_comm().handle(), path.c_str(),
                                     MPI_MODE_CREATE | MPI_MODE_WRONLY, info, &fh);
        MPI_Info_free(&info);
        st.check_mpi(rc, "opening " + path);
        opened = rc == MPI_SUCCESS;  // collective: the same on every writer
        if (opened) st.check_mpi(MPI_File_set_size(fh, 0), "truncating " + path);
        report_hints(fh, path, opened);
    }
    Checksum64 sum;
    std::int64_t first_gid = -1;
    // Writers write their ordered slices with long contiguous collective writes.
    order_.run(
        r, [&](std::int64_t first, const char* bytes, std::int64_t n, const std::int64_t* gids) {
            if (first_gid < 0 && n > 0) first_gid = gids[0];
            sum.update(bytes, static_cast<std::size_t>(n * rb));
            if (!opened) return;
            MPI_Status status;
            const int len = static_cast<int>(n * rb);
            st.check_mpi(MPI_File_write_at_all(fh, first * rb, bytes, len, MPI_BYTE, &status),
                         "writing " + path);
            int written = 0;
            if (len > 0) MPI_Get_count(&status, MPI_BYTE, &written);
            if (written != len)
                st.fail("writing " + path + ": " + std::to_string(written) + " of " +
                        std::to_string(len) + " bytes written");
        });
    std::vector<FilePiece> mine;
    if (writer) mine.push_back(order_.writer_piece(r, name, 0, sum.finish(), first_gid));
    closed = wall_seconds();  // a rank that only sends is done here
    if (opened) {
        st.inject(path, comm_.rank());
        st.hang(path, comm_.rank());
        if (sync_) st.check_mpi(MPI_File_sync(fh), "syncing " + path);
        st.check_mpi(MPI_File_close(&fh), "closing " + path);
        closed = wall_seconds();
        st.lose(mine[0], comm_.rank());
        st.verify(mine);
    }
    st.agree(comm_);
    return finish_outcome(comm_, t0, mine, "global", order_.writers(), r, closed);
}

}  // namespace miniasd
