// miniasd-convert: reads snapshots of any write mode through their metadata and writes them in
// another form. This first version writes the canonical binary form (little-endian float64
// [N][3] in global-id order, for scripts) and CSV (gid, x, y, z in angstrom, material, sx, sy,
// sz). Visual formats (XYZ, VTK, XDMF, POV-Ray) are planned (issue 4).
//
//   miniasd-convert run/spins-00000010.meta --to csv -o spins.csv
#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <string>

#include "output/file_io.hpp"
#include "output/reader.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

std::string csv(const SnapshotData& spins, const SnapshotData& coords) {
    std::string out = "gid,x[A],y[A],z[A],material,sx,sy,sz\n";
    char buf[32];
    auto num = [&](double v) {
        const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest exact
        out.append(buf, r.ptr);
    };
    for (std::size_t k = 0; k < spins.gid.size(); ++k) {
        out += std::to_string(spins.gid[k]);
        for (int c = 0; c < 3; ++c) {
            out += ',';
            num(coords.values[3 * k + c]);
        }
        out += ',' + std::to_string(coords.material[k]);
        for (int c = 0; c < 3; ++c) {
            out += ',';
            num(spins.values[3 * k + c]);
        }
        out += '\n';
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"miniasd-convert: snapshots of any write mode to canonical binary or CSV"};
    std::string input, to = "canonical", output;
    app.add_option("metadata", input, "a snapshot's metadata file (.meta)")->required();
    app.add_option("--to", to, "canonical (little-endian float64 [N][3], global-id order) or csv")
        ->check(CLI::IsMember({"canonical", "csv"}));
    app.add_option("-o,--output", output,
                   "output file (default: the metadata's name with .bin/.csv)");
    CLI11_PARSE(app, argc, argv);
    try {
        const SnapshotData s = read_snapshot(input);
        if (output.empty())
            output = input.substr(0, input.rfind('.')) + (to == "csv" ? ".csv" : ".bin");
        std::string bytes;
        if (to == "canonical") {
            bytes = canonical_bytes(s);
        } else {
            const std::string dir =
                input.find('/') == std::string::npos ? "." : input.substr(0, input.rfind('/'));
            const SnapshotData coords =
                s.meta.record == "coordinate" ? s : read_snapshot(join_path(dir, s.meta.index));
            bytes = csv(s, coords);
        }
        write_whole_file(output, bytes.data(), static_cast<std::int64_t>(bytes.size()),
                         std::int64_t(64) << 20, false);
        std::printf("%s: %zu atoms -> %s (%s)\n", input.c_str(), s.gid.size(), output.c_str(),
                    to.c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "miniasd-convert: error: %s\n", e.what());
        return 1;
    }
    return 0;
}
