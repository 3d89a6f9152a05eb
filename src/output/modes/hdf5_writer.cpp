#include <hdf5.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "output/format/checksum.hpp"
#include "output/format/file_io.hpp"
#include "output/modes/writer_common.hpp"
#include "output/modes/writers.hpp"
#include "parallel/environment.hpp"
#include "util/error.hpp"
#include "util/timers.hpp"

namespace miniasd {

using namespace output_detail;

namespace {

// HDF5 identifiers closed on scope exit, and failures turned into exceptions (HDF5's own error
// printing is switched off: the exception says what failed).
class Id {
  public:
    Id(hid_t id, herr_t (*close)(hid_t), const std::string& what) : id_(id), close_(close) {
        if (id_ < 0) throw LocalError("HDF5: " + what + " failed");
    }
    ~Id() {
        if (id_ >= 0) close_(id_);
    }
    Id(Id&& o) noexcept : id_(o.release()), close_(o.close_) {}  // returned by the factories
    Id(const Id&) = delete;
    Id& operator=(const Id&) = delete;
    Id& operator=(Id&&) = delete;
    operator hid_t() const { return id_; }
    // Gives up the identifier (the caller closes it and checks the result).
    hid_t release() {
        const hid_t id = id_;
        id_ = -1;
        return id;
    }

  private:
    hid_t id_;
    herr_t (*close_)(hid_t);
};

// The innermost description on HDF5's error stack (where the failure began: "file write
// failed ... error message = 'No space left on device'"), cut to one line.
std::string hdf5_cause() {
    std::string cause;
    H5Ewalk2(
        H5E_DEFAULT, H5E_WALK_UPWARD,
        [](unsigned n, const H5E_error2_t* e, void* out) -> herr_t {
            if (n == 0 && e->desc) *static_cast<std::string*>(out) = e->desc;
            return 0;
        },
        &cause);
    if (cause.size() > 300) cause = cause.substr(0, 300) + "...";
    return cause.empty() ? "" : ": " + cause;
}

void check(herr_t rc, const std::string& what) {
    if (rc < 0) throw LocalError("HDF5: " + what + " failed" + hdf5_cause());
}

// The coordinate record (records.hpp) as a packed compound: x, y, z, gid, material.
hid_t coordinate_type() {
    const hid_t t = H5Tcreate(H5T_COMPOUND, 36);
    H5Tinsert(t, "x", 0, H5T_IEEE_F64LE);
    H5Tinsert(t, "y", 8, H5T_IEEE_F64LE);
    H5Tinsert(t, "z", 16, H5T_IEEE_F64LE);
    H5Tinsert(t, "gid", 24, H5T_STD_I64LE);
    H5Tinsert(t, "material", 32, H5T_STD_I32LE);
    return t;
}

const char* io_mode_name(H5D_mpio_actual_io_mode_t m) {
    switch (m) {
        case H5D_MPIO_NO_COLLECTIVE:
            return "independent";
        case H5D_MPIO_CHUNK_INDEPENDENT:
            return "chunk-independent";
        case H5D_MPIO_CHUNK_COLLECTIVE:
            return "chunk-collective";
        case H5D_MPIO_CHUNK_MIXED:
            return "chunk-mixed";
        case H5D_MPIO_CONTIGUOUS_COLLECTIVE:
            return "contiguous-collective";
    }
    return "unknown";
}

// XDMF 3 that shows a spin snapshot in ParaView, VTK (pyvista) and meshio: points at
// coordinates.h5:/positions with coordinates.h5:/vertices as the vertex list (meshio needs one),
// vectors from <stem>.h5:/spins. No <Time> element, which meshio refuses in a single grid: the
// time, in picoseconds like every other output, is in the grid's name.
void write_xdmf(const std::string& path, const std::string& stem, std::int64_t n, int precision,
                double time) {
    std::FILE* f = std::fopen(path.c_str(), "w");
    if (!f) throw LocalError("cannot create " + path + ": " + std::strerror(errno));
    std::fprintf(f,
                 "<?xml version=\"1.0\" ?>\n"
                 "<!-- miniASD spin snapshot: positions in angstrom, spins as unit vectors, time "
                 "in picoseconds -->\n"
                 "<Xdmf Version=\"3.0\">\n"
                 " <Domain>\n"
                 "  <Grid Name=\"%s, t = %.17g ps\" GridType=\"Uniform\">\n"
                 "   <Topology TopologyType=\"Polyvertex\" NumberOfElements=\"%lld\" "
                 "NodesPerElement=\"1\">\n"
                 "    <DataItem Dimensions=\"%lld 1\" NumberType=\"Int\" Precision=\"8\" "
                 "Format=\"HDF\">coordinates.h5:/vertices</DataItem>\n"
                 "   </Topology>\n"
                 "   <Geometry GeometryType=\"XYZ\">\n"
                 "    <DataItem Dimensions=\"%lld 3\" NumberType=\"Float\" Precision=\"8\" "
                 "Format=\"HDF\">coordinates.h5:/positions</DataItem>\n"
                 "   </Geometry>\n"
                 "   <Attribute Name=\"spin\" AttributeType=\"Vector\" Center=\"Node\">\n"
                 "    <DataItem Dimensions=\"%lld 3\" NumberType=\"Float\" Precision=\"%d\" "
                 "Format=\"HDF\">%s.h5:/spins</DataItem>\n"
                 "   </Attribute>\n"
                 "  </Grid>\n"
                 " </Domain>\n"
                 "</Xdmf>\n",
                 stem.c_str(), time * 1e12, (long long)n, (long long)n, (long long)n, (long long)n,
                 precision, stem.c_str());
    if (std::fclose(f) != 0) throw LocalError("writing " + path + " failed");
}

Id simple_space(hsize_t rows, hsize_t columns) {
    const hsize_t dims[2] = {rows, columns};
    return Id(H5Screate_simple(2, dims, nullptr), H5Sclose, "dataspace");
}

// Contiguous, allocated at creation, never filled, and without creation/modification times in
// the object headers: the same spins give the same file bytes whenever (and however:
// synchronously or not) they are written.
Id creation_list() {
    Id dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "dataset creation list");
    check(H5Pset_layout(dcpl, H5D_CONTIGUOUS), "contiguous layout");
    check(H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY), "early allocation");
    check(H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER), "no fill");
    check(H5Pset_obj_track_times(dcpl, false), "no object times");
    return dcpl;
}

Id collective_transfers() {
    Id dxpl(H5Pcreate(H5P_DATASET_XFER), H5Pclose, "transfer list");
    check(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE), "collective transfers");
    return dxpl;
}

// The file, created by the writer ranks together through HDF5's MPI-IO driver.
Id create_file(const std::string& path, MPI_Comm writers, const std::string& hints) {
    Id fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "file access list");
    MPI_Info info = make_info(hints);  // HDF5 keeps a copy
    check(H5Pset_fapl_mpio(fapl, writers, info), "MPI-IO driver");
    MPI_Info_free(&info);
    return Id(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl), H5Fclose,
              "creating " + path);
}

// Where a writer's rows lie in the file and the checksums of their bytes, to read back.
struct Written {
    Checksum64 sum;
    std::int64_t first_gid = -1, data_offset = 0;
    // The coordinates' copy of the positions (for XDMF), read back like the data: this writer's
    // rows of it, their bytes' checksum and where they start in the file.
    Checksum64 positions_sum, vertices_sum;
    std::int64_t positions_first = -1, positions_rows = 0, positions_offset = 0,
                 vertices_offset = 0;
    std::string io_mode = "none";
};

// The datasets of one snapshot file on a writer rank: /spins (n x 3 values), or /coordinates
// (compound records) with its copies for XDMF readers, /positions (n x 3) and /vertices (n x 1).
// Every object closes when this does, before the file.
class SnapshotDatasets {
  public:
    SnapshotDatasets(hid_t file, const std::string& path, const LocalRecords& r, std::int64_t total,
                     WriteStatus& st)
        : path_(path),
          r_(r),
          st_(st),
          rb_(static_cast<std::int64_t>(r.record_bytes)),
          coords_(r.coordinates),
          rows_(static_cast<hsize_t>(total)),
          value_type_(rb_ == 12 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE),
          dcpl_(creation_list()),
          dxpl_(collective_transfers()),
          space2_(simple_space(rows_, 3)),
          space1_(H5Screate_simple(1, &rows_, nullptr), H5Sclose, "dataspace"),
          space_v_(simple_space(rows_, 1)),
          ctype_(coords_ ? coordinate_type() : H5Tcopy(H5T_IEEE_F64LE), H5Tclose, "compound type"),
          data_(H5Dcreate2(
                    file, coords_ ? "coordinates" : "spins", coords_ ? hid_t(ctype_) : value_type_,
                    coords_ ? hid_t(space1_) : hid_t(space2_), H5P_DEFAULT, dcpl_, H5P_DEFAULT),
                H5Dclose, "creating the dataset in " + path) {
        if (!coords_) return;
        positions_ = std::make_unique<Id>(
            H5Dcreate2(file, "positions", H5T_IEEE_F64LE, space2_, H5P_DEFAULT, dcpl_, H5P_DEFAULT),
            H5Dclose, "creating the positions in " + path);
        // Each atom's row number, the vertex list XDMF readers such as meshio need.
        vertices_ = std::make_unique<Id>(
            H5Dcreate2(file, "vertices", H5T_STD_I64LE, space_v_, H5P_DEFAULT, dcpl_, H5P_DEFAULT),
            H5Dclose, "creating the vertices in " + path);
    }

    // Rows [first, first + n) of the file from this writer (bytes: n records); every writer
    // calls for every round, with none selected if n = 0.
    void write_piece(std::int64_t first, const char* bytes, std::int64_t n,
                     const std::int64_t* gids) {
        if (out.first_gid < 0 && n > 0) out.first_gid = gids[0];
        out.sum.update(bytes, static_cast<std::size_t>(n * rb_));
        if (!coords_) {
            write_rows(data_, space2_, value_type_, bytes, first, n, 3);
            return;
        }
        write_rows(data_, space1_, ctype_, bytes, first, n, 0);
        xyz_.resize(static_cast<std::size_t>(3 * n));
        for (std::int64_t k = 0; k < n; ++k)
            std::memcpy(&xyz_[3 * k], bytes + k * rb_, 24);
        write_rows(*positions_, space2_, H5T_NATIVE_DOUBLE, xyz_.data(), first, n, 3);
        rows_of_.resize(static_cast<std::size_t>(n));
        for (std::int64_t k = 0; k < n; ++k)
            rows_of_[static_cast<std::size_t>(k)] = first + k;
        write_rows(*vertices_, space_v_, H5T_NATIVE_INT64, rows_of_.data(), first, n, 1);
        out.vertices_sum.update(rows_of_.data(), static_cast<std::size_t>(8 * n));
        if (out.positions_first < 0 && n > 0) out.positions_first = first;
        out.positions_rows += n;
        out.positions_sum.update(xyz_.data(), static_cast<std::size_t>(24 * n));
    }

    // After the last round: the transfer mode HDF5 used, the attributes (time, field, ...) and
    // where the datasets lie in the file, to read them back.
    void finish(std::int64_t total) {
        H5D_mpio_actual_io_mode_t mode;
        if (H5Pget_mpio_actual_io_mode(dxpl_, &mode) >= 0) out.io_mode = io_mode_name(mode);
        for (const auto& [key, value] : r_.attributes) {
            Id scalar(H5Screate(H5S_SCALAR), H5Sclose, "dataspace");
            Id attr(
                H5Acreate2(data_, key.c_str(), H5T_IEEE_F64LE, scalar, H5P_DEFAULT, H5P_DEFAULT),
                H5Aclose, "attribute " + key);
            check(H5Awrite(attr, H5T_NATIVE_DOUBLE, &value), "attribute " + key);
        }
        if (total == 0) return;
        out.data_offset = offset_of(data_);
        if (!positions_) return;
        out.positions_offset = offset_of(*positions_);
        out.vertices_offset = offset_of(*vertices_);
    }

    Written out;

  private:
    // columns 0: a one-dimensional dataset (the compound records).
    void write_rows(hid_t dset, hid_t file_space, hid_t mem_type, const void* buf,
                    std::int64_t first, std::int64_t n, hsize_t columns) {
        const int rank = columns == 0 ? 1 : 2;
        Id fs(H5Scopy(file_space), H5Sclose, "dataspace");
        const hsize_t start[2] = {static_cast<hsize_t>(first), 0};
        const hsize_t count[2] = {static_cast<hsize_t>(n), columns};
        if (n > 0)
            check(H5Sselect_hyperslab(fs, H5S_SELECT_SET, start, nullptr, count, nullptr),
                  "selection");
        else
            check(H5Sselect_none(fs), "selection");
        Id ms(H5Screate_simple(rank, count, nullptr), H5Sclose, "memory dataspace");
        if (n == 0) check(H5Sselect_none(ms), "selection");
        // A failed write (a full disk) is agreed after the collective calls, in the writer.
        st_.attempt(
            [&] { check(H5Dwrite(dset, mem_type, ms, fs, dxpl_, buf), "writing " + path_); });
    }

    std::int64_t offset_of(hid_t dset) const {
        const haddr_t at = H5Dget_offset(dset);
        if (at == HADDR_UNDEF) throw LocalError("HDF5: no contiguous storage in " + path_);
        return static_cast<std::int64_t>(at);
    }

    const std::string& path_;
    const LocalRecords& r_;
    WriteStatus& st_;
    const std::int64_t rb_;
    const bool coords_;
    const hsize_t rows_;
    const hid_t value_type_;
    Id dcpl_, dxpl_, space2_, space1_, space_v_, ctype_, data_;
    std::unique_ptr<Id> positions_, vertices_;
    std::vector<double> xyz_;
    std::vector<std::int64_t> rows_of_;
};

// The copies of the positions are checked, not listed in the metadata: readers take
// /coordinates. HDF5 passes a failed write of its MPI-IO driver on only sometimes: read back.
void verify_copies(const Written& w, const std::string& name, WriteStatus& st, int rank) {
    if (w.positions_rows == 0) return;
    FilePiece copy;
    copy.file = name;
    copy.offset = w.positions_offset + 24 * w.positions_first;
    copy.length = 24 * w.positions_rows;
    copy.checksum = w.positions_sum.finish();
    st.lose(copy, rank, "/positions");
    st.verify({copy});
    FilePiece list = copy;
    list.offset = w.vertices_offset + 8 * w.positions_first;
    list.length = 8 * w.positions_rows;
    list.checksum = w.vertices_sum.finish();
    st.lose(list, rank, "/vertices");
    st.verify({list});
}

}  // namespace

Hdf5Writer::Hdf5Writer(parallel::Comm c, const SnapshotSection& o)
    : WriterBase(OutputMode::hdf5, c, o),
      order_(std::move(c), o.output_nodes > 0 ? o.output_nodes : comm_.size(), o.piece_bytes) {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

WriteOutcome Hdf5Writer::write(const std::string& directory, const std::string& stem,
                               const LocalRecords& r) {
    const std::string name = stem + ".h5";
    const std::string path = join_path(directory, name);
    const std::int64_t total = order_.total_records(r);
    const bool writer = order_.my_writer() >= 0;
    const double t0 = wall_seconds();
    Written w;
    WriteStatus st(directory);
    bool closed_failed = false;
    double closed_at = 0;  // when this rank's part ended: the file's close (wall_seconds())
    if (writer) {
        Id file = create_file(path, order_.writer_comm().handle(), hints_);
        {
            SnapshotDatasets sets(file, path, r, total, st);
            order_.run(r,
                       [&](std::int64_t first, const char* bytes, std::int64_t n,
                           const std::int64_t* gids) { sets.write_piece(first, bytes, n, gids); });
            sets.finish(total);
            w = sets.out;
            st.inject(path, comm_.rank());
            st.hang(path, comm_.rank());
            if (sync_)
                st.attempt([&] { check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flushing " + path); });
        }
        // Closing writes the metadata HDF5 keeps in memory: its failure is a failed write.
        // (Collective on the writers: every writer closes, whatever failed before.)
        const herr_t closed = H5Fclose(file.release());
        closed_failed = closed < 0;
        closed_at = wall_seconds();
        st.attempt([&] { check(closed, "closing " + path); });
    } else {
        // Ranks that only send still take part in every round of the redistribution.
        order_.run(r, [](std::int64_t, const char*, std::int64_t, const std::int64_t*) {});
        closed_at = wall_seconds();
    }
    // HDF5 keeps a file whose close failed in its tables and crashes when MPI_Finalize makes it
    // close it again (HDF5 1.10): every rank then ends without MPI_Finalize, after the error.
    if (comm_.max(closed_failed ? 1.0 : 0.0) > 0) parallel::Environment::skip_finalize();
    std::vector<FilePiece> mine;
    if (writer) {
        mine.push_back(order_.writer_piece(r, name, w.data_offset, w.sum.finish(), w.first_gid));
        // HDF5 passes a failed write of its MPI-IO driver on only sometimes: read back.
        st.lose(mine[0], comm_.rank());
        st.verify(mine);
        verify_copies(w, name, st, comm_.rank());
    }
    st.agree(comm_);  // before the XDMF file, which would present the snapshot as complete
    if (!r.coordinates && comm_.is_root()) {
        double time = 0;
        for (const auto& [key, value] : r.attributes)
            if (key == "time") time = value;
        write_xdmf(join_path(directory, stem + ".xmf"), stem, total, r.record_bytes == 12 ? 4 : 8,
                   time);
    }
    WriteOutcome out = finish_outcome(comm_, t0, mine, "global", order_.writers(), r, closed_at);
    out.extra = {{"hdf5-io-mode", w.io_mode},
                 {"hdf5-dataset", r.coordinates ? "/coordinates" : "/spins"}};
    return out;
}

}  // namespace miniasd
