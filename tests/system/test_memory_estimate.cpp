// Sizes are checked before they can overflow or be allocated: a box global ids cannot number, a
// rank with more atoms than 32-bit local indices, and a node without the memory, each an Error
// naming the sizes; the estimate follows the measured bytes per atom.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "dipole/memory_plan.hpp"
#include "support/test_support.hpp"
#include "system/memory_estimate.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {

Config box(const std::string& crystal, const std::string& size) {
    return test::config_from_text("create:crystal-structure = " + crystal +
                                  "\ndimensions:system-size = " + size +
                                  "\nmaterial[1]:atomic-spin-moment = 2\n"
                                  "material[1]:exchange-matrix[1] = 1e-21\n");
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(MemoryEstimate, BytesPerAtomFollowTheNeighbourCount) {
    // Measured peak at 1M atoms on one rank, less ~22 MB: sc 91, bcc 91, fcc 105 B/atom.
    const std::pair<const char*, double> measured[] = {{"sc", 91}, {"bcc", 91}, {"fcc", 105}};
    for (const auto& [crystal, bytes] : measured) {
        const Lattice l = make_lattice(box(crystal, "2 !nm"));
        const MemoryEstimate m = estimate_memory(l, 1);
        EXPECT_NEAR(m.bytes_per_atom, bytes, 0.1 * bytes) << crystal;
        EXPECT_DOUBLE_EQ(m.atoms_per_rank, double(l.atoms()));
        EXPECT_EQ(m.ghosts_per_rank, 0.0);
        // Several materials keep the neighbour table: 4 B per neighbour more.
        EXPECT_GT(estimate_memory(l, 1, 2).bytes_per_atom, m.bytes_per_atom);
    }
    const Lattice l = make_lattice(box("bcc", "20 !nm"));
    const MemoryEstimate four = estimate_memory(l, 4);
    EXPECT_DOUBLE_EQ(four.atoms_per_rank, double(l.atoms()) / 4);
    EXPECT_GT(four.ghosts_per_rank, 0.0);
    EXPECT_LT(four.ghosts_per_rank, four.atoms_per_rank);
}

TEST(MemoryEstimate, AWiderReachSizesTheTableAndTheHaloFromTheUnion) {
    // bcc with the second shell: 8 + 6 = 14 columns, ghosts two cells deep.
    const Lattice l = make_lattice(box("bcc", "20 !nm"));
    const MemoryEstimate first = estimate_memory(l, 4);
    EXPECT_EQ(estimate_memory(l, 4, 1, 8, 1).bytes_per_atom, first.bytes_per_atom);
    const MemoryEstimate wide = estimate_memory(l, 4, 1, 14, 2);
    // The 14-wide table is kept for the run: 91 B + 4 B per column.
    EXPECT_DOUBLE_EQ(wide.bytes_per_atom, 91.0 + 4.0 * 14);
    EXPECT_NEAR(wide.ghosts_per_rank, 2 * first.ghosts_per_rank, 1e-9 * first.ghosts_per_rank);
}

TEST(MemoryEstimate, TheDipolarFieldAddsItsSolversPeakOnTheFullestRank) {
    // bcc 40^3 cells, exact solver: at least the kernel (6 real and 6 complex components on
    // 80 x 41 x 80 spectral points) and an evaluation's 6 spectral grids, at most twice that
    // with the atoms' 176 B; split over the ranks.
    const Lattice l = make_lattice(box("bcc", "14.16 !nm"));  // 40 cells of 3.54 A
    const double points = 80.0 * 41 * 80, floor = (6 * 8 + 6 * 16 + 6 * 16) * points;
    const double one = dipole::exact_solver_bytes(l, 1);
    EXPECT_GT(one, floor);
    EXPECT_LT(one, 2 * floor + 176.0 * double(l.atoms()));
    const double four = dipole::exact_solver_bytes(l, 4);
    const double planner = 6e6;  // FFTW's, on every rank
    // Four ranks split the grids and add the exchange's buffers, which one rank does without
    // (dipole/slab_fft.hpp): more than a quarter each, well under half.
    EXPECT_GT(four - planner, (one - planner) / 4);
    EXPECT_LT(four - planner, 1.5 * (one - planner) / 4);
    const MemoryEstimate m = estimate_memory(l, 1, 1, -1, 1, one);
    EXPECT_EQ(m.dipole_bytes_per_rank, one);
    EXPECT_NE(describe(m).find("of which the dipolar field"), std::string::npos);
    EXPECT_EQ(estimate_memory(l, 1).dipole_bytes_per_rank, 0.0);
    // Macro-cells of 1 nm: 15^3 boxes, of which the atoms (up to 13.98 nm) reach 14^3; 6
    // doubles from each box to each of those.
    const double boxes = 15.0 * 15 * 15, rows = 14.0 * 14 * 14;
    const Vec3 nm{1e-9, 1e-9, 1e-9};
    const double cells = dipole::macro_cell_solver_bytes(l, 1, nm, 0);
    EXPECT_GT(cells, rows * boxes * 48);
    EXPECT_LT(cells, 1.1 * rows * boxes * 48);
    EXPECT_LT(dipole::macro_cell_solver_bytes(l, 4, nm, 0), 0.5 * cells);
    EXPECT_GT(dipole::macro_cell_solver_bytes(l, 1, nm, 2e-9), cells);
}

TEST(MemoryEstimate, SizesGlobalIdsCannotNumberAreRefusedBeforeAnyArithmetic) {
    // 1 mm of sc at 3.54 A: 2.8e6 cells per axis, 2.3e19 sites > 2^62.
    const std::string e = error_of([] { make_lattice(box("sc", "1e-3 !m")); });
    EXPECT_NE(e.find("the system is too large"), std::string::npos) << e;
    EXPECT_NE(e.find("2824856 x 2824856 x 2824856"), std::string::npos) << e;
    EXPECT_NE(e.find("dimensions:system-size"), std::string::npos) << e;
}

TEST(MemoryEstimate, ARankOrANodeThatCannotHoldItsShareIsRefused) {
    const Lattice big = make_lattice(box("sc", "1e-6 !m"));  // 2.25e10 atoms
    const std::string one = error_of([&] { check_memory(big, estimate_memory(big, 1), 1, {}); });
    EXPECT_NE(one.find("32-bit local indices"), std::string::npos) << one;
    EXPECT_NE(one.find("use at least 42 ranks"), std::string::npos) << one;
    EXPECT_NE(one.find("22545265625 atoms"), std::string::npos) << one;
    // On 64 ranks the indices fit, but 16 ranks on a 24 GB node do not.
    const MemoryEstimate m = estimate_memory(big, 64);
    const std::string node = error_of([&] {
        check_memory(big, m, 16, {24e9, "this node has", ""});
    });
    EXPECT_NE(node.find("the 16 rank(s) on this node would need"), std::string::npos) << node;
    EXPECT_NE(node.find("but this node has 24.0 GB"), std::string::npos) << node;
    EXPECT_EQ(error_of([&] { check_memory(big, m, 1, {1e15, "this node has", ""}); }), "");
    const NodeMemory here = node_memory();
    EXPECT_GT(here.bytes, 0.0);
    // sim:memory-limit caps it and is named as the limit.
    const NodeMemory capped = node_memory(1e9);
    EXPECT_EQ(capped.bytes, 1e9);
    EXPECT_EQ(capped.source, "sim:memory-limit allows");
    const std::string limit = error_of([&] { check_memory(big, m, 16, capped); });
    EXPECT_NE(limit.find("but sim:memory-limit allows 1.0 GB"), std::string::npos) << limit;
    EXPECT_NE(limit.find(", or raise sim:memory-limit"), std::string::npos) << limit;
    EXPECT_EQ(node.find("raise sim:memory-limit"), std::string::npos) << node;
}

TEST(MemoryEstimate, TheJobsControlGroupLimitIsFoundInEitherVersion) {
    namespace fs = std::filesystem;
    const fs::path root =
        fs::temp_directory_path() / ("miniasd-cgroup-" + std::to_string(::getpid()));
    auto write = [](const fs::path& p, const std::string& text) {
        fs::create_directories(p.parent_path());
        std::ofstream(p) << text << "\n";
    };
    // v2, as Slurm sets it: the job's group limited, the step's below it unlimited.
    write(root / "system.slice/slurmstepd.scope/job_42/memory.max", "8000000000");
    write(root / "system.slice/slurmstepd.scope/job_42/step_0/memory.max", "max");
    write(root / "system.slice/memory.max", "max");
    EXPECT_EQ(
        cgroup_memory_limit("0::/system.slice/slurmstepd.scope/job_42/step_0\n", root.string()),
        8e9);
    // v1: only the memory controller's line counts; "unlimited" is a huge number.
    write(root / "memory/slurm/uid_0/job_7/memory.limit_in_bytes", "4000000000");
    write(root / "memory/slurm/memory.limit_in_bytes", "9223372036854771712");
    EXPECT_EQ(cgroup_memory_limit("5:cpuset:/slurm\n4:memory:/slurm/uid_0/job_7\n", root.string()),
              4e9);
    // No limit anywhere, or no such files: 0.
    EXPECT_EQ(cgroup_memory_limit("4:memory:/slurm\n", root.string()), 0.0);
    EXPECT_EQ(cgroup_memory_limit("0::/elsewhere\n", root.string()), 0.0);
    fs::remove_all(root);
}
