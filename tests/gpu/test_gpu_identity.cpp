// The GPU backend gives the CPU run's bits (docs/gpu.md): for every case of gpu_cases.hpp, the
// spins (every component, gathered in global-id order), the spin hash, the last statistics sample
// and the accumulated moments of every series equal the CPU run's byte for byte, on every rank
// count the test runs at (1 and 2 ranks sharing one GPU). A checkpoint written by a GPU run
// continues on the CPU and one written on the CPU continues on the GPU, both ending with the
// uninterrupted run's spins.
//
// Without the GPU backend (MINIASD_CUDA=OFF) or without a usable device every test here reports
// itself skipped with the reason (ctest: SKIP_REGULAR_EXPRESSION), never passed. ctest runs it
// twice: gpu_identity (on a GPU) and gpu_emulated (MINIASD_TEST_EMULATE_GPU=1: a build without
// the backend runs it on the host emulation of the device, src/gpu/device_emulated.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <sstream>

#include "gpu/device_system.hpp"
#include "gpu/gpu_cases.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

// Why this process cannot run the GPU tests ("" when it can), agreed over the world: a rank
// without a device makes every rank skip.
const std::string& why_no_gpu() {
    static const std::string why = [] {
        std::string reason;
        try {  // a build without the backend says so, unless it emulates the device
            gpu::use_device(parallel::Comm::world().rank_on_node());
        } catch (const LocalError& e) {
            reason = e.what();
        }
        const parallel::Comm world = parallel::Comm::world();
        const int missing = reason.empty() ? 0 : 1;
        if (world.max(double(missing)) > 0 && reason.empty())
            reason = "another rank has no usable GPU";
        return reason;
    }();
    return why;
}

#define SKIP_WITHOUT_GPU() \
    if (!why_no_gpu().empty()) GTEST_SKIP() << "no GPU: " << why_no_gpu()

struct Result {
    std::vector<double> spins, stats;
    std::uint64_t hash = 0;
    std::string error;
};

// The input with each keyword of `settings` ("key = value" lines) set there instead.
std::string with(std::string input, const std::string& settings) {
    std::istringstream lines(settings);
    for (std::string line; std::getline(lines, line);) {
        const std::string key = line.substr(0, line.find(' '));
        std::string kept;
        std::istringstream old(input);
        for (std::string l; std::getline(old, l);)
            if (l.rfind(key + " ", 0) != 0) kept += l + "\n";
        input = kept + line + "\n";
    }
    return input;
}

Result run(const test::GpuCase& c, const std::string& device, const std::string& settings = "",
           const std::string& dir = "") {
    Result r;
    const std::string input = with(c.input, "sim:device = " + device + "\n" + settings);
    RunOptions o = test::quiet_options();
    if (!dir.empty()) {
        o.write_files = true;
        o.output_dir = dir;
    }
    try {
        Simulation sim(parallel::Comm::world(), test::config_from_files(input, c.files), o);
        run_program(sim);
        // The steps ran where they were asked to.
        const int on_device = sim.timers().find("gpu step");
        EXPECT_EQ(on_device >= 0 && sim.timers().seconds(on_device) > 0, device == "gpu");
        r.spins = test::gather_spins(sim);
        r.hash = sim.spin_hash();
        r.stats = test::statistics_of(sim);
    } catch (const Error& e) {
        r.error = e.what();
    }
    return r;
}

void expect_same_bits(const Result& cpu, const Result& gpu, const std::string& what) {
    ASSERT_EQ(cpu.error, "") << what;
    ASSERT_EQ(gpu.error, "") << what;
    ASSERT_EQ(cpu.spins.size(), gpu.spins.size()) << what;
    ASSERT_GT(cpu.spins.size(), 0u) << what;
    EXPECT_EQ(std::memcmp(cpu.spins.data(), gpu.spins.data(), cpu.spins.size() * sizeof(double)), 0)
        << what << ": spins differ";
    EXPECT_EQ(cpu.hash, gpu.hash) << what;
    ASSERT_EQ(cpu.stats.size(), gpu.stats.size()) << what;
    EXPECT_EQ(std::memcmp(cpu.stats.data(), gpu.stats.data(), cpu.stats.size() * sizeof(double)), 0)
        << what << ": statistics differ";
}

std::string fresh_dir(const std::string& name) {
    // Rank 0's process id names it for every rank.
    const std::string pid = parallel::Comm::world().all_gather(std::to_string(::getpid()))[0];
    const std::string dir =
        (std::filesystem::temp_directory_path() / ("miniasd-gpu-" + name + "-" + pid)).string();
    if (parallel::Comm::world().is_root()) {
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    parallel::Comm::world().barrier();
    return dir;
}

}  // namespace

TEST(GpuIdentity, EveryCaseGivesTheCpuBits) {
    SKIP_WITHOUT_GPU();
    for (const test::GpuCase& c : test::gpu_cases())
        expect_same_bits(run(c, "cpu"), run(c, "gpu"), c.name);
}

TEST(GpuIdentity, TheRunMovesTheSpins) {
    SKIP_WITHOUT_GPU();
    // Not a trivially equal pair: the GPU run's spins left their start, and stay unit vectors.
    const test::GpuCase& c = test::gpu_cases().front();
    const Result start = run(c, "cpu", "sim:total-time-steps = 0\n");
    const Result gpu = run(c, "gpu");
    ASSERT_EQ(start.spins.size(), gpu.spins.size());
    double moved = 0;
    for (std::size_t i = 0; i + 2 < gpu.spins.size(); i += 3) {
        const double n2 = gpu.spins[i] * gpu.spins[i] + gpu.spins[i + 1] * gpu.spins[i + 1] +
                          gpu.spins[i + 2] * gpu.spins[i + 2];
        EXPECT_NEAR(n2, 1.0, 1e-12);
        moved += std::abs(gpu.spins[i] - start.spins[i]);
    }
    EXPECT_GT(moved, 1e-3);
}

// A run to step 40 with a checkpoint, continued to step 80 on the other device, ends with the
// uninterrupted CPU run's spins.
static void check_continuation(const test::GpuCase& c) {
    const Result whole = run(c, "cpu", "sim:total-time-steps = 80\n");
    for (const auto& [first, second] : {std::pair<const char*, const char*>{"gpu", "cpu"},
                                        std::pair<const char*, const char*>{"cpu", "gpu"}}) {
        const std::string dir = fresh_dir(std::string(first) + "-" + second);
        const Result a =
            run(c, first, "sim:total-time-steps = 40\nsim:save-checkpoint = end\n", dir);
        ASSERT_EQ(a.error, "");
        const Result b =
            run(c, second, "sim:total-time-steps = 80\nsim:load-checkpoint = continue\n", dir);
        ASSERT_EQ(b.error, "");
        EXPECT_EQ(b.hash, whole.hash) << first << " then " << second;
        EXPECT_EQ(
            std::memcmp(b.spins.data(), whole.spins.data(), whole.spins.size() * sizeof(double)), 0)
            << first << " then " << second;
        parallel::Comm::world().barrier();
        if (parallel::Comm::world().is_root()) std::filesystem::remove_all(dir);
    }
}

TEST(GpuIdentity, CheckpointsContinueAcrossDevices) {
    SKIP_WITHOUT_GPU();
    check_continuation(test::gpu_cases().front());
}

TEST(GpuIdentity, CheckpointsContinueBetweenDipolarEvaluations) {
    SKIP_WITHOUT_GPU();
    // Updated every 3 steps: step 40 lies between two evaluations, so the continued run takes
    // the held field from the checkpoint's spins of step 39 and sends it to the device.
    for (const test::GpuCase& c : test::gpu_cases())
        if (c.input.find("dipole:field-update-rate = 3") != std::string::npos)
            return check_continuation(c);
    FAIL() << "no case updates the dipolar field every 3 steps";
}
