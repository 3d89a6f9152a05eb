// config:output-mode = auto / config:output-nodes = auto: the candidates, the choice (with a fake
// timer, MINIASD_TEST_AUTO_TIMES), the same choice on every rank, the bounds (bytes, time
// budget), the scratch directory removed, and a run whose snapshots are those of the chosen mode
// with the choice in their metadata.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "output/pipeline/auto_mode.hpp"
#include "run/programs/program.hpp"
#include "support/test_support.hpp"

using namespace miniasd;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> labels(const std::vector<ModeCandidate>& c) {
    std::vector<std::string> out;
    for (const ModeCandidate& m : c)
        out.push_back(m.label);
    return out;
}

std::string read_all(const fs::path& p) {
    std::ifstream f(p);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string fresh_dir(const parallel::Comm& world, const std::string& name) {
    const std::string dir = (fs::temp_directory_path() / ("miniasd_auto_" + name)).string();
    if (world.is_root()) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    world.barrier();
    return dir;
}

const char* all_slow_but_hdf5 =
    "serial=9,file-per-process=9,mpi-io=9,file-per-node=9,file-per-node:per-node=9,"
    "file-per-node:1=9,"
    "file-per-node:2=9,file-per-node:4=9,sorted=9,hdf5=0.001";

}  // namespace

TEST(AutoMode, CandidatesEveryModeAndGroupCounts) {
    SnapshotSection o;
    o.auto_mode = o.auto_nodes = true;
    EXPECT_EQ(labels(auto_candidates(o, 4)),
              (std::vector<std::string>{"serial", "file-per-process", "mpi-io",
                                        "file-per-node:per-node", "file-per-node:1",
                                        "file-per-node:2", "file-per-node:4", "sorted", "hdf5"}));
    o.auto_mode = false;  // file-per-node only; 6 ranks: 1, 2, 4 and 6 groups
    EXPECT_EQ(labels(auto_candidates(o, 6)),
              (std::vector<std::string>{"file-per-node:per-node", "file-per-node:1",
                                        "file-per-node:2", "file-per-node:4", "file-per-node:6"}));
    EXPECT_EQ(auto_candidates(o, 1000).size(), 6u);  // bounded
    o.auto_mode = true;
    o.auto_nodes = false;
    o.output_nodes = 2;  // the given count for every grouped mode
    const std::vector<ModeCandidate> c = auto_candidates(o, 4);
    EXPECT_EQ(labels(c), (std::vector<std::string>{"serial", "file-per-process", "mpi-io",
                                                   "file-per-node:2", "sorted:2", "hdf5:2"}));
    EXPECT_EQ(c[3].nodes, 2);
}

TEST(AutoMode, PicksTheLeastTimeFirstOnTiesIgnoringUnmeasured) {
    std::vector<ModeCandidate> c(4);
    EXPECT_EQ(pick_fastest(c), -1);
    c[1].seconds = 0.5;
    c[2].seconds = 0.2;
    c[3].seconds = 0.2;
    EXPECT_EQ(pick_fastest(c), 2);
    c[0].seconds = 0.0;
    EXPECT_EQ(pick_fastest(c), 0);
}

TEST(AutoMode, FakeTimerDecidesTheSameOnEveryRankAndScratchIsRemoved) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string dir = fresh_dir(world, "choice_np" + std::to_string(world.size()));
    ::setenv("MINIASD_TEST_AUTO_TIMES", all_slow_but_hdf5, 1);
    std::vector<std::int64_t> gid;
    for (std::int64_t i = 0; i < 100; ++i)
        gid.push_back(world.rank() * 100 + i);
    AutoTestData data{100, 24, gid.data(), 100 * world.size()};
    SnapshotSection o;
    o.auto_mode = o.auto_nodes = true;
    const AutoChoice a = choose_output(o, world, dir, data, nullptr);
    ::unsetenv("MINIASD_TEST_AUTO_TIMES");
    EXPECT_EQ(a.output.mode, OutputMode::hdf5);
    EXPECT_FALSE(a.output.auto_mode || a.output.auto_nodes);
    EXPECT_EQ(a.test_bytes, 2400 * world.size());
    EXPECT_EQ(a.summary.rfind("hdf5; tested with ", 0), 0u) << a.summary;
    for (const std::string& s : world.all_gather(a.summary))
        EXPECT_EQ(s, a.summary);
    for (const ModeCandidate& c : a.candidates)
        EXPECT_GE(c.seconds, 0) << c.label << ": " << c.note;
    EXPECT_FALSE(fs::exists(fs::path(dir) / ".miniasd-auto-output"));
    if (world.is_root()) {
        EXPECT_TRUE(fs::is_empty(dir));
    }
}

TEST(AutoMode, BoundedInBytesAndTime) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string dir = fresh_dir(world, "bounds_np" + std::to_string(world.size()));
    std::vector<std::int64_t> gid;
    for (std::int64_t i = 0; i < 1000; ++i)
        gid.push_back(world.rank() * 1000 + i);
    AutoTestData data{1000, 24, gid.data(), 1000 * world.size()};
    SnapshotSection o;
    o.auto_mode = true;
    // 2400 bytes in all instead of 24 000 per rank; no time budget: only the first is measured.
    const AutoChoice a = choose_output(o, world, dir, data, nullptr, 2400, 0.0);
    EXPECT_LE(a.test_bytes, 2400);
    EXPECT_GE(a.candidates[0].seconds, 0);
    for (std::size_t i = 1; i < a.candidates.size(); ++i)
        EXPECT_NE(a.candidates[i].note.find("skipped"), std::string::npos);
    EXPECT_EQ(a.output.mode, OutputMode::serial);
    EXPECT_FALSE(fs::exists(fs::path(dir) / ".miniasd-auto-output"));
}

TEST(AutoMode, RunWritesInTheChosenModeAndRecordsTheChoice) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string text =
        "create:crystal-structure = sc\ncreate:periodic-boundaries-x\n"
        "dimensions:unit-cell-size = 3 !A\ndimensions:system-size-x = 24 !A\n"
        "dimensions:system-size-y = 9 !A\ndimensions:system-size-z = 9 !A\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:exchange-matrix[1] = 5e-21\n"
        "material[1]:initial-spin-direction = random\nsim:temperature = 100\n"
        "sim:time-step = 0.1 !fs\nsim:total-time-steps = 4\nsim:time-steps-increment = 2\n"
        "output:time-steps\nconfig:atoms\n";
    std::string hash[2];
    for (int auto_mode = 0; auto_mode < 2; ++auto_mode) {
        const std::string dir = fresh_dir(
            world, "run" + std::to_string(auto_mode) + "_np" + std::to_string(world.size()));
        ::setenv("MINIASD_TEST_AUTO_TIMES", all_slow_but_hdf5, 1);
        RunOptions opt = test::quiet_options();
        opt.write_files = true;
        opt.output_dir = dir;
        {
            Simulation sim(
                world,
                test::config_from_text(text + (auto_mode ? "config:output-mode = auto\n"
                                                         : "config:output-mode = hdf5\n")),
                opt);
            run_program(sim);
        }
        ::unsetenv("MINIASD_TEST_AUTO_TIMES");
        world.barrier();
        const std::string meta = read_all(fs::path(dir) / "spins-00000001.meta");
        EXPECT_NE(meta.find("mode = hdf5\n"), std::string::npos) << meta;
        EXPECT_EQ(meta.find("output-auto = hdf5; tested with ") != std::string::npos,
                  auto_mode == 1)
            << meta;
        hash[auto_mode] = meta.substr(meta.find("content-hash"), 30);
        EXPECT_FALSE(fs::exists(fs::path(dir) / ".miniasd-auto-output"));
    }
    EXPECT_EQ(hash[0], hash[1]);
}
