// config:field-range-* (VAMPIRE's): in the hysteresis loops a snapshot due at its rate is written
// only while the field lies in its branch's range (either order of minimum and maximum); the
// keywords are refused without a loop or without snapshots.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run/programs/program.hpp"
#include "run/simulation.hpp"
#include "support/test_support.hpp"

using namespace miniasd;
namespace fs = std::filesystem;

namespace {

const std::string spin =
    "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size = 6 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
    "material[1]:second-order-uniaxial-anisotropy-constant = 1e-24\n"
    "sim:maximum-applied-field-strength = 1 !T\nsim:applied-field-strength-increment = 0.5 !T\n"
    "sim:loop-time-steps = 10\nsim:time-step = 1 !fs\nconfig:atoms\n";

// The z field of every snapshot the run writes, in order (rank 0; empty elsewhere).
std::vector<double> snapshot_fields(const std::string& input) {
    const parallel::Comm world = parallel::Comm::world();
    int status = 0;
    std::string name = "miniasd-field-range-" + std::to_string(::getpid());
    world.broadcast(status, name);
    const fs::path dir = fs::temp_directory_path() / name;
    if (world.is_root()) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    world.barrier();
    {
        RunOptions o = test::quiet_options();
        o.write_files = true;
        o.output_dir = dir.string();
        Simulation sim(world, test::config_from_text(input), o);
        run_program(sim);
    }
    world.barrier();
    std::vector<double> fields;
    if (world.is_root()) {
        for (int k = 0;; ++k) {
            char file[64];
            std::snprintf(file, sizeof file, "spins-%08d.meta", k);
            std::ifstream in(dir / file);
            if (!in) break;
            for (std::string line; std::getline(in, line);)
                if (line.rfind("field = ", 0) == 0) {
                    double x, y, z;
                    std::sscanf(line.c_str(), "field = %lf %lf %lf", &x, &y, &z);
                    fields.push_back(z);
                }
        }
        fs::remove_all(dir);
    }
    return fields;
}

}  // namespace

TEST(FieldRange, SnapshotsOfALoopLieInTheirBranchsRange) {
    // Down: 1, 0.5, 0, -0.5, -1; up: -1, -0.5, 0, 0.5, 1. The descending range holds 0 and -0.5,
    // the ascending one (given maximum first) 0.5.
    const std::vector<double> fields =
        snapshot_fields(spin +
                        "sim:program = hysteresis-loop\n"
                        "config:field-range-descending-minimum = -0.6 !T\n"
                        "config:field-range-descending-maximum = 0.1 !T\n"
                        "config:field-range-ascending-minimum = 0.9 !T\n"
                        "config:field-range-ascending-maximum = 0.4 !T\n");
    if (parallel::Comm::world().is_root()) {
        EXPECT_EQ(fields, (std::vector<double>{0, -0.5, 0.5}));
    }
    // Without ranges: every point's snapshot.
    const std::vector<double> all = snapshot_fields(spin + "sim:program = hysteresis-loop\n");
    if (parallel::Comm::world().is_root()) {
        EXPECT_EQ(all.size(), 10u);
    }
    // A partial loop goes up only: its ascending range.
    const std::vector<double> up =
        snapshot_fields(spin +
                        "sim:program = partial-hysteresis-loop\n"
                        "sim:minimum-applied-field-strength = -1 !T\n"
                        "config:field-range-ascending-minimum = -0.2 !T\n"
                        "config:field-range-ascending-maximum = 0.7 !T\n");
    if (parallel::Comm::world().is_root()) {
        EXPECT_EQ(up, (std::vector<double>{0, 0.5}));
    }
}

TEST(FieldRange, RefusedWithoutALoopOrSnapshots) {
    EXPECT_NE(test::input_refusal(spin + "sim:program = time-series\n"
                                         "config:field-range-ascending-minimum = 0\n")
                  .find("has an effect only with sim:program = hysteresis-loop"),
              std::string::npos);
    std::string no_atoms = spin;
    no_atoms.replace(no_atoms.find("config:atoms\n"), 13, "");
    EXPECT_NE(test::input_refusal(no_atoms + "sim:program = hysteresis-loop\n"
                                             "config:field-range-ascending-minimum = 0\n")
                  .find("has no effect without config:atoms"),
              std::string::npos);
}
