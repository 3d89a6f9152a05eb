// The write modes (private to src/output; everything else uses writer.hpp's interface).
#pragma once

#include <map>
#include <memory>
#include <utility>

#include "output/modes/global_order.hpp"
#include "output/modes/writer.hpp"
#include "output/modes/writer_common.hpp"
#include "output/write_modes.hpp"

namespace miniasd {

// What every write mode has: its name (from the write-mode table), its communicator and the
// config: settings the modes share.
class WriterBase : public SnapshotWriter {
  public:
    const char* mode() const final { return write_mode(kind_).name; }

  protected:
    WriterBase(OutputMode kind, parallel::Comm c, const SnapshotSection& o, bool verbose = false)
        : comm_(std::move(c)),
          piece_bytes_(o.piece_bytes),
          sync_(o.sync),
          hints_(o.mpi_io_hints),
          verbose_(verbose),
          kind_(kind) {}
    // -v: rank 0 prints what the MPI-IO library made of the hints, for the first file opened.
    // `opened`: whether this rank has the file open (it does not print otherwise).
    void report_hints(MPI_File fh, const std::string& path, bool opened) {
        if (opened && verbose_ && !hints_reported_ && comm_.is_root())
            output_detail::print_hints(fh, path);
        hints_reported_ = true;
    }

    parallel::Comm comm_;
    std::int64_t piece_bytes_;  // config:output-piece-size: the largest single write, bytes
    bool sync_;                 // config:output-sync
    std::string hints_;         // config:mpi-io-hints
    bool verbose_;              // -v

  private:
    OutputMode kind_;
    bool hints_reported_ = false;
};

class SerialWriter final : public WriterBase {
  public:
    SerialWriter(parallel::Comm c, const SnapshotSection& o)
        : WriterBase(OutputMode::serial, std::move(c), o) {}
    WriteOutcome write(const std::string& directory, const std::string& stem,
                       const LocalRecords& r) override;

  private:
    output_detail::PerRecordSet<std::int64_t> first_;  // this rank's first record
};

class FilePerProcessWriter final : public WriterBase {
  public:
    FilePerProcessWriter(parallel::Comm c, const SnapshotSection& o)
        : WriterBase(OutputMode::file_per_process, std::move(c), o) {}
    WriteOutcome write(const std::string& directory, const std::string& stem,
                       const LocalRecords& r) override;

  private:
    output_detail::PerRecordSet<std::int64_t> first_;  // this rank's first record
};

// mpi-io: one shared file; each rank writes its records at an offset from MPI_Exscan with
// collective MPI_File_write_at_all calls of at most piece_bytes each.
class MpiIoWriter final : public WriterBase {
  public:
    MpiIoWriter(parallel::Comm c, const SnapshotSection& o, bool verbose)
        : WriterBase(OutputMode::mpi_io, std::move(c), o, verbose) {}
    WriteOutcome write(const std::string& directory, const std::string& stem,
                       const LocalRecords& r) override;

  private:
    struct Layout {
        std::int64_t first;   // this rank's first record in the file
        std::int64_t rounds;  // collective writes per file
    };
    output_detail::PerRecordSet<Layout> layouts_;
};

// file-per-node: ranks in I/O groups; each group's master gathers the group's records and writes
// one file. Groups: config:output-nodes contiguous blocks of ranks, or one per shared-memory node.
class FilePerNodeWriter final : public WriterBase {
  public:
    FilePerNodeWriter(parallel::Comm c, const SnapshotSection& o);
    WriteOutcome write(const std::string& directory, const std::string& stem,
                       const LocalRecords& r) override;
    int groups() const { return groups_; }

  private:
    struct Layout {
        std::int64_t first = 0, in_group = 0;  // this rank's first record: snapshot, group file
        std::int64_t rounds = 0;               // gather rounds
        std::vector<std::int64_t> counts, offsets;  // per member, on the master
    };
    output_detail::PerRecordSet<Layout> layouts_;
    parallel::Comm group_;  // this rank's I/O group; its rank 0 writes
    int group_index_ = 0, groups_ = 1;
};

// sorted (DL_POLY's MPIW_SORTED): records are redistributed to K writer ranks by contiguous
// global-id ranges (MPI_Alltoallv), each writer merges its range and writes it in global order to
// one shared file with long contiguous MPI-IO writes. Ranges are processed in rounds so a writer
// never holds more than piece_bytes of records. The file is identical for any number of ranks.
class SortedWriter final : public WriterBase {
  public:
    SortedWriter(parallel::Comm c, const SnapshotSection& o, bool verbose = false);
    WriteOutcome write(const std::string& directory, const std::string& stem,
                       const LocalRecords& r) override;

  private:
    output_detail::GlobalOrder order_;
};

// hdf5: parallel HDF5. Records are put in global order by the same redistribution as `sorted`
// (K writers, by default every rank) and each writer stores its slice with a collective
// H5Dwrite into one dataset: "spins" [N][3] (float64 or float32, attributes time, step,
// temperature, field-x/y/z) or, for coordinates, "coordinates" (the 36-byte record as a packed
// compound) and "positions" [N][3]. Datasets are contiguous and unfiltered, so the metadata's
// file table points at their raw bytes and every reader works without HDF5; an XDMF file
// (<stem>.xmf) beside each snapshot lets ParaView open it directly.
class Hdf5Writer final : public WriterBase {
  public:
    Hdf5Writer(parallel::Comm c, const SnapshotSection& o);
    WriteOutcome write(const std::string& directory, const std::string& stem,
                       const LocalRecords& r) override;

  private:
    output_detail::GlobalOrder order_;
};

}  // namespace miniasd
