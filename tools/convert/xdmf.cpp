#include "xdmf.hpp"

#include <hdf5.h>

#include <mutex>

#include "formats.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd::convert {

namespace {

std::mutex hdf5_mutex;  // the HDF5 library of Debian's parallel build is not thread-safe

// An HDF5 handle closed at the end of its scope; a negative id is an error naming `what`.
class H5 {
  public:
    H5(hid_t id, herr_t (*close)(hid_t), const std::string& what) : id_(id), close_(close) {
        if (id < 0) throw Error("HDF5: " + what + " failed");
    }
    ~H5() { close_(id_); }
    H5(const H5&) = delete;
    H5& operator=(const H5&) = delete;
    operator hid_t() const { return id_; }

  private:
    hid_t id_;
    herr_t (*close_)(hid_t);
};

template <class T>
void dataset(hid_t file, const char* name, hid_t file_type, hid_t memory_type,
             const std::vector<T>& data, hsize_t rows, hsize_t columns, const std::string& path) {
    const hsize_t dims[2] = {rows, columns};
    H5 space(H5Screate_simple(2, dims, nullptr), H5Sclose, "a dataspace for " + path);
    H5 dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "a creation list for " + path);
    // No object times: the same frame gives the same bytes whenever it is converted.
    if (H5Pset_obj_track_times(dcpl, false) < 0) throw Error("HDF5: " + path);
    H5 set(H5Dcreate2(file, name, file_type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT), H5Dclose,
           std::string("creating /") + name + " in " + path);
    if (rows > 0 && H5Dwrite(set, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()) < 0)
        throw Error("HDF5: writing /" + std::string(name) + " to " + path + " failed");
}

std::string item(const std::string& h5, const char* set, std::size_t rows, int columns,
                 const char* type, int precision) {
    return "<DataItem Format=\"HDF\" NumberType=\"" + std::string(type) + "\" Precision=\"" +
           std::to_string(precision) + "\" Dimensions=\"" + std::to_string(rows) + " " +
           std::to_string(columns) + "\">" + h5 + ":/" + set + "</DataItem>";
}

std::string attribute(const std::string& name, const char* kind, const std::string& data) {
    return "   <Attribute Name=\"" + name + "\" AttributeType=\"" + kind +
           "\" Center=\"Node\">\n    " + data + "\n   </Attribute>\n";
}

const char* head =
    "<?xml version=\"1.0\" ?>\n"
    "<!-- miniASD spins from miniasd-convert: positions in angstrom, time in picoseconds, "
    "spins as unit vectors, macro-cell magnetisation as a fraction of saturation -->\n"
    "<Xdmf Version=\"3.0\">\n <Domain>\n";

}  // namespace

void write_xdmf_data(const std::string& path, const Frame& f) {
    const hsize_t n = f.size();
    std::vector<std::int64_t> vertices(n);
    for (hsize_t k = 0; k < n; ++k)
        vertices[k] = static_cast<std::int64_t>(k);
    std::vector<std::int32_t> material(f.material.size());
    for (std::size_t k = 0; k < material.size(); ++k)
        material[k] = f.material[k] + 1;  // 1-based, as in input files
    std::lock_guard<std::mutex> lock(hdf5_mutex);
    H5 file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose,
            "creating " + path);
    dataset(file, "positions", H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, f.position, n, 3, path);
    dataset(file, "vertices", H5T_STD_I64LE, H5T_NATIVE_INT64, vertices, n, 1, path);
    dataset(file, "id", H5T_STD_I64LE, H5T_NATIVE_INT64, f.id, n, 1, path);
    if (f.has_vectors())
        dataset(file, f.vector_name(), H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, f.vector, n, 3, path);
    if (f.macro_cells())
        dataset(file, "atoms", H5T_STD_I64LE, H5T_NATIVE_INT64, f.atoms, n, 1, path);
    else
        dataset(file, "material", H5T_STD_I32LE, H5T_NATIVE_INT32, material, n, 1, path);
}

std::string xdmf_grid(const Frame& f, const std::string& h5, bool time) {
    const std::size_t n = f.size();
    const double ps = picoseconds(f.meta);
    std::string g = "  <Grid Name=\"snapshot " + std::to_string(f.meta.snapshot) + ", step " +
                    std::to_string(f.meta.step) + ", t = " + shortest(ps) +
                    " ps\" GridType=\"Uniform\">\n";
    if (time) g += "   <Time Value=\"" + shortest(ps) + "\"/>\n";
    g += "   <Topology TopologyType=\"Polyvertex\" NumberOfElements=\"" + std::to_string(n) +
         "\" NodesPerElement=\"1\">\n    " + item(h5, "vertices", n, 1, "Int", 8) +
         "\n   </Topology>\n   <Geometry GeometryType=\"XYZ\">\n    " +
         item(h5, "positions", n, 3, "Float", 8) + "\n   </Geometry>\n";
    if (f.has_vectors())
        g += attribute(f.vector_name(), "Vector", item(h5, f.vector_name(), n, 3, "Float", 8));
    if (f.macro_cells())
        g += attribute("atoms", "Scalar", item(h5, "atoms", n, 1, "Int", 8));
    else
        g += attribute("material", "Scalar", item(h5, "material", n, 1, "Int", 4));
    g += attribute("id", "Scalar", item(h5, "id", n, 1, "Int", 8));
    return g + "  </Grid>\n";
}

std::string xdmf_single(const Frame& f, const std::string& h5) {
    return head + xdmf_grid(f, h5, false) + " </Domain>\n</Xdmf>\n";
}

std::string xdmf_series(const std::vector<std::string>& grids) {
    std::string out =
        std::string(head) +
        "  <Grid Name=\"spins\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
    for (const std::string& g : grids)
        out += g;
    return out + "  </Grid>\n </Domain>\n</Xdmf>\n";
}

}  // namespace miniasd::convert
