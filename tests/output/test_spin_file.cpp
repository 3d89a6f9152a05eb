// sim:initial-spin-configuration = file: OVF 2.0 files written by hand in text, binary 8 and
// binary 4 give each atom the spin of the cell holding it; a grid that does not cover the lattice
// is refused naming the atom and both sizes; a miniASD snapshot read back gives the spins it
// holds, on any number of ranks.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "output/format/spin_file.hpp"
#include "support/decomposition.hpp"
#include "util/error.hpp"

using namespace miniasd;
namespace fs = std::filesystem;

namespace {

// A 4 x 2 sc monolayer of 3 A cells.
const std::string film =
    "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
    "dimensions:system-size-x = 12 !A\ndimensions:system-size-y = 6 !A\n"
    "dimensions:system-size-z = 3 !A\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
    "material[1]:exchange-matrix[1] = 1e-21\nsim:total-time-steps = 0\n"
    "sim:initial-spin-configuration = file\n";

// A directory of this test's own, the same name on every rank (the root's process id).
fs::path shared_directory(const std::string& stem) {
    int status = 0;
    std::string name = stem + std::to_string(::getpid());
    parallel::Comm::world().broadcast(status, name);
    return fs::temp_directory_path() / name;
}

// An OVF 2.0 file of nx x ny x 1 cells of `step` A holding `m` (x fastest), in `form`, written
// by the root while the other ranks wait.
std::string write_ovf(const std::string& name, int nx, int ny, double step,
                      const std::vector<double>& m, const std::string& form,
                      const std::string& unit = "m") {
    const fs::path dir = shared_directory("miniasd-spin-file-");
    const std::string path = (dir / name).string();
    const parallel::Comm world = parallel::Comm::world();
    if (!world.is_root()) {
        world.barrier();
        return path;
    }
    fs::create_directories(dir);
    std::ofstream out(path, std::ios::binary);
    const double s = step * (unit == "nm" ? 0.1 : unit == "A" ? 1 : 1e-10);  // step in A
    out << "# OOMMF OVF 2.0\n# Segment count: 1\n# Begin: Segment\n# Begin: Header\n"
        << "# Title: m\n# meshtype: rectangular\n# meshunit: " << unit << "\n# valuedim: 3\n"
        << "# xbase: " << s / 2 << "\n# ybase: " << s / 2 << "\n# zbase: " << s / 2 << "\n"
        << "# xnodes: " << nx << "\n# ynodes: " << ny << "\n# znodes: 1\n"
        << "# xstepsize: " << s << "\n# ystepsize: " << s << "\n# zstepsize: " << s << "\n"
        << "# End: Header\n# Begin: Data " << form << "\n";
    if (form == "Text") {
        for (std::size_t k = 0; k < m.size(); k += 3)
            out << m[k] << " " << m[k + 1] << " " << m[k + 2] << "\n";
    } else if (form == "Binary 8") {
        const double check = 123456789012345.0;
        out.write(reinterpret_cast<const char*>(&check), 8);
        out.write(reinterpret_cast<const char*>(m.data()), std::streamsize(8 * m.size()));
    } else {
        const float check = 1234567.0f;
        out.write(reinterpret_cast<const char*>(&check), 4);
        for (const double x : m) {
            const float f = float(x);
            out.write(reinterpret_cast<const char*>(&f), 4);
        }
    }
    out << "\n# End: Data " << form << "\n# End: Segment\n";
    out.close();
    world.barrier();
    return path;
}

std::vector<double> run_spins(int ranks, const std::string& input, std::string* error = nullptr) {
    std::vector<double> spins;
    const std::string e = test::run_on_first_ranks(
        ranks, 1, input, [&](Simulation& sim) { spins = test::gather_spins(sim); });
    if (error)
        *error = e;
    else
        EXPECT_EQ(e, "");
    return spins;
}

}  // namespace

TEST(SpinFile, OvfCellsGiveTheirAtomsTheirSpinInEveryForm) {
    // Cell (i, j) holds the direction (i, j, 1) (any length: the atoms' spins are normalised).
    std::vector<double> m;
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 4; ++i)
            m.insert(m.end(), {double(i), double(j), 2.0});
    const int world = parallel::Comm::world().size();
    for (const std::string form : {"Text", "Binary 8", "Binary 4"}) {
        const std::string path =
            write_ovf("m" + std::to_string(form.size()) + ".ovf", 4, 2, 3, m, form);
        const std::vector<double> s =
            run_spins(world, film + "sim:initial-spin-file = " + path + "\n");
        if (!parallel::Comm::world().is_root()) continue;
        ASSERT_EQ(s.size(), 24u) << form;
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 4; ++i) {
                const std::size_t a = std::size_t(3 * (j * 4 + i));  // gid = x + 4 y
                const double n = std::sqrt(i * i + j * j + 4.0);
                const double tol = form == "Binary 4" ? 1e-7 : 1e-15;
                EXPECT_NEAR(s[a], i / n, tol) << form;
                EXPECT_NEAR(s[a + 1], j / n, tol) << form;
                EXPECT_NEAR(s[a + 2], 2 / n, tol) << form;
            }
    }
    // Spirit writes its mesh in nm: 0.3 nm cells are the lattice's 3 A cells (read as metres,
    // every atom fell into the first cell and a skyrmion became the uniform state); angstrom too.
    for (const std::string unit : {"nm", "A"}) {
        const std::string path = write_ovf("unit-" + unit + ".ovf", 4, 2, 3, m, "Text", unit);
        const std::vector<double> s =
            run_spins(world, film + "sim:initial-spin-file = " + path + "\n");
        if (!parallel::Comm::world().is_root()) continue;
        ASSERT_EQ(s.size(), 24u) << unit;
        for (int k = 0; k < 8; ++k) {
            const double i = k % 4, j = k / 4, n = std::sqrt(i * i + j * j + 4.0);
            EXPECT_NEAR(s[std::size_t(3 * k)], i / n, 1e-15) << unit << " atom " << k;
            EXPECT_NEAR(s[std::size_t(3 * k + 1)], j / n, 1e-15) << unit << " atom " << k;
        }
    }
    // Cells of 6 A: two atoms along x and y share one (sampled).
    std::vector<double> coarse = {1, 0, 0, 0, 1, 0};
    const std::string two = write_ovf("coarse.ovf", 2, 1, 6, coarse, "Text");
    const std::vector<double> s = run_spins(world, film + "sim:initial-spin-file = " + two + "\n");
    if (parallel::Comm::world().is_root()) {
        ASSERT_EQ(s.size(), 24u);
        EXPECT_EQ(s[0], 1);          // atom (0, 0) in cell 0
        EXPECT_EQ(s[3 * 3 + 1], 1);  // atom (3, 0) in cell 1
    }
    // A grid smaller than the lattice: refused, naming the atom and both sizes.
    const std::string small = write_ovf("small.ovf", 3, 2, 3, std::vector<double>(18, 1.0), "Text");
    std::string error;
    run_spins(1, film + "sim:initial-spin-file = " + small + "\n", &error);
    if (parallel::Comm::world().is_root()) {
        EXPECT_NE(error.find("atom 3 at (9, 0, 0) A lies outside the file's 3 x 2 x 1 cells"),
                  std::string::npos)
            << error;
        EXPECT_NE(error.find("4 x 2 x 1 unit cells"), std::string::npos) << error;
    }
    // Not OVF 2.0: refused by name.
    const std::string bad = write_ovf("bad.ovf", 4, 2, 3, m, "Text");
    if (parallel::Comm::world().is_root()) {
        std::fstream f(bad, std::ios::in | std::ios::out);
        f << "# OOMMF: rectangular mesh v1.0";
    }
    parallel::Comm::world().barrier();
    run_spins(1, film + "sim:initial-spin-file = " + bad + "\n", &error);
    if (parallel::Comm::world().is_root()) {
        EXPECT_NE(error.find("not an OVF 2.0 file"), std::string::npos) << error;
        fs::remove_all(fs::path(bad).parent_path());
    }
}

TEST(SpinFile, ASnapshotReadBackGivesItsSpinsOnAnyRanks) {
    const fs::path dir = shared_directory("miniasd-spin-snap-");
    const parallel::Comm world = parallel::Comm::world();
    if (world.is_root()) {
        fs::remove_all(dir);
        fs::create_directories(dir);
    }
    world.barrier();
    // A random state of an 8 x 6 x 2 box written as a snapshot (file-per-process on 2 ranks).
    const std::string box =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "dimensions:system-size-x = 8 !nm\ndimensions:system-size-y = 6 !nm\n"
        "dimensions:system-size-z = 2 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 1e-21\nsim:total-time-steps = 0\n";
    std::vector<double> written;
    {
        RunOptions o = test::quiet_options();
        o.write_files = true;
        o.output_dir = dir.string();
        Simulation sim(world,
                       test::config_from_text(box + "sim:initial-spin-configuration = random\n"
                                                    "config:atoms\nconfig:output-mode = "
                                                    "file-per-process\n"),
                       o);
        run_program(sim);
        written = test::gather_spins(sim);
    }
    const std::string meta = (dir / "spins-00000000.meta").string();
    for (int ranks = 1; ranks <= world.size(); ++ranks) {
        const std::vector<double> s = run_spins(
            ranks,
            box + "sim:initial-spin-configuration = file\nsim:initial-spin-file = " + meta + "\n");
        if (!world.is_root()) continue;
        ASSERT_EQ(s.size(), written.size());
        for (std::size_t k = 0; k < s.size(); ++k)
            ASSERT_NEAR(s[k], written[k], 1e-15) << ranks << " ranks, value " << k;
    }
    // A lattice with atoms the snapshot lacks: refused, naming the first.
    std::string error;
    std::string taller = box;
    taller.replace(taller.find("system-size-z = 2 !nm"), 21, "system-size-z = 3 !nm");
    run_spins(
        1, taller + "sim:initial-spin-configuration = file\nsim:initial-spin-file = " + meta + "\n",
        &error);
    if (world.is_root()) {
        EXPECT_NE(error.find("has no atom of the file within 1e-3 A"), std::string::npos) << error;
        fs::remove_all(dir);
    }
}

// A directory as the spin file: a run's output directory gives its newest snapshot (it gave the
// first, the run's initial state, without a word), a directory of checkpoints its newest
// checkpoint, a checkpoint itself its spins; each choice is noted; any other directory is
// refused by name.
TEST(SpinFile, ADirectoryGivesItsNewestSnapshotOrCheckpoint) {
    const fs::path dir = shared_directory("miniasd-spin-dir-");
    const parallel::Comm world = parallel::Comm::world();
    if (world.is_root()) {
        fs::remove_all(dir);
        fs::create_directories(dir / "empty");
    }
    world.barrier();
    const std::string box =
        "create:crystal-structure = sc\ndimensions:unit-cell-size = 3 !A\n"
        "dimensions:system-size = 1.5 !nm\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 1e-21\nmaterial[1]:damping-constant = 0.5\n";
    std::vector<double> last;
    {
        RunOptions o = test::quiet_options();
        o.write_files = true;
        o.output_dir = dir.string();
        Simulation sim(world,
                       test::config_from_text(box + "sim:initial-spin-configuration = random\n"
                                                    "sim:total-time-steps = 20\n"
                                                    "sim:time-steps-increment = 10\nconfig:atoms\n"
                                                    "sim:save-checkpoint = end\n"),
                       o);
        run_program(sim);
        last = test::gather_spins(sim);
    }
    const std::string file =
        box + "sim:total-time-steps = 0\nsim:initial-spin-configuration = file\n";
    for (const fs::path& source : {dir, dir / "checkpoints"}) {
        const std::vector<double> s =
            run_spins(world.size(), file + "sim:initial-spin-file = " + source.string() + "\n");
        if (!world.is_root()) continue;
        ASSERT_EQ(s.size(), last.size()) << source;
        for (std::size_t k = 0; k < s.size(); ++k)
            ASSERT_NEAR(s[k], last[k], 1e-15) << source << " value " << k;
    }
    if (world.is_root()) {
        EXPECT_NE(
            read_spin_source(dir.string())
                .note.find("holds 3 spin snapshot(s): the newest, spins-00000002.meta, was taken"),
            std::string::npos);
        EXPECT_NE(read_spin_source((dir / "checkpoints").string())
                      .note.find("the newest, checkpoint-000000000020, was taken"),
                  std::string::npos);
        EXPECT_EQ(read_spin_source((dir / "checkpoints" / "checkpoint-000000000020").string()).note,
                  "");
    }
    // A run's output directory with checkpoints only: the newest in its checkpoints/.
    {
        RunOptions o = test::quiet_options();
        o.write_files = true;
        o.output_dir = (dir / "empty").string();
        Simulation sim(world,
                       test::config_from_text(box + "sim:initial-spin-configuration = random\n"
                                                    "sim:total-time-steps = 20\n"
                                                    "sim:save-checkpoint = end\n"),
                       o);
        run_program(sim);
        const std::vector<double> s = test::gather_spins(sim);
        const std::vector<double> got = run_spins(
            world.size(), file + "sim:initial-spin-file = " + (dir / "empty").string() + "\n");
        if (world.is_root()) {
            ASSERT_EQ(got.size(), s.size());
            for (std::size_t k = 0; k < s.size(); ++k)
                ASSERT_NEAR(got[k], s[k], 1e-15) << "checkpoints/ value " << k;
        }
    }
    if (world.is_root()) fs::create_directories(dir / "none");
    world.barrier();
    std::string error;
    run_spins(1, file + "sim:initial-spin-file = " + (dir / "none").string() + "\n", &error);
    if (world.is_root()) {
        EXPECT_NE(error.find("is a directory that holds no checkpoint"), std::string::npos)
            << error;
        fs::remove_all(dir);
    }
}
