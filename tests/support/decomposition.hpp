// Decomposition-independence checks shared by the physics tests: run an input's program on the
// first `ranks` ranks with `threads` threads, gather every spin and the last statistics sample,
// and compare two runs bit for bit.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "stats/observables.hpp"
#include "support/test_support.hpp"

namespace miniasd::test {

struct Gathered {
    std::vector<double> spins;  // every spin in global-id order (gather_spins)
    std::vector<double> stats;  // the last sample's series (stats/observables.hpp)
};

// Collective over the world.
inline Gathered run_gathered(int ranks, int threads, const Config& c) {
    Gathered r;
    const std::string error = run_on_first_ranks(ranks, threads, c, [&](Simulation& sim) {
        r.spins = gather_spins(sim);
        r.stats = sample_series(sim.last_sample(), sim.state().field_direction);
    });
    EXPECT_EQ(error, "") << ranks << " ranks";
    return r;
}

// On the world's root: the same spins and statistics, bit for bit.
inline void expect_same_bits(const Gathered& a, const Gathered& b, const std::string& what) {
    if (!parallel::Comm::world().is_root()) return;
    ASSERT_EQ(a.spins.size(), b.spins.size()) << what;
    EXPECT_EQ(std::memcmp(a.spins.data(), b.spins.data(), a.spins.size() * sizeof(double)), 0)
        << what;
    ASSERT_EQ(a.stats.size(), b.stats.size()) << what;
    EXPECT_EQ(std::memcmp(a.stats.data(), b.stats.data(), a.stats.size() * sizeof(double)), 0)
        << what << ": statistics";
}

}  // namespace miniasd::test
