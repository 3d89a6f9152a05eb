// Every write mode x {binary, text} x {float64, float32} x {all atoms, subset} on the rank count
// of this run: the reader gets back exactly the spins the simulation holds (rounded to float for
// float32), so every mode gives the same canonical bytes and the same content hash; file sizes
// are exact even when a smaller snapshot overwrites a larger one of the same name; file-per-node
// with I/O-group counts that do not divide the ranks; a subset that leaves some ranks with no
// atoms (they still make every collective call).
#include <gtest/gtest.h>
#include <hdf5.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include "output/format/reader.hpp"
#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"

using namespace miniasd;
namespace fs = std::filesystem;

namespace {

// 20 x 4 x 4 sc cells, so up to 4 ranks split x only; two materials by height.
const std::string system_text =
    "create:crystal-structure = sc\n"
    "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
    "dimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 60 !A\ndimensions:system-size-y = 12 !A\n"
    "dimensions:system-size-z = 12 !A\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
    "material[1]:maximum-height = 0.5\nmaterial[1]:initial-spin-direction = random\n"
    "material[2]:atomic-spin-moment = 1 !muB\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
    "material[2]:minimum-height = 0.5\n"
    "sim:temperature = 200\nsim:time-step = 0.1 !fs\n"
    "sim:total-time-steps = 4\nsim:time-steps-increment = 2\n"
    "config:atoms\nconfig:atoms-output-rate = 1\n";

// x <= 0.22 of the box (cells 0-4, all on rank 0 at 4 ranks) and material 1 only.
const std::string subset_text = "config:atoms-maximum-x = 0.22\nconfig:atoms-materials = 1\n";

struct CaseResult {
    std::vector<std::int64_t> gid;  // the selected atoms, ascending
    std::vector<double> expected;   // their final spins as written
};

// Runs one case into `dir`; returns on every rank what rank 0 should read back.
CaseResult run_case(const std::string& dir, const std::string& keywords, bool subset, bool f32,
                    const parallel::Comm& world = parallel::Comm::world()) {
    if (world.is_root()) {
        fs::remove_all(
            dir);  // a fresh directory: an earlier test run's snapshots are another run's
        fs::create_directories(dir);
    }
    world.barrier();
    RunOptions o = test::quiet_options();
    o.write_files = true;
    o.output_dir = dir;
    Simulation sim(world,
                   test::config_from_text(system_text + keywords + (subset ? subset_text : "")), o);
    run_program(sim);
    const std::vector<double> all = test::gather_spins(sim);
    CaseResult r;
    for (std::int64_t g = 0; g < sim.lattice().atoms(); ++g) {
        std::int64_t cx, cy, cz;
        int site;
        sim.lattice().decode(g, cx, cy, cz, site);
        if (subset && (cx > 4 || cz >= 2))
            continue;  // x fraction cx / 20 <= 0.22; material 1: z < 0.5
        r.gid.push_back(g);
        for (int c = 0; c < 3; ++c) {
            const double v = all[3 * g + c];
            r.expected.push_back(f32 ? double(float(v)) : v);
        }
    }
    world.barrier();
    return r;
}

// Each data file is exactly as long as the pieces in it say, with no stale tail.
void expect_exact_sizes(const std::string& dir, const SnapshotMetadata& m) {
    std::map<std::string, std::int64_t> end, sum;
    for (const FilePiece& p : m.pieces) {
        end[p.file] = std::max(end[p.file], p.offset + p.length);
        sum[p.file] += p.length;
    }
    for (const auto& [file, e] : end) {
        EXPECT_EQ(std::int64_t(fs::file_size(dir + "/" + file)), e) << file;
        EXPECT_EQ(sum[file], e) << file << ": pieces leave holes";
    }
}

// HDF5 snapshots: written collectively, and the HDF5 library itself reads back the same values
// as our reader does through the file table.
void expect_hdf5_agrees(const std::string& dir, const SnapshotData& s) {
    std::string io_mode;
    for (const auto& [key, value] : s.meta.extra)
        if (key == "hdf5-io-mode") io_mode = value;
    EXPECT_EQ(io_mode, "contiguous-collective");
    const std::string path = dir + "/" + s.meta.pieces.at(0).file;
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    ASSERT_GE(file, 0) << path;
    const hid_t dset = H5Dopen2(file, "spins", H5P_DEFAULT);
    ASSERT_GE(dset, 0);
    std::vector<double> values(s.values.size());
    EXPECT_GE(H5Dread(dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), 0);
    EXPECT_EQ(values, s.values);  // global order in the dataset = the canonical order
    double time = -1;
    const hid_t attr = H5Aopen(dset, "time", H5P_DEFAULT);
    EXPECT_GE(H5Aread(attr, H5T_NATIVE_DOUBLE, &time), 0);
    EXPECT_EQ(time, s.meta.time);
    H5Aclose(attr);
    H5Dclose(dset);
    H5Fclose(file);
    EXPECT_TRUE(fs::exists(dir + "/spins-00000002.xmf"));
}

std::vector<std::string> modes(int ranks) {
    std::vector<std::string> m = {
        "config:output-mode = serial\n",
        "config:output-mode = legacy\n",
        "config:output-mode = file-per-process\n",
        "config:output-mode = mpi-io\n",
        "config:output-mode = mpi-io\nconfig:mpi-io-hints = cb_nodes=1,romio_cb_write=enable\n",
        "config:output-mode = file-per-node\n",  // one group per node
        "config:output-mode = file-per-node\nconfig:output-nodes = 1\n"};
    for (int n : {ranks - 1, ranks})  // groups that do not divide the ranks; groups of one rank
        if (n > 1) {
            m.push_back("config:output-mode = file-per-node\nconfig:output-nodes = " +
                        std::to_string(n) + "\n");
            m.push_back("config:output-mode = sorted\nconfig:output-nodes = " + std::to_string(n) +
                        "\n");
        }
    m.push_back("config:output-mode = sorted\n");
    m.push_back("config:output-mode = hdf5\n");  // every rank writes
    m.push_back("config:output-mode = hdf5\nconfig:output-nodes = 1\n");
    // Small batches: several redistribution rounds per snapshot.
    m.push_back("config:output-mode = sorted\nconfig:output-piece-size = 4 !KiB\n");
    return m;
}

}  // namespace

TEST(SnapshotModes, EveryModeReadsBackTheSameSpins) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string root = "snapshot_modes_np" + std::to_string(world.size());
    if (world.is_root()) fs::remove_all(root);
    std::map<std::string, std::uint64_t> hash_of_case;
    int m = 0;
    for (const std::string& mode : modes(world.size())) {
        ++m;
        const bool hdf5 = mode.find("hdf5") != std::string::npos;
        for (bool text : {false, true})
            for (bool f32 : {false, true}) {
                if (hdf5 && text) continue;  // HDF5 stores binary only (an input error)
                const std::string format =
                    std::string("config:output-format = ") + (text ? "text" : "binary") +
                    "\nconfig:output-data-type = " + (f32 ? "float32" : "float64") + "\n";
                const std::string dir = root + "/mode" + std::to_string(m) +
                                        (text ? "_text" : "_bin") + (f32 ? "_f32" : "_f64");
                // All atoms first, then a subset into the same directory: the same file names
                // now hold fewer records, so a stale tail would show.
                for (bool subset : {false, true}) {
                    SCOPED_TRACE(mode + format + (subset ? "subset" : "all atoms"));
                    const CaseResult r = run_case(dir, mode + format, subset, f32);
                    if (!world.is_root()) continue;
                    const SnapshotData s = read_snapshot(dir + "/spins-00000002.meta");
                    EXPECT_EQ(s.meta.step, 4);
                    EXPECT_EQ(s.meta.ranks, world.size());
                    ASSERT_EQ(s.gid, r.gid);
                    ASSERT_EQ(s.values.size(), r.expected.size());
                    EXPECT_EQ(
                        std::memcmp(s.values.data(), r.expected.data(), 8 * r.expected.size()), 0);
                    const std::string key = format + (subset ? "subset" : "all");
                    if (!hash_of_case.count(key)) hash_of_case[key] = s.meta.content_hash;
                    EXPECT_EQ(s.meta.content_hash, hash_of_case[key])
                        << "content hash differs between modes";
                    if (hdf5)
                        expect_hdf5_agrees(dir, s);
                    else
                        expect_exact_sizes(dir, s.meta);
                    const SnapshotData c = read_snapshot(dir + "/coordinates.meta");
                    EXPECT_EQ(c.gid, r.gid);
                    if (!hdf5) expect_exact_sizes(dir, c.meta);
                    if (subset) {
                        EXPECT_EQ(r.gid.size(), 5u * 4 * 2);
                    }
                }
            }
    }
    world.barrier();
    if (world.is_root()) fs::remove_all(root);
}

namespace {

// Rank 0's part of the damage test, in a function of its own so that a failed ASSERT (which
// returns) or an exception cannot make rank 0 skip the barrier the other ranks wait in.
void check_damaged_snapshots(const std::string& dir) {
    {
        const std::string meta = dir + "/spins-00000001.meta";
        const std::string data = dir + "/spins-00000001.p00000.dat";
        auto expect_error = [&](const std::string& fragment) {
            try {
                read_snapshot(meta);
                ADD_FAILURE() << "no error, expected '" << fragment << "'";
            } catch (const Error& e) {
                EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
            }
        };
        ASSERT_NO_THROW(read_snapshot(meta));
        // A flipped byte.
        std::string bytes;
        {
            std::ifstream in(data, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        std::string flipped = bytes;
        flipped[flipped.size() / 2] ^= 0x10;
        std::ofstream(data, std::ios::binary | std::ios::trunc) << flipped;
        expect_error("corrupt");
        // A truncated file.
        std::ofstream(data, std::ios::binary | std::ios::trunc)
            << bytes.substr(0, bytes.size() - 5);
        expect_error("truncated");
        // A missing file.
        fs::remove(data);
        expect_error("cannot open");
        std::ofstream(data, std::ios::binary | std::ios::trunc) << bytes;
        ASSERT_NO_THROW(read_snapshot(meta));
        // An unknown major version.
        std::string text;
        {
            std::ifstream in(meta);
            text.assign(std::istreambuf_iterator<char>(in), {});
        }
        const auto version = text.find("format-version = ");
        ASSERT_NE(version, std::string::npos);
        text.replace(version, text.find('\n', version) - version, "format-version = 9.0");
        std::ofstream(meta, std::ios::trunc) << text;
        expect_error("not supported");
        // A missing metadata file: that snapshot does not exist.
        try {
            read_snapshot(dir + "/spins-00000099.meta");
            ADD_FAILURE();
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("spins-00000099.meta"), std::string::npos);
        }
        fs::remove_all(dir);
    }
}

}  // namespace

TEST(SnapshotModes, DamagedSnapshotsAreRefusedWithClearErrors) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string dir = "snapshot_damage_np" + std::to_string(world.size());
    run_case(dir, "config:output-mode = file-per-process\n", false, false);
    if (world.is_root()) {
        try {
            check_damaged_snapshots(dir);
        } catch (const std::exception& e) {
            ADD_FAILURE() << e.what();
        }
    }
    world.barrier();
}

TEST(SnapshotModes, SortedFileIsTheSameForAnyNumberOfRanks) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string root = "snapshot_sorted_np" + std::to_string(world.size());
    const parallel::Comm one = world.split(world.rank() == 0 ? 0 : -1, world.rank());
    if (one.valid()) run_case(root + "/one", "config:output-mode = sorted\n", false, false, one);
    world.barrier();
    run_case(root + "/all", "config:output-mode = sorted\nconfig:output-piece-size = 4 !KiB\n",
             false, false);
    if (world.is_root()) {
        for (const char* f : {"spins-00000002.dat", "coordinates.dat"}) {
            std::ifstream a(root + "/one/" + f, std::ios::binary),
                b(root + "/all/" + f, std::ios::binary);
            const std::string da((std::istreambuf_iterator<char>(a)), {});
            const std::string db((std::istreambuf_iterator<char>(b)), {});
            EXPECT_FALSE(da.empty());
            EXPECT_TRUE(da == db) << f << " differs between 1 and " << world.size() << " ranks";
        }
        fs::remove_all(root);
    }
    world.barrier();
}
