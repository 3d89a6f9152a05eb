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
    Id(const Id&) = delete;
    Id& operator=(const Id&) = delete;
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
    const std::int64_t rb = static_cast<std::int64_t>(r.record_bytes);
    const std::int64_t total = order_.total_records(r);
    const bool writer = order_.my_writer() >= 0;
    const double t0 = wall_seconds();
    Checksum64 sum;
    std::int64_t first_gid = -1;
    std::int64_t data_offset = 0;
    // The coordinates' copy of the positions (for XDMF), read back like the data: this writer's
    // rows of it, their bytes' checksum and where they start in the file.
    Checksum64 positions_sum, vertices_sum;
    std::int64_t positions_first = -1, positions_rows = 0, positions_offset = 0,
                 vertices_offset = 0;
    std::string io_mode = "none";
    WriteStatus st(directory);
    bool closed_failed = false;
    double closed_at = 0;  // when this rank's part ended: the file's close (wall_seconds())
    if (writer) {
        Id fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "file access list");
        MPI_Info info = make_info(hints_);  // HDF5 keeps a copy
        check(H5Pset_fapl_mpio(fapl, order_.writer_comm().handle(), info), "MPI-IO driver");
        MPI_Info_free(&info);
        Id file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl), H5Fclose,
                "creating " + path);
        {  // every object of the file closes at the end of this block, before the file
            Id dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "dataset creation list");
            check(H5Pset_layout(dcpl, H5D_CONTIGUOUS), "contiguous layout");
            check(H5Pset_alloc_time(dcpl, H5D_ALLOC_TIME_EARLY), "early allocation");
            check(H5Pset_fill_time(dcpl, H5D_FILL_TIME_NEVER), "no fill");
            // No creation/modification times in the object headers: the same spins give the same
            // file bytes whenever (and however: synchronously or not) they are written.
            check(H5Pset_obj_track_times(dcpl, false), "no object times");
            Id dxpl(H5Pcreate(H5P_DATASET_XFER), H5Pclose, "transfer list");
            check(H5Pset_dxpl_mpio(dxpl, H5FD_MPIO_COLLECTIVE), "collective transfers");

            const hsize_t rows = static_cast<hsize_t>(total);
            const hsize_t dims2[2] = {rows, 3};
            Id space2(H5Screate_simple(2, dims2, nullptr), H5Sclose, "dataspace");
            Id space1(H5Screate_simple(1, &rows, nullptr), H5Sclose, "dataspace");
            const bool coords = r.coordinates;
            const hid_t value_type = rb == 12 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE;
            Id ctype(coords ? coordinate_type() : H5Tcopy(H5T_IEEE_F64LE), H5Tclose,
                     "compound type");
            Id data(H5Dcreate2(
                        file, coords ? "coordinates" : "spins", coords ? hid_t(ctype) : value_type,
                        coords ? hid_t(space1) : hid_t(space2), H5P_DEFAULT, dcpl, H5P_DEFAULT),
                    H5Dclose, "creating the dataset in " + path);
            std::unique_ptr<Id> positions, vertices;
            const hsize_t dims_v[2] = {rows, 1};
            Id space_v(H5Screate_simple(2, dims_v, nullptr), H5Sclose, "dataspace");
            if (coords) {
                positions = std::make_unique<Id>(H5Dcreate2(file, "positions", H5T_IEEE_F64LE,
                                                            space2, H5P_DEFAULT, dcpl, H5P_DEFAULT),
                                                 H5Dclose, "creating the positions in " + path);
                // Each atom's row number, the vertex list XDMF readers such as meshio need.
                vertices = std::make_unique<Id>(H5Dcreate2(file, "vertices", H5T_STD_I64LE, space_v,
                                                           H5P_DEFAULT, dcpl, H5P_DEFAULT),
                                                H5Dclose, "creating the vertices in " + path);
            }
            std::vector<double> xyz;
            std::vector<std::int64_t> rows_of;
            order_.run(r, [&](std::int64_t first, const char* bytes, std::int64_t n,
                              const std::int64_t* gids) {
                if (first_gid < 0 && n > 0) first_gid = gids[0];
                sum.update(bytes, static_cast<std::size_t>(n * rb));
                // Rows [first, first + n) of the file; every writer calls, with none selected if n
                // = 0.
                auto write_rows = [&](hid_t dset, hid_t file_space, int rank, hid_t mem_type,
                                      const void* buf, hsize_t columns = 3) {
                    Id fs(H5Scopy(file_space), H5Sclose, "dataspace");
                    const hsize_t start[2] = {static_cast<hsize_t>(first), 0};
                    const hsize_t count[2] = {static_cast<hsize_t>(n), columns};
                    if (n > 0)
                        check(
                            H5Sselect_hyperslab(fs, H5S_SELECT_SET, start, nullptr, count, nullptr),
                            "selection");
                    else
                        check(H5Sselect_none(fs), "selection");
                    Id ms(H5Screate_simple(rank, count, nullptr), H5Sclose, "memory dataspace");
                    if (n == 0) check(H5Sselect_none(ms), "selection");
                    // A failed write (a full disk) is agreed after the collective calls, below.
                    st.attempt([&] {
                        check(H5Dwrite(dset, mem_type, ms, fs, dxpl, buf), "writing " + path);
                    });
                };
                if (!coords) {
                    write_rows(data, space2, 2, value_type, bytes);
                    return;
                }
                write_rows(data, space1, 1, ctype, bytes);
                xyz.resize(static_cast<std::size_t>(3 * n));
                for (std::int64_t k = 0; k < n; ++k)
                    std::memcpy(&xyz[3 * k], bytes + k * rb, 24);
                write_rows(*positions, space2, 2, H5T_NATIVE_DOUBLE, xyz.data());
                rows_of.resize(static_cast<std::size_t>(n));
                for (std::int64_t k = 0; k < n; ++k)
                    rows_of[static_cast<std::size_t>(k)] = first + k;
                write_rows(*vertices, space_v, 2, H5T_NATIVE_INT64, rows_of.data(), 1);
                vertices_sum.update(rows_of.data(), static_cast<std::size_t>(8 * n));
                if (positions_first < 0 && n > 0) positions_first = first;
                positions_rows += n;
                positions_sum.update(xyz.data(), static_cast<std::size_t>(24 * n));
            });
            H5D_mpio_actual_io_mode_t mode;
            if (H5Pget_mpio_actual_io_mode(dxpl, &mode) >= 0) io_mode = io_mode_name(mode);
            for (const auto& [key, value] : r.attributes) {
                Id scalar(H5Screate(H5S_SCALAR), H5Sclose, "dataspace");
                Id attr(
                    H5Acreate2(data, key.c_str(), H5T_IEEE_F64LE, scalar, H5P_DEFAULT, H5P_DEFAULT),
                    H5Aclose, "attribute " + key);
                check(H5Awrite(attr, H5T_NATIVE_DOUBLE, &value), "attribute " + key);
            }
            const haddr_t at = H5Dget_offset(data);
            if (at == HADDR_UNDEF && total > 0)
                throw LocalError("HDF5: no contiguous storage in " + path);
            data_offset = total > 0 ? static_cast<std::int64_t>(at) : 0;
            if (positions && total > 0) {
                const haddr_t p = H5Dget_offset(*positions);
                if (p == HADDR_UNDEF) throw LocalError("HDF5: no contiguous storage in " + path);
                positions_offset = static_cast<std::int64_t>(p);
                const haddr_t v = H5Dget_offset(*vertices);
                if (v == HADDR_UNDEF) throw LocalError("HDF5: no contiguous storage in " + path);
                vertices_offset = static_cast<std::int64_t>(v);
            }
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
        mine.push_back(order_.writer_piece(r, name, data_offset, sum.finish(), first_gid));
        // HDF5 passes a failed write of its MPI-IO driver on only sometimes: read back.
        st.lose(mine[0], comm_.rank());
        st.verify(mine);
        if (positions_rows > 0) {  // checked, not listed: readers take /coordinates
            FilePiece copy;
            copy.file = name;
            copy.offset = positions_offset + 24 * positions_first;
            copy.length = 24 * positions_rows;
            copy.checksum = positions_sum.finish();
            st.lose(copy, comm_.rank(), "/positions");
            st.verify({copy});
            FilePiece list = copy;
            list.offset = vertices_offset + 8 * positions_first;
            list.length = 8 * positions_rows;
            list.checksum = vertices_sum.finish();
            st.lose(list, comm_.rank(), "/vertices");
            st.verify({list});
        }
    }
    st.agree(comm_);  // before the XDMF file, which would present the snapshot as complete
    if (!r.coordinates && comm_.is_root()) {
        double time = 0;
        for (const auto& [key, value] : r.attributes)
            if (key == "time") time = value;
        write_xdmf(join_path(directory, stem + ".xmf"), stem, total, rb == 12 ? 4 : 8, time);
    }
    WriteOutcome out = finish_outcome(comm_, t0, mine, "global", order_.writers(), r, closed_at);
    out.extra = {{"hdf5-io-mode", io_mode},
                 {"hdf5-dataset", r.coordinates ? "/coordinates" : "/spins"}};
    return out;
}

}  // namespace miniasd
