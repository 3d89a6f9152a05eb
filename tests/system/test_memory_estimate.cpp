// Sizes are checked before they can overflow or be allocated: a box global ids cannot number, a
// rank with more atoms than 32-bit local indices, and a node without the memory, each an Error
// naming the sizes; the estimate follows the measured bytes per atom.
#include <gtest/gtest.h>

#include <string>

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

TEST(MemoryEstimate, TheDipolarFieldAddsItsGridsSplitOverTheRanks) {
    // bcc 40^3 cells: the solver held 114.6 MB after an evaluation (bench/dipole_bench), its
    // buffers of the transforms as much again at their peak.
    const Lattice l = make_lattice(box("bcc", "14.16 !nm"));  // 40 cells of 3.54 A
    const MemoryEstimate one = estimate_memory(l, 1, 1, -1, 1, true);
    EXPECT_GT(one.dipole_bytes_per_rank, 114.6e6);
    EXPECT_LT(one.dipole_bytes_per_rank, 2 * 114.6e6);
    EXPECT_NEAR(estimate_memory(l, 4, 1, -1, 1, true).dipole_bytes_per_rank,
                one.dipole_bytes_per_rank / 4, 1.0);
    EXPECT_EQ(estimate_memory(l, 1).dipole_bytes_per_rank, 0.0);
    EXPECT_NE(describe(one).find("of which the dipolar field"), std::string::npos);
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
    const std::string one = error_of([&] { check_memory(big, estimate_memory(big, 1), 1, 0); });
    EXPECT_NE(one.find("32-bit local indices"), std::string::npos) << one;
    EXPECT_NE(one.find("use at least 42 ranks"), std::string::npos) << one;
    EXPECT_NE(one.find("22545265625 atoms"), std::string::npos) << one;
    // On 64 ranks the indices fit, but 16 ranks on a 24 GB node do not.
    const MemoryEstimate m = estimate_memory(big, 64);
    const std::string node = error_of([&] { check_memory(big, m, 16, 24e9); });
    EXPECT_NE(node.find("the 16 rank(s) on this node would need"), std::string::npos) << node;
    EXPECT_NE(node.find("but it has 24 GB"), std::string::npos) << node;
    EXPECT_EQ(error_of([&] { check_memory(big, m, 1, 1e15); }), "");
    EXPECT_GT(node_memory_bytes(), 0.0);
}
