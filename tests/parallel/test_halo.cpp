// After a halo exchange every ghost holds its owner's value, through either transport (the
// shared-memory window, messages) and with both at once, and every owned atom sees exactly the
// neighbours (by global id) it has in a one-rank build of the same lattice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "parallel/halo.hpp"
#include "support/test_support.hpp"

using namespace miniasd;

namespace {

Config box(const std::string& crystal, const std::string& periodic) {
    return test::config_from_text("create:crystal-structure = " + crystal +
                                  "\ndimensions:unit-cell-size = 1 !nm\n"
                                  "dimensions:system-size-x = 7 !nm\n"
                                  "dimensions:system-size-y = 5 !nm\n"
                                  "dimensions:system-size-z = 6 !nm\n"
                                  "material[1]:atomic-spin-moment = 1\n" +
                                  periodic);
}

// A value no two atoms share.
double tag(std::int64_t gid, int component) {
    return 1000.0 * double(gid) + component;
}

}  // namespace

// Sets an environment variable for one scope (every rank sets the same).
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const char* value) : name_(name) {
        if (value) setenv(name, value, 1);
    }
    ~ScopedEnv() { unsetenv(name_); }

  private:
    const char* name_;
};

// Three times: every on-node peer through the shared-memory window (the default), every peer by
// messages, and "nodes" of two ranks, so that with 3 or 4 ranks a rank has peers of both kinds.
TEST(Halo, GhostsEqualTheirOwnersAfterAnExchange) {
    const parallel::Comm world = parallel::Comm::world();
    struct Transport {
        const char* halo;
        const char* ranks_per_node;
    };
    for (const Transport t :
         {Transport{nullptr, nullptr}, Transport{"messages", nullptr}, Transport{nullptr, "2"}}) {
        const ScopedEnv halo_env("MINIASD_HALO", t.halo);
        const ScopedEnv node_env("MINIASD_TEST_RANKS_PER_NODE", t.ranks_per_node);
        int mixed = 0;  // ranks with peers of both transports
        for (const char* crystal : {"sc", "bcc", "fcc"}) {
            for (const char* periodic :
                 {"",
                  "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
                  "create:periodic-boundaries-z\n"}) {
                Simulation sim(world, box(crystal, periodic), test::quiet_options());
                const LocalSystem& s = sim.system();
                Spins v;
                v.resize(s.n_storage());
                for (std::int64_t i = 0; i < s.n_local; ++i) {
                    const bool owned = i < s.n_owned;
                    v.x[i] = owned ? tag(s.gid[i], 0) : -1;
                    v.y[i] = owned ? tag(s.gid[i], 1) : -1;
                    v.z[i] = owned ? tag(s.gid[i], 2) : -1;
                }
                parallel::HaloExchange halo(sim.comm(), s.peers);
                const int shared = halo.shared_memory_peers();
                mixed += shared > 0 && shared < static_cast<int>(s.peers.size());
                if (!t.halo && !t.ranks_per_node) {
                    EXPECT_EQ(shared, int(s.peers.size()));
                }
                if (t.halo) {
                    EXPECT_EQ(shared, 0);
                }
                // Several exchanges, each with new values: the two slots of the shared-memory
                // transport are used in turn, and a ghost must never hold a previous round's value.
                for (int round = 0; round < 3; ++round) {
                    for (std::int64_t i = 0; i < s.n_owned; ++i) {
                        v.x[i] = tag(s.gid[i], 0) + 0.25 * round;
                        v.y[i] = tag(s.gid[i], 1) + 0.25 * round;
                        v.z[i] = tag(s.gid[i], 2) + 0.25 * round;
                    }
                    halo.start(v.x.data(), v.y.data(), v.z.data());
                    halo.finish(v.x.data(), v.y.data(), v.z.data());
                    for (std::int64_t i = s.n_owned; i < s.n_local; ++i) {
                        ASSERT_EQ(v.x[i], tag(s.gid[i], 0) + 0.25 * round)
                            << crystal << " ghost " << s.gid[i] << " round " << round;
                        ASSERT_EQ(v.y[i], tag(s.gid[i], 1) + 0.25 * round);
                        ASSERT_EQ(v.z[i], tag(s.gid[i], 2) + 0.25 * round);
                    }
                }
                EXPECT_EQ(halo.exchanges(), 3);
                // No rank is its own peer, ghosts are distinct and not owned here.
                std::vector<std::int64_t> ghosts(s.gid.begin() + s.n_owned, s.gid.end());
                std::sort(ghosts.begin(), ghosts.end());
                EXPECT_EQ(std::adjacent_find(ghosts.begin(), ghosts.end()), ghosts.end());
                for (const auto& p : s.peers)
                    EXPECT_NE(p.rank, sim.comm().rank());
            }
        }
        // With "nodes" of two ranks, 3 or 4 ranks in a grid of more than one row give some rank a
        // peer on its own "node" and one on another.
        if (t.ranks_per_node && world.size() >= 3) {
            EXPECT_GT(world.sum(double(mixed)), 0.0);
        }
    }
}

TEST(Halo, NeighbourListsMatchAOneRankBuild) {
    const parallel::Comm world = parallel::Comm::world();
    const Config c = box("bcc", "create:periodic-boundaries-x\ncreate:periodic-boundaries-z\n");
    Simulation sim(world, c, test::quiet_options());
    const Lattice& l = sim.lattice();
    parallel::ProcessGrid whole;
    whole.cells = l.cells;
    whole.periodic = l.periodic;
    const LocalSystem ref = build_local_system(l, whole, MaterialMap(c, l));
    std::vector<std::int64_t> ref_local(ref.n_owned);
    for (std::int64_t i = 0; i < ref.n_owned; ++i)
        ref_local[ref.gid[i]] = i;

    // This rank's part as the simulation built it (the simulation itself has released its
    // table: the exchange term keeps a compact form, tested in test_stencil_runs).
    const LocalSystem s = build_local_system(l, sim.grid(), MaterialMap(c, l));
    ASSERT_EQ(s.gid, sim.system().gid);
    for (std::int64_t i = 0; i < s.n_owned; ++i) {
        std::vector<std::int64_t> got, want;
        for (std::int32_t j : s.neighbours_of(i))
            got.push_back(s.gid[j]);
        const std::int64_t r = ref_local[s.gid[i]];
        for (std::int32_t j : ref.neighbours_of(r))
            want.push_back(ref.gid[j]);
        std::sort(got.begin(), got.end());
        std::sort(want.begin(), want.end());
        ASSERT_EQ(got, want) << "atom " << s.gid[i];
    }
}
