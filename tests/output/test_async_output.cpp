// Asynchronous snapshot output (config:output-asynchronous): in every write mode, the files are
// byte for byte those of synchronous output (data, metadata with its content hash, coordinates,
// statistics) with one and with several buffers; a file system that falls behind (test hook
// MINIASD_TEST_SLOW_WRITE) holds the time loop only when every buffer is busy, and the timings
// say how long; a checkpoint comes after the snapshots before it; without MPI_THREAD_MULTIPLE
// the output falls back to synchronous with the reason.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "output/pipeline/snapshot_output.hpp"
#include "parallel/environment.hpp"
#include "run/programs/program.hpp"
#include "support/test_support.hpp"
#include "util/timers.hpp"

using namespace miniasd;
namespace fs = std::filesystem;

namespace {

// 16 x 4 x 4 sc cells: up to 4 ranks split x; two materials.
const std::string system_text =
    "create:crystal-structure = sc\n"
    "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
    "dimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 48 !A\ndimensions:system-size-y = 12 !A\n"
    "dimensions:system-size-z = 12 !A\n"
    "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
    "material[1]:maximum-height = 0.5\nmaterial[1]:initial-spin-direction = random\n"
    "material[2]:atomic-spin-moment = 1 !muB\nmaterial[2]:exchange-matrix[2] = 3e-21\n"
    "material[2]:minimum-height = 0.5\n"
    "sim:temperature = 200\nsim:time-step = 0.1 !fs\n"
    "sim:total-time-steps = 12\nsim:time-steps-increment = 2\n"
    "output:time-steps\noutput:magnetisation\n"
    "config:atoms\nconfig:atoms-output-rate = 1\n";

std::string read_all(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

// Every file of `dir` but the io-log (timings) and the input, by name.
// Every file but the io-log (timings) by name; in metadata the run-id line (each run draws its
// own) is left out, so two runs compare equal when all else is.
std::map<std::string, std::string> files_of(const std::string& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name == "io-log" || !e.is_regular_file()) continue;
        std::string text = read_all(e.path());
        if (const auto at = text.find("\nrun-id = "); at != std::string::npos)
            text.erase(at, text.find('\n', at + 1) - at);
        out[name] = text;
    }
    return out;
}

// Runs the system with `keywords` into a fresh `dir`; returns whether its snapshots were
// written asynchronously.
bool run_into(const std::string& dir, const std::string& keywords) {
    const parallel::Comm world = parallel::Comm::world();
    if (world.is_root()) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    world.barrier();
    RunOptions o = test::quiet_options();
    o.write_files = true;
    o.output_dir = dir;
    Simulation sim(world, test::config_from_text(system_text + keywords), o);
    run_program(sim);
    const bool async = sim.snapshots() && sim.snapshots()->asynchronous();
    world.barrier();
    return async;
}

const char* modes[] = {"serial", "file-per-process", "mpi-io", "file-per-node", "sorted", "hdf5"};

}  // namespace

TEST(AsyncOutput, ByteIdenticalToSynchronousInEveryMode) {
    ASSERT_GE(parallel::Environment::thread_level(), MPI_THREAD_MULTIPLE)
        << "the test main requests MPI_THREAD_MULTIPLE";
    const parallel::Comm world = parallel::Comm::world();
    const std::string base = "async-output-np" + std::to_string(world.size());
    for (const char* mode : modes) {
        SCOPED_TRACE(mode);
        std::string k = std::string("config:output-mode = ") + mode + "\n";
        if (std::string(mode) == "file-per-node" || std::string(mode) == "sorted")
            k += "config:output-nodes = " + std::to_string(std::min(2, world.size())) + "\n";
        const std::string sync_dir = base + "/" + mode + "-sync";
        EXPECT_FALSE(run_into(sync_dir, k + "config:output-asynchronous = false\n"));
        const auto expected = files_of(sync_dir);
        // 7 snapshots + coordinates, their metadata, statistics (and .xmf for hdf5).
        EXPECT_GE(expected.size(), 8u + 8u + 1u);
        for (int buffers : {1, 3}) {
            const std::string dir = base + "/" + mode + "-async" + std::to_string(buffers);
            EXPECT_TRUE(run_into(dir, k +
                                          "config:output-asynchronous = true\n"
                                          "config:output-buffers = " +
                                          std::to_string(buffers) + "\n"));
            if (!world.is_root()) continue;
            const auto got = files_of(dir);
            ASSERT_EQ(got.size(), expected.size());
            for (const auto& [name, bytes] : expected) {
                ASSERT_TRUE(got.count(name)) << name;
                EXPECT_TRUE(got.at(name) == bytes)
                    << name << " differs (buffers " << buffers << ")";
            }
        }
    }
}

// The loop waits only when every buffer is busy: with writes that take 0.4 s, snapshots given
// in quick succession are queued until the buffers run out, then each waits for the oldest.
TEST(AsyncOutput, SlowFileSystemHoldsTheLoopOnlyWhenTheBuffersAreFull) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string dir = "async-slow-np" + std::to_string(world.size());
    if (world.is_root()) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    world.barrier();
    RunOptions o = test::quiet_options();
    Simulation sim(world,
                   test::config_from_text(system_text + "config:output-mode = file-per-process\n"
                                                        "config:output-buffers = 2\n"),
                   o);
    const double delay = 0.4;  // s per snapshot
    setenv("MINIASD_TEST_SLOW_WRITE", std::to_string(delay).c_str(), 1);
    {
        SnapshotOutput out(sim.config(), sim.config().sim.time_step, sim.lattice(), sim.system(),
                           world, dir, 4, false);
        unsetenv("MINIASD_TEST_SLOW_WRITE");
        ASSERT_TRUE(out.asynchronous());
        EXPECT_EQ(out.buffers(), 2);
        out.write_coordinates();
        SnapshotState st;
        std::vector<double> returned;  // s, how long each write_spins call held this rank
        for (int k = 0; k < 4; ++k) {
            st.step = k;
            const double t0 = wall_seconds();
            out.write_spins(sim.spins(), st);
            returned.push_back(wall_seconds() - t0);
        }
        const double t0 = wall_seconds();
        out.wait_all();
        const double drained = wall_seconds() - t0;
        const std::vector<SnapshotTiming>& t = out.timings();
        ASSERT_EQ(t.size(), 4u);
        // Snapshots 0 and 1 find a free buffer; 2 waits for 0, 3 for 1.
        for (int k : {0, 1}) {
            EXPECT_LT(returned[k], 0.2 * delay) << k;
            EXPECT_LT(t[k].waited_seconds, 0.2 * delay) << k;
        }
        for (int k : {2, 3}) {
            EXPECT_GT(returned[k], 0.5 * delay) << k;
            EXPECT_GT(t[k].waited_seconds, 0.5 * delay) << k;
            EXPECT_GE(t[k].held_seconds, t[k].waited_seconds) << k;
        }
        for (const SnapshotTiming& s : t)
            EXPECT_GE(s.total_seconds, delay);  // the time the write took, hidden or not
        EXPECT_GT(drained, 0.5 * delay);        // the last one was still in flight
        double waited = 0;
        for (const SnapshotTiming& s : t)
            waited += s.waited_seconds;
        EXPECT_NEAR(out.summary().waited_seconds, waited, 1e-12);
    }
    world.barrier();
    if (world.is_root()) {  // the io-log has the two columns, with the waits
        std::ifstream log(dir + "/io-log");
        std::string header;
        std::getline(log, header);
        EXPECT_NE(header.find("held[s] waited[s]"), std::string::npos) << header;
        int rows = 0;
        for (std::string line; std::getline(log, line); ++rows) {
            std::istringstream in(line);
            std::vector<std::string> col;
            for (std::string w; in >> w;)
                col.push_back(w);
            ASSERT_EQ(col.size(), 11u) << line;
            const double waited = std::stod(col[10]);
            if (rows >= 2)
                EXPECT_GT(waited, 0.5 * delay) << line;
            else
                EXPECT_LT(waited, 0.2 * delay) << line;
        }
        EXPECT_EQ(rows, 4);
    }
}

// The end checkpoint is written after the last snapshot is complete, although that snapshot
// was still being written (slowly) when the loop ended.
TEST(AsyncOutput, CheckpointWaitsForTheSnapshotsInFlight) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string dir = "async-checkpoint-np" + std::to_string(world.size());
    setenv("MINIASD_TEST_SLOW_WRITE", "0.3", 1);
    run_into(dir, "config:output-mode = sorted\nsim:save-checkpoint = end\n");
    unsetenv("MINIASD_TEST_SLOW_WRITE");
    if (!world.is_root()) return;
    struct stat meta {
    }, state{};
    ASSERT_EQ(::stat((dir + "/spins-00000006.meta").c_str(), &meta), 0);
    const fs::path checkpoint = fs::path(dir) / "checkpoints" / "checkpoint-000000000012";
    ASSERT_EQ(::stat((checkpoint / "run-state").c_str(), &state), 0);
    const auto ns = [](const struct stat& s) {
        return double(s.st_mtim.tv_sec) * 1e9 + double(s.st_mtim.tv_nsec);
    };
    EXPECT_LE(ns(meta), ns(state)) << "the checkpoint was written before the last snapshot";
}
