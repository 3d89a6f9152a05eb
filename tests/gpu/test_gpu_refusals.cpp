// What sim:device = gpu cannot do is refused on every rank with the reason, before any step, in
// every build: a build without the backend says how to build it; the dipolar field, which does not
// run on the device yet, is named. Needs no GPU.
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

TEST(GpuRefusals, TheDipolarFieldIsRefusedByName) {
    for (const char* integrator : {"llg-heun", "monte-carlo"}) {
        const std::string e = error_of(cube + "sim:device = gpu\ndipole:solver = tensor\n" +
                                       "sim:integrator = " + integrator + "\n");
        EXPECT_NE(e.find("sim:device = gpu: the dipolar field (a non-local stage) does not run"),
                  std::string::npos)
            << integrator << ": " << e;
    }
}

TEST(GpuRefusals, VampiresSwitchMeansTheSame) {
    // gpu:acceleration = on is sim:device = gpu: the same refusal for the dipolar field.
    const std::string e = error_of(cube + "gpu:acceleration = on\ndipole:solver = tensor\n");
    EXPECT_NE(e.find("sim:device = gpu: the dipolar field"), std::string::npos) << e;
    EXPECT_EQ(test::config_from_text(cube + "gpu:acceleration = off\n").device, Device::cpu);
}

TEST(GpuRefusals, ABuildWithoutTheBackendSaysHowToBuildIt) {
    if (gpu::built_with_cuda()) GTEST_SKIP() << "this build has the GPU backend";
    const std::string e = error_of(cube + "sim:device = gpu\n");
    EXPECT_NE(e.find("built without the GPU backend; build it with cmake -DMINIASD_CUDA=ON"),
              std::string::npos)
        << e;
}
