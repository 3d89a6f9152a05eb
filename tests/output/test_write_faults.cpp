// Pieces of the fault handling that need no faulty file system: which files an MPI-IO library
// leaves beside a data file when a job ends inside a write (and their removal), and the write
// guard's deadline. The faults themselves are in tests/app/write_faults.cmake.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "output/modes/mpi_io_leftovers.hpp"
#include "util/write_guard.hpp"

using namespace miniasd;

TEST(MpiIoLeftovers, NamesOfOmpioHelperFilesAndNothingElse) {
    for (const char* name :
         {"spins-00000002.dat-1583218689-12964.lock", "spins-00000002.dat.data.0",
          "spins-00000002.dat.metadata.12", "coordinates.dat.data.3", "spins-00000007.h5.data.1",
          "coordinates.h5-17-2.lock"})
        EXPECT_TRUE(is_mpi_io_leftover(name)) << name;
    for (const char* name :
         {"spins-00000002.dat", "spins-00000002.meta", "spins-00000002.p00001.dat",
          "spins-00000002.g00001.dat", "spins-00000002.h5", "spins-00000002.xmf", "output",
          "io-log", "report.json", ".dat.data.0", "spins.dat.data.", "spins.dat.data.x",
          "notes.lock", "spins-00000002.dat.lock", "input"})
        EXPECT_FALSE(is_mpi_io_leftover(name)) << name;
}

TEST(MpiIoLeftovers, RemovesOnlyLeftovers) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "miniasd_leftovers_test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const char* name :
         {"spins-00000001.dat", "spins-00000001.meta", "spins-00000002.dat-99-1.lock",
          "spins-00000002.dat.data.1", "spins-00000002.dat.metadata.1"})
        std::ofstream(dir / name) << "x";
    remove_mpi_io_leftovers(dir.string(), nullptr);
    std::vector<std::string> left;
    for (const auto& e : fs::directory_iterator(dir))
        left.push_back(e.path().filename().string());
    std::sort(left.begin(), left.end());
    EXPECT_EQ(left, (std::vector<std::string>{"spins-00000001.dat", "spins-00000001.meta"}));
    fs::remove_all(dir);
}

TEST(WriteGuard, DeadlineIsTheTimeoutOrOneSecondPerMegabyte) {
    EXPECT_EQ(WriteGuard::deadline_for(600, 48000), 600);
    EXPECT_EQ(WriteGuard::deadline_for(600, 2'000'000'000), 2000);
    EXPECT_EQ(WriteGuard::deadline_for(3, 0), 3);
}

TEST(WriteGuard, DisarmedGuardsNeverFire) {
    // Guards armed for 0.2 s and disarmed at once, nested and in sequence; the process then
    // outlives their deadlines (a guard that fired would end it with status 1 and fail the test).
    for (int k = 0; k < 100; ++k) {
        const WriteGuard outer(0.2, "outer");
        const WriteGuard inner(0.2, "inner");
    }
    const auto start = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
}
