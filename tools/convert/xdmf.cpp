#include "xdmf.hpp"

#include <cstring>

#include "formats.hpp"
#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd::convert {

namespace {

template <class T>
void put(std::string& out, std::size_t at, T v) {
    std::memcpy(&out[at], &v, sizeof(T));  // little-endian hosts only (checked by the caller)
}

std::string item(const std::string& file, std::int64_t seek, std::int64_t n, int components,
                 const char* type, int precision) {
    std::string dims = std::to_string(n) + (components > 1 ? " " + std::to_string(components) : "");
    return "<DataItem Format=\"Binary\" Endian=\"Little\" NumberType=\"" + std::string(type) +
           "\" Precision=\"" + std::to_string(precision) + "\" Seek=\"" + std::to_string(seek) +
           "\" Dimensions=\"" + dims + "\">" + file + "</DataItem>";
}

}  // namespace

std::string xdmf_side_file(const RunReader& run) {
    const std::uint16_t probe = 1;
    if (*reinterpret_cast<const unsigned char*>(&probe) != 1)
        throw Error("--to xdmf: this converter writes little-endian side files only");
    const SnapshotData& c = run.coordinates();
    const std::size_t n = c.gid.size();
    std::string out(n * (24 + 8 + 4), '\0');
    const std::vector<std::size_t>& record = run.record_positions();
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t r = record[k];  // where sorted atom k sits in record order
        for (int a = 0; a < 3; ++a)
            put(out, 24 * r + 8 * a, c.values[3 * k + a]);
        put(out, 24 * n + 8 * r, c.gid[k]);
        put(out, 32 * n + 4 * r, std::int32_t(c.material[k] + 1));
    }
    return out;
}

std::string to_xdmf(const std::vector<SnapshotMetadata>& snapshots, const std::string& data_prefix,
                    const std::string& side_file) {
    std::string out =
        "<?xml version=\"1.0\" ?>\n<!DOCTYPE Xdmf SYSTEM \"Xdmf.dtd\" []>\n"
        "<!-- miniASD snapshots read in place; positions in angstrom, time in ps -->\n"
        "<Xdmf Version=\"2.0\">\n<Domain>\n"
        "<Grid Name=\"spins\" GridType=\"Collection\" CollectionType=\"Temporal\">\n";
    for (const SnapshotMetadata& m : snapshots) {
        if (m.format.encoding != Encoding::binary)
            throw Error("--to xdmf: snapshot " + std::to_string(m.snapshot) +
                        " holds text records, which XDMF cannot address in place; "
                        "convert it with --to vtu instead");
        const std::int64_t n = m.atoms;
        const int precision = m.format.dtype == DType::float32 ? 4 : 8;
        out += " <Grid Name=\"snapshot " + std::to_string(m.snapshot) +
               "\" GridType=\"Collection\" CollectionType=\"Spatial\">\n  <Time Value=\"" +
               shortest(picoseconds(m)) + "\"/>\n";
        int k = 0;
        for (const FilePiece& p : m.pieces) {
            if (p.count == 0) continue;
            out += "  <Grid Name=\"piece " + std::to_string(k++) + "\" GridType=\"Uniform\">\n" +
                   "   <Topology TopologyType=\"Polyvertex\" NumberOfElements=\"" +
                   std::to_string(p.count) + "\"/>\n   <Geometry GeometryType=\"XYZ\">" +
                   item(side_file, 24 * p.first_record, p.count, 3, "Float", 8) +
                   "</Geometry>\n   <Attribute Name=\"spin\" AttributeType=\"Vector\" "
                   "Center=\"Node\">" +
                   item(data_prefix + p.file, p.offset, p.count, 3, "Float", precision) +
                   "</Attribute>\n   <Attribute Name=\"id\" AttributeType=\"Scalar\" "
                   "Center=\"Node\">" +
                   item(side_file, 24 * n + 8 * p.first_record, p.count, 1, "Int", 8) +
                   "</Attribute>\n   <Attribute Name=\"material\" AttributeType=\"Scalar\" "
                   "Center=\"Node\">" +
                   item(side_file, 32 * n + 4 * p.first_record, p.count, 1, "Int", 4) +
                   "</Attribute>\n  </Grid>\n";
        }
        out += " </Grid>\n";
    }
    return out + "</Grid>\n</Domain>\n</Xdmf>\n";
}

}  // namespace miniasd::convert
