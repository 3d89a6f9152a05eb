// Snapshot write bandwidth of every mode, beside a plain POSIX write of the same bytes from one
// rank measured in the same run (the disk's ceiling). For each mode and I/O-group count it writes
// --snapshots snapshots of a bcc lattice of random spins and prints the median MB/s of the write
// (open to close, slowest rank) and of the whole snapshot (copy, encode, write, metadata), as CSV
// rows. With --text-comparison it also times text encoding against C++ streams.
//
//   mpirun -n 4 build/bench/io_bandwidth --cells 80,80,80 --snapshots 10 [--sync]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <memory>
#include <sstream>

#include "input/line_parser.hpp"
#include "output/format/file_io.hpp"
#include "output/format/records.hpp"
#include "output/pipeline/snapshot_output.hpp"
#include "parallel/decomposition.hpp"
#include "parallel/environment.hpp"
#include "run/config/parser.hpp"
#include "system/materials.hpp"

using namespace miniasd;
namespace fs = std::filesystem;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The plain POSIX ceiling is measured inside the main loop, side by side with the modes.

// Text records: our fixed-width to_chars encoder against C++ streams, writing n records.
void text_comparison(const std::string& dir, std::int64_t n) {
    std::vector<double> x(n), y(n), z(n);
    for (std::int64_t k = 0; k < n; ++k) {
        x[k] = std::sin(0.1 * k);
        y[k] = std::cos(0.1 * k);
        z[k] = std::sin(0.37 * k + 1);
    }
    const RecordFormat f{Encoding::text, DType::float64};
    // As in a run, the record buffer is allocated once and reused by every snapshot: time the
    // second of two writes (the first also pays the buffer's page faults). Each method writes a
    // new file, the streams too.
    std::vector<char> buf(static_cast<std::size_t>(n) * f.record_bytes());
    double ours = 0;
    for (int pass = 0; pass < 2; ++pass) {
        const auto t = std::chrono::steady_clock::now();
        encode_records(f, n, x.data(), y.data(), z.data(), buf.data());
        write_whole_file(dir + "/text" + std::to_string(pass) + ".dat", buf.data(),
                         std::int64_t(buf.size()), std::int64_t(64) << 20, false);
        ours = seconds_since(t);
    }
    auto t0 = std::chrono::steady_clock::now();
    {
        std::ofstream out(dir + "/stream.dat");
        out << std::scientific << std::setprecision(16);
        for (std::int64_t k = 0; k < n; ++k)
            out << x[k] << ' ' << y[k] << ' ' << z[k] << '\n';
    }
    const double stream = seconds_since(t0);
    t0 = std::chrono::steady_clock::now();
    {
        std::ofstream out(dir + "/endl.dat");
        out << std::scientific << std::setprecision(16);
        for (std::int64_t k = 0; k < n; ++k)
            out << x[k] << ' ' << y[k] << ' ' << z[k] << std::endl;
    }
    const double endl = seconds_since(t0);
    for (const char* f2 : {"/text0.dat", "/text1.dat", "/stream.dat", "/endl.dat"})
        fs::remove(dir + f2);
    std::printf(
        "# text output of %lld records: miniasd %.3f s, ostream with '\\n' %.3f s (%.1fx), "
        "ostream with std::endl %.3f s (%.1fx)\n",
        static_cast<long long>(n), ours, stream, stream / ours, endl, endl / ours);
}

}  // namespace

int main(int argc, char** argv) {
    parallel::Environment env(&argc, &argv);
    const parallel::Comm world = parallel::Comm::world();
    CLI::App app{"Snapshot write bandwidth of every output mode"};
    std::vector<int> cells{80, 80, 80};
    std::vector<std::string> modes{"serial",        "file-per-process", "mpi-io",
                                   "file-per-node", "sorted",           "hdf5"};
    std::vector<int> groups;
    int snapshots = 10;
    bool sync = false, text = false, header = true, compare_text = false;
    std::string dir = "io_bench";
    app.add_option("--cells", cells, "bcc cells along x,y,z (80,80,80: 1 024 000 atoms)")
        ->delimiter(',');
    app.add_option("--modes", modes, "modes to measure")->delimiter(',');
    app.add_option("--groups", groups,
                   "config:output-nodes values for file-per-node and sorted (default: 1 and the "
                   "rank count)")
        ->delimiter(',');
    app.add_option("--snapshots", snapshots, "snapshots per measurement (median reported)");
    app.add_option("--dir", dir, "scratch directory (removed at the end)");
    app.add_flag("--sync", sync, "fsync data files before the metadata");
    app.add_flag("--text", text, "text records instead of binary");
    app.add_flag("!--no-header", header, "omit the CSV header");
    app.add_flag("--text-comparison", compare_text, "also time text encoding against C++ streams");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return world.is_root() ? app.exit(e) : 1;
    }
    if (groups.empty()) groups = {1, world.size()};
    if (world.is_root()) fs::create_directories(dir);
    world.barrier();

    const std::string text_in =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 1 !nm\n"
        "dimensions:system-size-x = " +
        std::to_string(cells[0]) +
        " !nm\n"
        "dimensions:system-size-y = " +
        std::to_string(cells[1]) +
        " !nm\n"
        "dimensions:system-size-z = " +
        std::to_string(cells[2]) +
        " !nm\n"
        "material[1]:atomic-spin-moment = 1\nmaterial[1]:initial-spin-direction = random\n"
        "config:atoms\n";
    Config base = build_config(split_lines(text_in, "io-bench"), "io-bench");
    base.output.sync = sync;
    base.output.text = text;
    const Lattice lattice = make_lattice(base);
    const parallel::Decomposition d = parallel::decompose(world, lattice.cells, lattice.periodic);
    const LocalSystem sys = build_local_system(lattice, d.grid, MaterialMap(base, lattice));
    const Spins spins = initial_spins(base, base.sim.seed, lattice, sys);
    const std::int64_t bytes =
        lattice.atoms() *
        std::int64_t(
            RecordFormat{text ? Encoding::text : Encoding::binary, DType::float64}.record_bytes());
    if (world.is_root() && header)
        std::printf(
            "mode,io_processes,ranks,atoms,bytes,sync,encoding,write_MBps,snapshot_MBps,posix_"
            "MBps\n");

    // Every configuration's writer, set up first, so each round below writes one snapshot with
    // each of them and one plain POSIX file: all are measured side by side, under the same load
    // of a shared machine and the same state of the page cache.
    struct Measured {
        std::string mode;
        int io = 1;
        std::string dir;
        std::unique_ptr<SnapshotOutput> out;
    };
    std::vector<Measured> runs;
    for (const std::string& mode : modes) {
        const bool grouped = mode == "file-per-node" || mode == "sorted" || mode == "hdf5";
        for (int g : grouped ? groups : std::vector<int>{0}) {
            if (g > world.size()) continue;
            // The mode as an input file names it: the keyword table is the one place that maps
            // names to modes (and rejects unknown ones).
            Config c = build_config(
                split_lines(text_in + "config:output-mode = " + mode + "\n", "io-bench"),
                "io-bench");
            c.output.sync = sync;
            // The write itself is measured, one configuration after another: synchronous
            // (asynchronous output runs one background writer per process, not a dozen at once).
            c.output.asynchronous = false;
            c.output.text = text;
            c.output.output_nodes = g;
            Measured m;
            m.mode = mode;
            m.io = mode == "file-per-process"             ? world.size()
                   : mode == "serial" || mode == "mpi-io" ? 1
                                                          : g;
            m.dir = dir + "/" + mode + "-" + std::to_string(g);
            if (world.is_root()) fs::create_directories(m.dir);
            world.barrier();
            m.out = std::make_unique<SnapshotOutput>(c, c.sim.time_step, lattice, sys, d.comm,
                                                     m.dir, snapshots, false);
            m.out->write_coordinates();
            runs.push_back(std::move(m));
        }
    }
    std::vector<char> plain(world.is_root() ? static_cast<std::size_t>(bytes) : 0, 'x');
    std::vector<double> posix;
    for (int k = 0; k < snapshots; ++k) {
        if (world.is_root()) {
            // A new file each time, as snapshots are.
            const auto t0 = std::chrono::steady_clock::now();
            write_whole_file(dir + "/posix.dat", plain.data(), bytes, std::int64_t(64) << 20, sync);
            posix.push_back(double(bytes) / 1e6 / seconds_since(t0));
            fs::remove(dir + "/posix.dat");
        }
        for (Measured& m : runs)
            m.out->write_spins(spins, SnapshotState{});
        world.barrier();
        // Remove this round's data so the disk holds one round at a time.
        if (world.is_root())
            for (Measured& m : runs)
                for (const auto& entry : fs::directory_iterator(m.dir))
                    if (entry.path().filename().string().rfind("spins-", 0) == 0)
                        fs::remove(entry.path());
        world.barrier();
    }
    for (const Measured& m : runs) {
        std::vector<double> w, t;
        for (const SnapshotTiming& s : m.out->timings()) {
            w.push_back(double(s.bytes) / 1e6 / s.write_seconds);
            t.push_back(double(s.bytes) / 1e6 / s.total_seconds);
        }
        if (world.is_root())
            std::printf("%s,%d,%d,%lld,%lld,%d,%s,%.1f,%.1f,%.1f\n", m.mode.c_str(), m.io,
                        world.size(), static_cast<long long>(lattice.atoms()),
                        static_cast<long long>(bytes), sync ? 1 : 0, text ? "text" : "binary",
                        median(w), median(t), median(posix));
    }
    std::fflush(stdout);
    runs.clear();
    if (compare_text && world.is_root()) text_comparison(dir, lattice.atoms());
    world.barrier();
    if (world.is_root()) fs::remove_all(dir);
    return 0;
}
