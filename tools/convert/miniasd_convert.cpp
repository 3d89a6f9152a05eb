// miniasd-convert: reads snapshots of any write mode through their metadata and writes them for
// scripts (canonical binary, CSV), for viewers (extended XYZ, VTK .vtu with a .pvd time series,
// XDMF reading the data in place) and as POV-Ray scenes, optionally rendered to PNG. Selections
// (box, slab, materials, spin criteria) and macro-cell averages apply to every format.
// docs/visualisation.md is the user's guide; `miniasd-convert --help` lists the options.
//
//   miniasd-convert runs/bcc-fe --to vtu                 # every snapshot, plus spins.pvd
//   miniasd-convert runs/bcc-fe/spins-00000004.meta --to povray --render --slab z:0:3
#include <omp.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "filter.hpp"
#include "formats.hpp"
#include "inputs.hpp"
#include "output/format/file_io.hpp"
#include "output/format/reader.hpp"
#include "povray.hpp"
#include "util/error.hpp"
#include "util/timers.hpp"
#include "xdmf.hpp"

using namespace miniasd;
using namespace miniasd::convert;
namespace fs = std::filesystem;

namespace {

const char* extension(const std::string& format) {
    if (format == "canonical") return ".bin";
    if (format == "povray") return ".pov";
    if (format == "xdmf") return ".xdmf.xmf";
    if (format == "ovf") return ".ovf";
    return format == "csv" ? ".csv" : format == "xyz" ? ".xyz" : ".vtu";
}

void save(const std::string& path, const std::string& bytes) {
    write_whole_file(path, bytes.data(), static_cast<std::int64_t>(bytes.size()),
                     std::int64_t(64) << 20, false);
}

// A bar on standard error when it is a terminal, redrawn at most ten times a second.
class ProgressBar {
  public:
    ProgressBar(std::size_t total, bool show) : total_(total), show_(show && isatty(2)) {}
    void advance() {
        std::lock_guard<std::mutex> lock(mutex_);
        ++done_;
        const double now = wall_seconds();
        if (!show_ || (now - last_ < 0.1 && done_ < total_)) return;
        last_ = now;
        const double elapsed = now - start_;
        const int width = 30, filled = static_cast<int>(width * done_ / total_);
        std::fprintf(stderr, "\r[%s%s] %zu/%zu snapshots  %.1f s  ETA %.0f s ",
                     std::string(filled, '#').c_str(), std::string(width - filled, '.').c_str(),
                     done_, total_, elapsed, elapsed / double(done_) * double(total_ - done_));
        if (done_ == total_) std::fprintf(stderr, "\n");
    }

  private:
    std::size_t total_, done_ = 0;
    bool show_;
    double start_ = wall_seconds(), last_ = 0;
    std::mutex mutex_;
};

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "miniasd-convert: snapshots of any miniASD write mode to files for scripts, "
        "viewers and renderers (docs/visualisation.md)"};
    std::string input, output;
    std::vector<std::string> formats{"canonical"}, slabs, where, materials;
    std::string box, fraction, macro, size = "1024x768";
    SnapshotRange range;
    bool render = false, quiet = false;
    int threads = 0;
    app.add_option("input", input,
                   "a snapshot's metadata (.meta), the coordinates metadata, or a run directory")
        ->required();
    app.add_option("--to", formats,
                   "canonical (float64 [N][3], global-id order), csv, xyz (extended XYZ), vtu "
                   "(VTK, plus a .pvd for a directory), xdmf (XDMF 3 with HDF5 data), povray, "
                   "ovf (OVF 2.0 for micromagnetic tools; needs --macro-cell); several with "
                   "commas")
        ->delimiter(',')
        ->check(CLI::IsMember({"canonical", "csv", "xyz", "vtu", "xdmf", "povray", "ovf"}));
    app.add_option("-o,--output", output,
                   "output directory (default: the input's directory); a file name when one "
                   "snapshot goes to one format");
    app.add_option("--first", range.first, "first snapshot number of a directory");
    app.add_option("--last", range.last, "last snapshot number of a directory");
    app.add_option("--every", range.every, "every k-th snapshot of a directory")
        ->check(CLI::PositiveNumber);
    app.add_option("--box", box, "keep atoms in xmin,ymin,zmin,xmax,ymax,zmax (angstrom)");
    app.add_option("--fractional-box", fraction,
                   "keep atoms in a box given as fractions of the system, e.g. 0,0,0.5,1,1,1");
    app.add_option("--slab", slabs,
                   "keep atoms with AXIS between MIN and MAX angstrom, e.g. z:0:5");
    app.add_option("--materials", materials, "keep these materials (names or 1-based numbers)")
        ->delimiter(',');
    app.add_option("--where", where,
                   "keep atoms meeting a criterion on x, y, z (angstrom) or sx, sy, sz, e.g. "
                   "'sz<0'; repeatable (all must hold)");
    app.add_option("--macro-cell", macro,
                   "average spins over cells of this size in angstrom (one size or three)");
    app.add_flag("--render", render, "render POV-Ray scenes to PNG (needs povray)");
    std::string ovf_data = "text";
    app.add_option("--ovf-data", ovf_data,
                   "OVF data block: text (default), bin4 or bin8 (OVF 2.0 binary, little-endian)")
        ->check(CLI::IsMember({"text", "bin4", "bin8"}));
    app.add_option("--size", size, "picture size WIDTHxHEIGHT for POV-Ray (default 1024x768)");
    app.add_option("-j,--threads", threads, "snapshots converted at once (default: OpenMP's)")
        ->check(CLI::NonNegativeNumber);
    app.add_flag("-q,--quiet", quiet, "print errors only");
    CLI11_PARSE(app, argc, argv);

    const double started = wall_seconds();
    try {
        Filter filter;
        if (!box.empty()) filter.box = parse_box(box);
        if (!fraction.empty()) filter.fraction = parse_box(fraction);
        for (const std::string& s : slabs)
            apply_slab(s, filter);
        filter.materials = materials;
        for (const std::string& w : where)
            filter.where.push_back(parse_criterion(w));
        if (!macro.empty()) filter.macro_cell = parse_macro_cell(macro);
        PovOptions pov;
        if (std::sscanf(size.c_str(), "%dx%d", &pov.width, &pov.height) != 2 || pov.width < 16 ||
            pov.height < 16)
            throw Error("--size '" + size + "': expected WIDTHxHEIGHT in pixels, e.g. 1024x768");
        auto wants = [&](const char* f) {
            return std::find(formats.begin(), formats.end(), f) != formats.end();
        };
        if (render && !wants("povray")) throw Error("--render needs --to povray");
        if (wants("ovf") && macro.empty())
            throw Error(
                "--to ovf writes a rectangular grid of cells (what micromagnetic tools read): "
                "give the cell size with --macro-cell SIZE (angstrom; e.g. --macro-cell 5)");
        const bool xdmf = wants("xdmf");

        const InputSet in = resolve_inputs(input, range);
        const bool coordinates_only = in.snapshots.empty();

        // Where the files go: a file name only for one snapshot to one format.
        const std::size_t outputs = std::max<std::size_t>(in.snapshots.size(), 1) * formats.size();
        std::string dir = in.directory.empty() ? "." : in.directory, single;
        if (!output.empty()) {
            if (outputs == 1 && !in.from_directory && !fs::is_directory(output) &&
                output.back() != '/') {
                single = output;
                // "-o pictures/frame" means frame.pov, not a file without an extension.
                if (fs::path(single).extension().empty()) single += extension(formats[0]);
                const std::string parent = fs::path(output).parent_path().string();
                dir = parent.empty() ? "." : parent;
            } else {
                dir = output;
            }
        }
        fs::create_directories(dir);

        const RunReader run(in.coordinates);
        // A grid too fine is refused once, before any snapshot is read.
        if (filter.macro_cell[0] > 0) macro_grid(run.coordinates(), filter.macro_cell);
        const std::vector<std::string> paths =
            coordinates_only ? std::vector<std::string>{in.coordinates} : in.snapshots;
        std::vector<SnapshotMetadata> metas(paths.size());
        std::vector<std::string> errors(paths.size());
        // A continued run's later snapshots may name coordinates of their own (written with
        // another rank count): one reader per index.
        std::map<std::string, std::unique_ptr<RunReader>> other_readers;
        std::vector<const RunReader*> reader(paths.size(), &run);
        for (std::size_t k = 0; k < paths.size() && !coordinates_only; ++k) {
            try {
                const std::string index =
                    index_path(paths[k], parse_metadata(read_whole_file(paths[k]), paths[k]));
                if (fs::weakly_canonical(index) == fs::weakly_canonical(in.coordinates)) continue;
                auto& r = other_readers[index];
                if (!r) r = std::make_unique<RunReader>(index);
                reader[k] = r.get();
            } catch (const std::exception& e) {
                errors[k] = e.what();
            }
        }
        std::vector<std::size_t> points(paths.size(), 0);
        std::vector<std::string> xdmf_grids(paths.size());  // members of spins.xdmf
        // Per snapshot: its macro-cells without atoms, and of how many.
        std::vector<std::pair<std::int64_t, std::int64_t>> empty_cells(paths.size(), {0, 0});
        ProgressBar bar(paths.size(), !quiet && paths.size() > 1);
        if (threads > 0) omp_set_num_threads(threads);
        const auto count = static_cast<std::int64_t>(paths.size());
#pragma omp parallel for schedule(dynamic)
        for (std::int64_t k = 0; k < count; ++k) {
            if (!errors[k].empty()) {
                bar.advance();
                continue;
            }
            try {
                const RunReader& run = *reader[k];
                const SnapshotData spins = coordinates_only ? SnapshotData{} : run.read(paths[k]);
                metas[k] = coordinates_only ? run.coordinates().meta : spins.meta;
                points[k] = static_cast<std::size_t>(metas[k].atoms);
                const Frame frame =
                    make_frame(run.coordinates(), coordinates_only ? nullptr : &spins, filter);
                points[k] = frame.size();
                if (frame.grid[0] > 0) {
                    const std::int64_t cells = frame.grid[0] * frame.grid[1] * frame.grid[2];
                    empty_cells[k] = {cells - static_cast<std::int64_t>(frame.size()), cells};
                }
                const std::string stem = fs::path(dir) / stem_of(paths[k]);
                for (const std::string& f : formats) {
                    const std::string file = single.empty() ? stem + extension(f) : single;
                    if (f == "canonical") save(file, to_canonical(frame));
                    if (f == "csv") save(file, to_csv(frame));
                    if (f == "xyz") save(file, to_xyz(frame));
                    if (f == "vtu") save(file, to_vtu(frame));
                    if (f == "ovf") save(file, to_ovf(frame, ovf_data));
                    if (f == "xdmf") {
                        // Not <stem>.h5, which is the hdf5 write mode's snapshot itself.
                        std::string h5 = file.substr(0, file.rfind('.'));        // <stem>.xdmf
                        if (fs::path(h5).extension() != ".xdmf") h5 += ".xdmf";  // -o name.xmf
                        h5 += ".h5";
                        const std::string h5_name = fs::path(h5).filename().string();
                        write_xdmf_data(h5, frame);
                        save(file, xdmf_single(frame, h5_name));
                        xdmf_grids[k] = xdmf_grid(frame, h5_name, true);
                    }
                    if (f == "povray") {
                        save(file, to_povray(frame, pov));
                        if (render)
                            render_povray(file, file.substr(0, file.rfind('.')) + ".png", pov);
                    }
                }
            } catch (const std::exception& e) {
                errors[k] = e.what();
            }
            bar.advance();
        }

        std::size_t failed = 0, converted_points = 0;
        std::vector<SnapshotMetadata> done;
        std::vector<PvdEntry> pvd;
        for (std::size_t k = 0; k < paths.size(); ++k) {
            if (!errors[k].empty()) {
                ++failed;
                std::fprintf(stderr, "miniasd-convert: error: %s\n", errors[k].c_str());
                continue;
            }
            done.push_back(metas[k]);
            converted_points += points[k];
            pvd.push_back({picoseconds(metas[k]), stem_of(paths[k]) + ".vtu"});
        }
        std::vector<std::string> written;
        if (in.from_directory && !done.empty() && wants("vtu")) {
            save((fs::path(dir) / "spins.pvd").string(), to_pvd(pvd));
            written.push_back("spins.pvd");
        }
        if (xdmf && in.from_directory && !done.empty()) {
            std::vector<std::string> grids;
            for (std::size_t k = 0; k < paths.size(); ++k)
                if (errors[k].empty()) grids.push_back(xdmf_grids[k]);
            save((fs::path(dir) / "spins.xdmf").string(), xdmf_series(grids));
            written.push_back("spins.xdmf (the time series)");
        }
        if (!quiet) {
            std::string list;
            for (const std::string& f : formats)
                list += (list.empty() ? "" : ", ") + f;
            std::printf(
                "miniasd-convert: %zu of %zu %s from %s to %s in %s (%zu %s in all, "
                "%.2f s)\n",
                paths.size() - failed, paths.size(),
                coordinates_only ? "coordinate sets" : "snapshots", input.c_str(), list.c_str(),
                dir.c_str(), converted_points, filter.macro_cell[0] > 0 ? "macro-cells" : "atoms",
                wall_seconds() - started);
            for (const std::string& w : written)
                std::printf("  also wrote %s\n", w.c_str());
            for (const std::string& note : in.notes)
                std::printf("  note: %s\n", note.c_str());
        }
        // OVF has no "empty": a cell without atoms is written as m = 0, which its readers take
        // for a demagnetised cell. Said whatever -q, since it changes what the file means.
        const auto [empty, grid_cells] = *std::max_element(empty_cells.begin(), empty_cells.end());
        if (wants("ovf") && empty > 0)
            std::fprintf(stderr,
                         "miniasd-convert: warning: up to %lld of %lld macro-cells of %s hold no "
                         "atom (outside the particle or the selection, or cells smaller than the "
                         "atom spacing): OVF has no empty cell, so they are written as m = 0 0 0, "
                         "which micromagnetic tools read as zero magnetisation\n",
                         static_cast<long long>(empty), static_cast<long long>(grid_cells),
                         input.c_str());
        if (failed > 0) {
            std::fprintf(stderr, "miniasd-convert: %zu of %zu snapshots failed (listed above)\n",
                         failed, paths.size());
            return 1;
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "miniasd-convert: error: %s\n", e.what());
        return 1;
    }
    return 0;
}
