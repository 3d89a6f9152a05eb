// sim:device = gpu in every build, with no GPU: a build without the backend stops every rank with
// the reason and how to build it, before any step; VAMPIRE's gpu:acceleration means sim:device.
#include <gtest/gtest.h>

#include "gpu/device_system.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

const std::string cube =
    "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size = 1.2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
    "material[1]:exchange-matrix[1] = 2e-21\nsim:total-time-steps = 10\n";

std::string error_of(const std::string& input) {
    try {
        Simulation sim(parallel::Comm::world(), test::config_from_text(input),
                       test::quiet_options());
        run_program(sim);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(GpuRefusals, VampiresSwitchMeansSimDevice) {
    EXPECT_EQ(test::config_from_text(cube + "gpu:acceleration = on\n").sim.device, Device::gpu);
    EXPECT_EQ(test::config_from_text(cube + "gpu:acceleration = off\n").sim.device, Device::cpu);
    // VAMPIRE's other gpu: keywords are accepted with a warning that says what miniASD does.
    const Config c = test::config_from_text(cube + "gpu:num-threads = 4\n");
    bool warned = false;
    for (const std::string& w : c.warnings)
        warned = warned || w.find("one GPU, by its place on its node") != std::string::npos;
    EXPECT_TRUE(warned);
}

TEST(GpuRefusals, ABuildWithoutTheBackendSaysHowToBuildIt) {
    if (gpu::built_with_cuda()) GTEST_SKIP() << "this build has the GPU backend";
    const std::string e = error_of(cube + "sim:device = gpu\n");
    EXPECT_NE(e.find("built without the GPU backend; build it with cmake -DMINIASD_CUDA=ON"),
              std::string::npos)
        << e;
}
