#include <gtest/gtest.h>

#include "parallel/process_grid.hpp"
#include "util/error.hpp"

using namespace miniasd;
using namespace miniasd::parallel;

TEST(ProcessGrid, BlocksPartitionEveryAxisAndOwnersAgree) {
    for (std::int64_t n : {1, 2, 5, 7, 10, 33}) {
        for (int parts = 1; parts <= n && parts <= 9; ++parts) {
            std::int64_t next = 0, smallest = n, largest = 0;
            for (int p = 0; p < parts; ++p) {
                const CellRange r = block_range(n, parts, p);
                EXPECT_EQ(r.begin, next);
                next = r.end;
                smallest = std::min(smallest, r.size());
                largest = std::max(largest, r.size());
                for (std::int64_t c = r.begin; c < r.end; ++c)
                    EXPECT_EQ(block_owner(n, parts, c), p);
            }
            EXPECT_EQ(next, n);
            EXPECT_LE(largest - smallest, 1);  // balanced to one cell
        }
    }
}

TEST(ProcessGrid, ChoosesTheSmallestHaloSurface) {
    EXPECT_EQ(choose_process_grid(1, {10, 10, 10}), (Int3{1, 1, 1}));
    const Int3 cube = choose_process_grid(8, {20, 20, 20});
    EXPECT_EQ(cube[0] * cube[1] * cube[2], 8);
    EXPECT_EQ(choose_process_grid(27, {30, 30, 30}), (Int3{3, 3, 3}));
    // A thin film is never cut through its thickness.
    EXPECT_EQ(choose_process_grid(4, {64, 64, 2})[2], 1);
    EXPECT_EQ(choose_process_grid(16, {256, 256, 2}), (Int3{4, 4, 1}));
    // A prime count splits the longest axis.
    EXPECT_EQ(choose_process_grid(7, {10, 30, 10}), (Int3{1, 7, 1}));
    // A long rod is cut along its length.
    EXPECT_EQ(choose_process_grid(6, {100, 4, 4}), (Int3{6, 1, 1}));
}

TEST(ProcessGrid, TooManyRanksForTheCellsIsAClearError) {
    try {
        choose_process_grid(7, {4, 4, 4});
        ADD_FAILURE();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("4 x 4 x 4 unit cells over 7 ranks"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_NO_THROW(choose_process_grid(6, {4, 4, 4}));
}

TEST(ProcessGrid, RankOrderIsRowMajorAndOwnersFollowBlocks) {
    ProcessGrid g;
    g.dims = {2, 3, 2};
    g.cells = {5, 7, 3};
    EXPECT_EQ(g.rank_of({0, 0, 0}), 0);
    EXPECT_EQ(g.rank_of({0, 0, 1}), 1);
    EXPECT_EQ(g.rank_of({0, 1, 0}), 2);
    EXPECT_EQ(g.rank_of({1, 2, 1}), 11);
    EXPECT_EQ(g.owner_of_cell(4, 6, 2), 11);
    EXPECT_EQ(g.owner_of_cell(0, 0, 0), 0);
}
