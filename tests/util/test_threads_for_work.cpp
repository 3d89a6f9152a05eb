// Threads per rank follow the work (util/placement.hpp): one per min_atoms_per_thread atoms of
// the rank's share, never fewer than one, never more than allowed.
#include <gtest/gtest.h>

#include "util/placement.hpp"

using namespace miniasd;

TEST(ThreadsForWork, OnePerMinAtomsBoundedByTheAllowed) {
    EXPECT_EQ(threads_for_work(1, 8), 1);  // a single spin
    EXPECT_EQ(threads_for_work(0, 8), 1);
    EXPECT_EQ(threads_for_work(min_atoms_per_thread - 1, 8), 1);
    EXPECT_EQ(threads_for_work(2 * min_atoms_per_thread, 8), 2);
    EXPECT_EQ(threads_for_work(2000, 2), 2);  // the bcc-fe example keeps both threads
    EXPECT_EQ(threads_for_work(1000000, 16), 16);
    EXPECT_EQ(threads_for_work(1000000, 1), 1);
}
