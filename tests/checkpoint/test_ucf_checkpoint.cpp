// A checkpoint records what a unit-cell file contains, not only its name: a run continued with the
// same file goes on, one whose bonds changed under the same name is refused (its fingerprint's
// digest line), and a restart from the spins notes the change.
#include <gtest/gtest.h>

#include <filesystem>

#include "physics/ucf_files.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

std::string chain(double j) {
    return test::make_ucf(
        {3, 3, 3}, {{{0, 0, 0}}}, "isotropic",
        [j](int, const std::array<double, 3>& r) {
            return std::abs(test::length(r) - 3) < 1e-6 ? std::vector<double>{j}
                                                        : std::vector<double>{};
        },
        1);
}

std::string run(const std::string& dir, const std::string& extra, double j) {
    const std::string input =
        "material:unit-cell-file = c.ucf\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "dimensions:system-size = 1.2 !nm\nsim:temperature = 100\n"
        "sim:save-checkpoint = end\n" +
        extra;
    RunOptions o = test::quiet_options();
    o.write_files = true;
    o.output_dir = dir;
    try {
        Simulation sim(parallel::Comm::world(),
                       test::config_from_files(input, {{"c.ucf", chain(j)}}), o);
        run_program(sim);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

TEST(UnitCellCheckpoint, AChangedFileIsRefusedOnContinue) {
    const std::string dir = (std::filesystem::temp_directory_path() /
                             ("miniasd-ucf-ckpt-" + std::to_string(::getpid())))
                                .string();
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    ASSERT_EQ(run(dir, "sim:total-time-steps = 10\n", 5e-21), "");
    const std::string more = "sim:total-time-steps = 20\nsim:load-checkpoint = continue\n";
    const std::string changed = run(dir, more, 6e-21);
    EXPECT_NE(changed.find("the input differs from the run that wrote it"), std::string::npos)
        << changed;
    EXPECT_NE(changed.find("file contents: unit-cell file c.ucf: digest"), std::string::npos)
        << changed;
    EXPECT_EQ(run(dir, more, 5e-21), "");
    std::filesystem::remove_all(dir);
}

}  // namespace
