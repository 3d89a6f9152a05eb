#include "formats.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "output/format/reader.hpp"
#include "util/shortest.hpp"

namespace miniasd::convert {

namespace {

template <class T>
void append_le(std::string& out, T v) {
    unsigned char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    // Formats here are little-endian; swap on a big-endian host.
    const std::uint16_t probe = 1;
    if (*reinterpret_cast<const unsigned char*>(&probe) != 1)
        for (std::size_t k = 0; k < sizeof(T) / 2; ++k)
            std::swap(b[k], b[sizeof(T) - 1 - k]);
    out.append(reinterpret_cast<const char*>(b), sizeof(T));
}

}  // namespace

std::string to_canonical(const Frame& f) {
    return canonical_bytes(f.has_vectors() ? f.vector : f.position);
}

std::string to_csv(const Frame& f) {
    const bool cells = f.macro_cells();
    std::string out = cells ? "cell,x[A],y[A],z[A],atoms" : "gid,x[A],y[A],z[A],material";
    if (f.has_vectors()) out += cells ? ",mx,my,mz,|m|" : ",sx,sy,sz";
    out += '\n';
    out.reserve(out.size() + f.size() * 120);
    for (std::size_t k = 0; k < f.size(); ++k) {
        out += std::to_string(f.id[k]);
        for (int a = 0; a < 3; ++a) {
            out += ',';
            append_shortest(out, f.position[3 * k + a]);
        }
        out += ',' + std::to_string(cells ? f.atoms[k] : std::int64_t(f.material[k] + 1));
        if (f.has_vectors()) {
            const double* v = &f.vector[3 * k];
            for (int a = 0; a < 3; ++a) {
                out += ',';
                append_shortest(out, v[a]);
            }
            if (cells) {
                out += ',';
                append_shortest(out, std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]));
            }
        }
        out += '\n';
    }
    return out;
}

std::string to_xyz(const Frame& f) {
    const bool cells = f.macro_cells();
    std::string out = std::to_string(f.size()) + "\nLattice=\"";
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b) {
            if (a || b) out += ' ';
            append_shortest(out, a == b ? f.meta.box[a] : 0.0);
        }
    out += "\" Properties=species:S:1:pos:R:3";
    // OVITO maps a column named "spin" to its scalar Spin property and keeps s_x alone; "dipoles"
    // is its vector property Dipole Orientation, with arrows a checkbox away.
    if (f.has_vectors()) out += cells ? ":magnetisation:R:3" : ":dipoles:R:3";
    out += cells ? ":atoms:I:1:id:I:1" : ":material:I:1:id:I:1";
    out += " pbc=\"";
    for (int a = 0; a < 3; ++a)
        out += std::string(a ? " " : "") + (f.meta.periodic[a] ? "T" : "F");
    out += "\" Time=";
    append_shortest(out, picoseconds(f.meta));
    out += " step=" + std::to_string(f.meta.step) + " temperature=";
    append_shortest(out, f.meta.temperature);
    out += " snapshot=" + std::to_string(f.meta.snapshot) + '\n';
    out.reserve(out.size() + f.size() * 120);
    for (std::size_t k = 0; k < f.size(); ++k) {
        out += cells ? std::string("cell") : f.species(k);
        for (int a = 0; a < 3; ++a) {
            out += ' ';
            append_shortest(out, f.position[3 * k + a]);
        }
        if (f.has_vectors())
            for (int a = 0; a < 3; ++a) {
                out += ' ';
                append_shortest(out, f.vector[3 * k + a]);
            }
        out += ' ' + std::to_string(cells ? f.atoms[k] : std::int64_t(f.material[k] + 1)) + ' ' +
               std::to_string(f.id[k]) + '\n';
    }
    return out;
}

std::string to_vtu(const Frame& f) {
    const std::uint64_t n = f.size();
    // Appended blocks in order; each is a UInt64 byte count followed by the data.
    struct Array {
        std::string xml_head;  // "<DataArray ..." without offset
        std::string data;
    };
    auto array = [](const std::string& type, const std::string& name, int components) {
        std::string head = "<DataArray type=\"" + type + "\"";
        if (!name.empty()) head += " Name=\"" + name + "\"";
        if (components > 1) head += " NumberOfComponents=\"" + std::to_string(components) + "\"";
        return Array{head + " format=\"appended\"", {}};
    };
    std::vector<Array> point_data;
    if (f.has_vectors()) {
        point_data.push_back(array("Float64", f.vector_name(), 3));
        for (double v : f.vector)
            append_le(point_data.back().data, v);
    }
    if (f.macro_cells()) {
        point_data.push_back(array("Int64", "atoms", 1));
        for (std::int64_t v : f.atoms)
            append_le(point_data.back().data, v);
    } else {
        point_data.push_back(array("Int32", "material", 1));  // 1-based, as in input files
        for (std::int32_t v : f.material)
            append_le(point_data.back().data, std::int32_t(v + 1));
    }
    point_data.push_back(array("Int64", "id", 1));
    for (std::int64_t v : f.id)
        append_le(point_data.back().data, v);
    Array points = array("Float64", "", 3);
    for (double v : f.position)
        append_le(points.data, v);
    std::vector<Array> cells = {array("Int64", "connectivity", 1), array("Int64", "offsets", 1),
                                array("UInt8", "types", 1)};
    for (std::uint64_t k = 0; k < n; ++k) {
        append_le(cells[0].data, std::int64_t(k));
        append_le(cells[1].data, std::int64_t(k + 1));
        append_le(cells[2].data, std::uint8_t(1));  // VTK_VERTEX
    }

    std::uint64_t offset = 0;
    std::string appended;
    auto place = [&](const Array& a) {
        std::string xml = a.xml_head + " offset=\"" + std::to_string(offset) + "\"/>\n";
        append_le(appended, std::uint64_t(a.data.size()));
        appended += a.data;
        offset += 8 + a.data.size();
        return xml;
    };
    std::string out =
        "<?xml version=\"1.0\"?>\n"
        "<!-- miniASD snapshot " +
        std::to_string(f.meta.snapshot) + ", step " + std::to_string(f.meta.step) +
        "; positions in angstrom, time in ps -->\n"
        "<VTKFile type=\"UnstructuredGrid\" version=\"1.0\" byte_order=\"LittleEndian\" "
        "header_type=\"UInt64\">\n<UnstructuredGrid>\n<FieldData>\n"
        "<DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" format=\"ascii\">";
    append_shortest(out, picoseconds(f.meta));
    out += "</DataArray>\n</FieldData>\n<Piece NumberOfPoints=\"" + std::to_string(n) +
           "\" NumberOfCells=\"" + std::to_string(n) + "\">\n<PointData";
    if (f.has_vectors()) out += std::string(" Vectors=\"") + f.vector_name() + "\"";
    out += ">\n";
    for (const Array& a : point_data)
        out += place(a);
    out += "</PointData>\n<Points>\n" + place(points) + "</Points>\n<Cells>\n";
    for (const Array& a : cells)
        out += place(a);
    out += "</Cells>\n</Piece>\n</UnstructuredGrid>\n<AppendedData encoding=\"raw\">\n_";
    out += appended;
    out += "\n</AppendedData>\n</VTKFile>\n";
    return out;
}

std::string to_pvd(const std::vector<PvdEntry>& entries) {
    std::string out =
        "<?xml version=\"1.0\"?>\n<!-- miniASD snapshots; timestep in ps -->\n"
        "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
        "<Collection>\n";
    for (const PvdEntry& e : entries) {
        out += "  <DataSet timestep=\"";
        append_shortest(out, e.time_ps);
        out += "\" group=\"\" part=\"0\" file=\"" + e.file + "\"/>\n";
    }
    return out + "</Collection>\n</VTKFile>\n";
}

}  // namespace miniasd::convert
