// Read once on rank 0, broadcast text: every rank gets identical bytes, or the same error.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "input/read_broadcast.hpp"
#include "run/config/parser.hpp"
#include "util/error.hpp"

using namespace miniasd;

namespace {
std::string temp_path(const parallel::Comm& world, const std::string& name) {
    // One name for all ranks: rank 0 writes it, everyone reads it through the broadcast.
    std::string dir = "rb_test_" + std::to_string(world.size());
    return dir + "_" + name;
}
}  // namespace

TEST(ReadBroadcast, EveryRankGetsIdenticalText) {
    const parallel::Comm world = parallel::Comm::world();
    const std::string path = temp_path(world, "input");
    std::string content = "sim:temperature = 300 # comment\n";
    for (int i = 0; i < 5000; ++i)
        content += "output:time-steps # line " + std::to_string(i) + "\n";
    if (world.is_root()) std::ofstream(path) << content;
    world.barrier();
    const LoadResult r = read_and_broadcast(world, path);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.text, content);
    // Compare a checksum across ranks too: all must hold exactly the same bytes.
    double sum = 0;
    for (unsigned char c : r.text)
        sum += c;
    EXPECT_EQ(world.max(sum), sum);
    EXPECT_EQ(world.max(-sum), -sum);
    world.barrier();
    if (world.is_root()) std::remove(path.c_str());
}

TEST(ReadBroadcast, MissingFileFailsOnEveryRankWithTheSameReason) {
    const parallel::Comm world = parallel::Comm::world();
    const LoadResult r = read_and_broadcast(world, "no/such/dir/input");
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.error, "No such file or directory");
    EXPECT_TRUE(r.text.empty());
    // read_config turns it into the same Error on every rank.
    int threw = 0;
    try {
        read_config("no/such/dir/input", broadcast_loader(world));
    } catch (const Error& e) {
        threw = std::string(e.what()).find("no/such/dir/input") != std::string::npos;
    }
    EXPECT_EQ(threw, 1);
    EXPECT_EQ(world.sum(std::int64_t(threw)), world.size());
}

TEST(ReadBroadcast, ADirectoryIsNotAnInputFile) {
    const parallel::Comm world = parallel::Comm::world();
    const LoadResult r = read_and_broadcast(world, ".");
    EXPECT_FALSE(r.ok);
    EXPECT_FALSE(r.error.empty());
}
