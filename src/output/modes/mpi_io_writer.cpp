#include <mpi.h>

#include <algorithm>
#include <cstdio>

#include "output/format/file_io.hpp"
#include "output/modes/writer_common.hpp"
#include "output/modes/writers.hpp"
#include "util/error.hpp"
#include "util/timers.hpp"

namespace miniasd {

using namespace output_detail;

WriteOutcome MpiIoWriter::write(const std::string& directory, const std::string& stem,
                                const LocalRecords& r) {
    const parallel::Comm& c = comm_;
    const std::string name = data_file_name(stem, nullptr, 0);
    const std::string path = join_path(directory, name);
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    const std::int64_t bytes = r.count * rb;
    const std::int64_t piece =
        std::clamp<std::int64_t>(piece_bytes_ / rb * rb, rb, std::int64_t(1) << 30);
    // Offsets (one Exscan) and the number of collective writes (as many as the largest piece
    // needs, on every rank) depend only on the record set: computed once per run.
    const Layout& layout = layouts_.get(r, [&] {
        return Layout{exclusive_prefix(c, r.count),
                      static_cast<std::int64_t>(c.max(double((bytes + piece - 1) / piece)))};
    });
    const std::int64_t first = layout.first, rounds = layout.rounds;

    const double t0 = wall_seconds();
    MPI_Info info = make_info(hints_);
    MPI_File fh = MPI_FILE_NULL;
    WriteStatus st(directory);
    // An open fails on every rank alike (it is collective), so all skip the file calls then.
    const int opened =
        MPI_File_open(c.handle(), path.c_str(), MPI_MODE_CREATE | MPI_MODE_WRONLY, info, &fh);
    MPI_Info_free(&info);
    st.check_mpi(opened, "cannot create " + path);
    if (opened == MPI_SUCCESS) {
        // No stale tail from a larger file.
        st.check_mpi(MPI_File_set_size(fh, 0), "truncating " + path);
        report_hints(fh, path, true);
        // After a failure this rank still joins every collective write (the others wait for
        // it); the verdict is agreed below.
        for (std::int64_t k = 0; k < rounds; ++k) {
            const std::int64_t start = std::min(bytes, k * piece);
            const int n = static_cast<int>(std::min(piece, bytes - start));
            MPI_Status status;
            st.check_mpi(MPI_File_write_at_all(fh, first * rb + start, r.bytes + start, n, MPI_BYTE,
                                               &status),
                         "writing " + path);
            // ROMIO leaves the status of a zero-byte write unset: check only real writes.
            int written = 0;
            if (n > 0) MPI_Get_count(&status, MPI_BYTE, &written);
            if (written != n)
                st.fail("writing " + path + ": " + std::to_string(written) + " of " +
                        std::to_string(n) + " bytes written");
        }
        st.inject(path, c.rank());
        st.hang(path, c.rank());
        if (sync_) st.check_mpi(MPI_File_sync(fh), "syncing " + path);
        st.check_mpi(MPI_File_close(&fh), "closing " + path);
    }
    const double closed = wall_seconds();
    const std::vector<FilePiece> mine = {
        make_piece(name, first, first * rb, r.bytes, r.count, r.record_bytes, r.gid)};
    if (opened == MPI_SUCCESS) {
        st.lose(mine[0], c.rank());
        st.verify(mine);
    }
    st.agree(c);
    return finish_outcome(c, t0, mine, "rank", 1, r, closed);
}

}  // namespace miniasd
