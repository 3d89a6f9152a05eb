// The converter's pieces without files: command-line parsers, selections, macro-cell averages
// against sums done by hand, and the byte layout of the formats.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "filter.hpp"
#include "formats.hpp"
#include "inputs.hpp"
#include "povray.hpp"
#include "util/error.hpp"
#include "xdmf.hpp"

using namespace miniasd;
using namespace miniasd::convert;

namespace {

// A 4 x 2 x 1 grid of atoms 1 A apart in a 4 x 2 x 1 A box; material 0 for x < 2, else 1;
// spins up for even ids, tilted for odd ones.
struct Sample {
    SnapshotData coords, spins;
    Sample() {
        coords.meta.record = "coordinate";
        coords.meta.atoms = 8;
        coords.meta.box = {4, 2, 1};
        coords.meta.material_names = {"Fe", "Gd"};
        spins.meta.record = "spin";
        spins.meta.atoms = 8;
        spins.meta.time = 2.5e-12;
        spins.meta.step = 25;
        for (int id = 0; id < 8; ++id) {
            const double x = id % 4, y = id / 4;
            coords.gid.push_back(id);
            coords.values.insert(coords.values.end(), {x, y, 0.0});
            coords.material.push_back(x < 2 ? 0 : 1);
            spins.gid.push_back(id);
            if (id % 2 == 0)
                spins.values.insert(spins.values.end(), {0.0, 0.0, 1.0});
            else
                spins.values.insert(spins.values.end(), {0.6, 0.0, -0.8});
        }
    }
};

}  // namespace

// The case: bcc iron's positions n * 2.87 A land a rounding error either side of a
// macro-cell face of the same size, and flooring them without the binning rule's shift left 208
// of 400 cells empty (written to OVF as m = 0). A uniform state must give a uniform grid with
// no empty cell at every size, including sizes that do not divide the box.
TEST(ConvertFormats, MacroCellsOfAUniformStateAreUniform) {
    const double a = 2.87;
    const int cells = 10;
    SnapshotData coords, spins;
    coords.meta.record = "coordinate";
    coords.meta.box = {cells * a, cells * a, 2 * a};
    coords.meta.material_names = {"Fe"};
    std::int64_t id = 0;
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < cells; ++y)
            for (int x = 0; x < cells; ++x)
                for (int b = 0; b < 2; ++b) {  // the corner and the body centre
                    coords.gid.push_back(id);
                    spins.gid.push_back(id++);
                    coords.values.insert(coords.values.end(),
                                         {(x + 0.5 * b) * a, (y + 0.5 * b) * a, (z + 0.5 * b) * a});
                    coords.material.push_back(0);
                    spins.values.insert(spins.values.end(), {0.6, 0.0, 0.8});
                }
    coords.meta.atoms = spins.meta.atoms = id;
    for (const double size : {a, 2 * a, 4.1, 6.5}) {
        Filter f;
        f.macro_cell = {size, size, size};
        const Frame frame = make_frame(coords, &spins, f);
        const std::int64_t grid = frame.grid[0] * frame.grid[1] * frame.grid[2];
        EXPECT_EQ(static_cast<std::int64_t>(frame.size()), grid) << "size " << size;
        for (std::size_t k = 0; k < frame.size(); ++k) {
            EXPECT_NEAR(frame.vector[3 * k], 0.6, 1e-15) << size;
            EXPECT_NEAR(frame.vector[3 * k + 2], 0.8, 1e-15) << size;
        }
        const std::string ovf = to_ovf(frame);
        EXPECT_NE(ovf.find("(0 of " + std::to_string(grid) + " cells here)"), std::string::npos);
        EXPECT_EQ(ovf.find("\n0 0 0\n"), std::string::npos) << size;
    }
    // Half the lattice constant: bcc fills only the cells whose indices are all even or all odd,
    // and the file says how many it writes as 0 0 0.
    Filter half;
    half.macro_cell = {a / 2, a / 2, a / 2};
    EXPECT_NE(to_ovf(make_frame(coords, &spins, half)).find("(1200 of 1600 cells here)"),
              std::string::npos);
}

TEST(ConvertParse, Criteria) {
    Criterion c = parse_criterion("sz<0");
    EXPECT_EQ(c.variable, 5);
    EXPECT_TRUE(c.holds(-0.1));
    EXPECT_FALSE(c.holds(0.0));
    c = parse_criterion(" x >= 2.5");
    EXPECT_EQ(c.variable, 0);
    EXPECT_TRUE(c.holds(2.5));
    EXPECT_FALSE(c.holds(2.4));
    EXPECT_EQ(parse_criterion("sy<=-1e-3").op, Criterion::Op::less_equal);
    EXPECT_EQ(parse_criterion("y>1").op, Criterion::Op::greater);
    for (const char* bad : {"sz", "q<1", "sz<", "sz<abc", "sz=0", "<3"})
        EXPECT_THROW(parse_criterion(bad), Error) << bad;
}

TEST(ConvertParse, BoxSlabMacroCell) {
    const auto b = parse_box("0,1,2,3,4,5");
    EXPECT_EQ(b[0], 0);
    EXPECT_EQ(b[5], 5);
    EXPECT_THROW(parse_box("0,1,2,3,4"), Error);
    EXPECT_THROW(parse_box("3,0,0,1,1,1"), Error);  // min > max
    EXPECT_THROW(parse_box("0,0,0,1,1,x"), Error);
    Filter f;
    apply_slab("z:1:2", f);
    apply_slab("z:1.5:3", f);  // slabs intersect
    EXPECT_EQ(f.box[2], 1.5);
    EXPECT_EQ(f.box[5], 2);
    EXPECT_THROW(apply_slab("w:0:1", f), Error);
    EXPECT_THROW(apply_slab("z:2:1", f), Error);
    EXPECT_THROW(apply_slab("z:1", f), Error);
    const Vec3 m = parse_macro_cell("10");
    EXPECT_EQ(m[2], 10);
    EXPECT_EQ(parse_macro_cell("1,2,3")[1], 2);
    EXPECT_THROW(parse_macro_cell("0"), Error);
    EXPECT_THROW(parse_macro_cell("1,2"), Error);
}

TEST(ConvertFrame, SelectionsKeepExactlyTheAtomsAsked) {
    const Sample s;
    Filter all;
    EXPECT_EQ(make_frame(s.coords, &s.spins, all).size(), 8u);

    Filter down;
    down.where.push_back(parse_criterion("sz<0"));
    const Frame f = make_frame(s.coords, &s.spins, down);
    ASSERT_EQ(f.size(), 4u);
    for (std::size_t k = 0; k < f.size(); ++k) {
        EXPECT_EQ(f.id[k] % 2, 1);
        EXPECT_EQ(f.vector[3 * k + 2], -0.8);
    }

    Filter gd;
    gd.materials = {"Gd"};
    const Frame g = make_frame(s.coords, &s.spins, gd);
    ASSERT_EQ(g.size(), 4u);
    for (std::size_t k = 0; k < g.size(); ++k)
        EXPECT_EQ(g.material_name(k), "Gd");
    gd.materials = {"1"};  // 1-based numbers select as names do
    EXPECT_EQ(make_frame(s.coords, &s.spins, gd).material[0], 0);
    gd.materials = {"Co"};
    EXPECT_THROW(make_frame(s.coords, &s.spins, gd), Error);
    gd.materials = {"3"};
    EXPECT_THROW(make_frame(s.coords, &s.spins, gd), Error);

    Filter box;
    box.box = parse_box("1,0,0,2,0.5,0");  // closed: x = 1 and 2 on the row y = 0
    const Frame b = make_frame(s.coords, &s.spins, box);
    ASSERT_EQ(b.size(), 2u);
    EXPECT_EQ(b.id[0], 1);
    EXPECT_EQ(b.id[1], 2);

    Filter frac;
    frac.fraction = parse_box("0.5,0.5,0,1,1,1");  // x >= 2, y >= 1
    const Frame q = make_frame(s.coords, &s.spins, frac);
    ASSERT_EQ(q.size(), 2u);
    EXPECT_EQ(q.id[0], 6);

    // Coordinates alone: positions only; spin criteria and macro-cells are refused.
    const Frame c = make_frame(s.coords, nullptr, all);
    EXPECT_FALSE(c.has_vectors());
    EXPECT_THROW(make_frame(s.coords, nullptr, down), Error);
}

TEST(ConvertFrame, MacroCellsAverageTheirAtoms) {
    const Sample s;
    Filter f;
    f.macro_cell = parse_macro_cell("2,2,1");  // 2 x 1 x 1 cells of 4 atoms each
    const Frame m = make_frame(s.coords, &s.spins, f);
    ASSERT_EQ(m.size(), 2u);
    EXPECT_TRUE(m.macro_cells());
    for (std::size_t k = 0; k < 2; ++k) {
        EXPECT_EQ(m.atoms[k], 4);
        // Two up, two tilted: mean (0.3, 0, 0.1).
        EXPECT_NEAR(m.vector[3 * k], 0.3, 1e-15);
        EXPECT_NEAR(m.vector[3 * k + 2], 0.1, 1e-15);
        EXPECT_EQ(m.position[3 * k], 2.0 * double(k) + 1.0);  // cell centre
        EXPECT_EQ(m.position[3 * k + 1], 1.0);
    }
    // With moments (metadata 1.1) a cell's value is m = sum(mu s) / sum(mu). One cell over the
    // whole sample, keeping Fe's tilted atoms (x = 1) and all of Gd (x >= 2).
    Sample w;
    w.coords.meta.material_moments = {1.0, 3.0};  // Fe, Gd in Bohr magnetons
    Filter unequal;
    unequal.macro_cell = parse_macro_cell("4,2,1");
    unequal.where.push_back(parse_criterion("x>=1"));
    const Frame u = make_frame(w.coords, &w.spins, unequal);
    ASSERT_EQ(u.size(), 1u);
    // Fe: 2 tilted atoms x 1 muB; Gd: 2 up + 2 tilted x 3 muB. Sum mu = 2 + 12 = 14.
    EXPECT_NEAR(u.vector[0], (2 * 0.6 + 6 * 0.6) / 14, 1e-15);
    EXPECT_NEAR(u.vector[2], (2 * -0.8 + 6 * 1.0 + 6 * -0.8) / 14, 1e-15);
    EXPECT_EQ(u.atoms[0], 6);
    // Macro-cells of the atoms a selection keeps: only the tilted ones.
    f.where.push_back(parse_criterion("sz<0"));
    const Frame d = make_frame(s.coords, &s.spins, f);
    ASSERT_EQ(d.size(), 2u);
    EXPECT_EQ(d.atoms[0], 2);
    EXPECT_EQ(d.vector[0], 0.6);
}

// OVF 2.0: the macro-cell grid, x fastest, every node written (0 0 0 where no atom is), lengths
// in m; a frame of atoms is refused (OVF holds a grid).
TEST(ConvertFormats, OvfWritesEveryNodeOfTheMacroCellGrid) {
    const Sample s;
    Filter f;
    f.macro_cell = parse_macro_cell("2,2,1");   // 2 x 1 x 1 cells
    f.where.push_back(parse_criterion("x<2"));  // only the first cell keeps atoms
    const std::string ovf = to_ovf(make_frame(s.coords, &s.spins, f));
    for (const char* key :
         {"# OOMMF OVF 2.0\n", "# meshtype: rectangular\n", "# xnodes: 2\n", "# ynodes: 1\n",
          "# znodes: 1\n", "# xstepsize: 2e-10\n", "# xbase: 1e-10\n", "# xmax: 4e-10\n",
          "# valuedim: 3\n", "# Begin: Data Text\n0.3 0 0.0999", "\n0 0 0\n# End: Data Text\n"})
        EXPECT_NE(ovf.find(key), std::string::npos) << key << "\n" << ovf;
    EXPECT_THROW(to_ovf(make_frame(s.coords, &s.spins, Filter{})), Error);
}

TEST(ConvertFormats, CanonicalCsvXyz) {
    const Sample s;
    const Frame f = make_frame(s.coords, &s.spins, Filter{});
    const std::string bin = to_canonical(f);
    ASSERT_EQ(bin.size(), 8u * 24);
    double v = 0;
    std::memcpy(&v, bin.data() + 8 * (3 * 1 + 2), 8);
    EXPECT_EQ(v, -0.8);

    const std::string csv = to_csv(f);
    EXPECT_EQ(csv.substr(0, csv.find('\n')), "gid,x[A],y[A],z[A],material,sx,sy,sz");
    EXPECT_NE(csv.find("\n1,1,0,0,1,0.6,0,-0.8\n"), std::string::npos);
    EXPECT_NE(csv.find("\n7,3,1,0,2,0.6,0,-0.8\n"), std::string::npos);  // 1-based material

    const std::string xyz = to_xyz(f);
    EXPECT_EQ(xyz.substr(0, 2), "8\n");
    EXPECT_NE(xyz.find("Lattice=\"4 0 0 0 2 0 0 0 1\""), std::string::npos);
    EXPECT_NE(xyz.find("Properties=species:S:1:pos:R:3:dipoles:R:3:material:I:1:id:I:1"),
              std::string::npos);
    EXPECT_NE(xyz.find("Time=2.5 "), std::string::npos);  // picoseconds
    EXPECT_NE(xyz.find("\nGd 3 1 0 0.6 0 -0.8 2 7\n"), std::string::npos);

    Filter cells;
    cells.macro_cell = {4, 2, 1};
    const std::string mc = to_csv(make_frame(s.coords, &s.spins, cells));
    EXPECT_EQ(mc.substr(0, mc.find('\n')), "cell,x[A],y[A],z[A],atoms,mx,my,mz,|m|");
}

TEST(ConvertFormats, XyzSpeciesAreTheMaterialElementsWhereGiven) {
    Sample s;
    s.coords.meta.material_names = {"host", "sub"};
    s.coords.meta.material_elements = {"-", "Gd"};  // material 1 without material-element
    const std::string xyz = to_xyz(make_frame(s.coords, &s.spins, Filter{}));
    EXPECT_NE(xyz.find("\nGd 3 1 0 0.6 0 -0.8 2 7\n"), std::string::npos);
    EXPECT_NE(xyz.find("\nhost 0 0 0 0 0 1 1 0\n"), std::string::npos);
    EXPECT_EQ(xyz.find("\nsub "), std::string::npos);
    // POV-Ray spheres (no spins) take the element's colour: Gd's, not the material palette's.
    const std::string pov = to_povray(make_frame(s.coords, nullptr, Filter{}), PovOptions{});
    EXPECT_NE(pov.find("<0.27,1,0.78>"), std::string::npos);
}

TEST(ConvertFormats, VtuOffsetsAddUp) {
    const Sample s;
    const Frame f = make_frame(s.coords, &s.spins, Filter{});
    const std::string vtu = to_vtu(f);
    // Every declared offset lands on a block header whose byte count leads to the next one.
    const std::size_t start = vtu.find("<AppendedData encoding=\"raw\">\n_") + 31;
    std::vector<std::uint64_t> offsets;
    for (std::size_t at = vtu.find("offset=\""); at != std::string::npos && at < start;
         at = vtu.find("offset=\"", at + 1))
        offsets.push_back(std::stoull(vtu.substr(at + 8)));
    ASSERT_EQ(offsets.size(), 7u);  // spin, material, id, points, connectivity, offsets, types
    const std::uint64_t expected[] = {8 * 24, 8 * 4, 8 * 8, 8 * 24, 8 * 8, 8 * 8, 8};
    for (std::size_t k = 0; k < offsets.size(); ++k) {
        std::uint64_t bytes = 0;
        std::memcpy(&bytes, vtu.data() + start + offsets[k], 8);
        EXPECT_EQ(bytes, expected[k]) << k;
        if (k + 1 < offsets.size()) {
            EXPECT_EQ(offsets[k + 1], offsets[k] + 8 + bytes);
        }
    }
    EXPECT_NE(vtu.find("Name=\"TimeValue\" NumberOfTuples=\"1\" format=\"ascii\">2.5<"),
              std::string::npos);
    const std::string pvd = to_pvd({{0.5, "a.vtu"}, {1.5, "b.vtu"}});
    EXPECT_NE(pvd.find("timestep=\"1.5\" group=\"\" part=\"0\" file=\"b.vtu\""), std::string::npos);
}

TEST(ConvertFormats, PovraySceneHasAnArrowPerAtomAndAColourBar) {
    const Sample s;
    const std::string pov = to_povray(make_frame(s.coords, &s.spins, Filter{}), PovOptions{});
    std::size_t arrows = 0;
    for (std::size_t at = pov.find("\nA(<"); at != std::string::npos;
         at = pov.find("\nA(<", at + 1))
        ++arrows;
    EXPECT_EQ(arrows, 8u);
    EXPECT_NE(pov.find("camera"), std::string::npos);
    EXPECT_NE(pov.find("gradient y color_map"), std::string::npos);
    const Vec3 up = sz_colour(1), down = sz_colour(-1), mid = sz_colour(0);
    EXPECT_GT(up[0], up[2]);
    EXPECT_GT(down[2], down[0]);
    EXPECT_EQ(mid[0], mid[2]);
    EXPECT_EQ(sz_colour(7)[0], up[0]);  // clamped
    // Coordinates alone: a sphere per atom.
    const std::string spheres = to_povray(make_frame(s.coords, nullptr, Filter{}), PovOptions{});
    EXPECT_EQ(spheres.find("\nA(<"), std::string::npos);
    EXPECT_NE(spheres.find("\nS(<"), std::string::npos);
}

// The XDMF that meshio, VTK and ParaView all read: a uniform grid with an explicit vertex list
// (meshio needs one), HDF5 items named relative to the .xdmf, no <Time> in a single grid (meshio
// refuses it there) and times in ps in a temporal collection. (tests/tools/check_converter.py
// reads the data back; the interop test opens the files with meshio and pyvista.)
TEST(ConvertFormats, XdmfGridsForEveryReader) {
    Frame f;
    f.id = {3, 8};
    f.position = {0, 0, 0, 1, 2, 3};
    f.vector = {0, 0, 1, 1, 0, 0};
    f.material = {0, 1};
    f.meta.time = 2.5e-12;
    f.meta.step = 250;
    f.meta.snapshot = 4;
    const std::string one = xdmf_single(f, "spins-4.xdmf.h5");
    for (const char* part :
         {"<Xdmf Version=\"3.0\">",
          "Name=\"snapshot 4, step 250, t = 2.5 ps\" GridType=\"Uniform\"",
          "<Topology TopologyType=\"Polyvertex\" NumberOfElements=\"2\" NodesPerElement=\"1\">",
          "Dimensions=\"2 1\">spins-4.xdmf.h5:/vertices<",
          "Dimensions=\"2 3\">spins-4.xdmf.h5:/positions<",
          "<Attribute Name=\"spin\" AttributeType=\"Vector\" Center=\"Node\">",
          "Precision=\"4\" Dimensions=\"2 1\">spins-4.xdmf.h5:/material<"})
        EXPECT_NE(one.find(part), std::string::npos) << part << "\n" << one;
    EXPECT_EQ(one.find("<Time"), std::string::npos);
    const std::string series = xdmf_series({xdmf_grid(f, "a.xdmf.h5", true)});
    EXPECT_NE(series.find("GridType=\"Collection\" CollectionType=\"Temporal\""),
              std::string::npos);
    EXPECT_NE(series.find("<Time Value=\"2.5\"/>"), std::string::npos);
    EXPECT_NE(series.find("time in picoseconds"), std::string::npos);
}

TEST(ConvertInputs, DirectoryRangesAndIncompleteSnapshots) {
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("miniasd_convert_inputs_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    auto touch = [&](const std::string& name, const std::string& text) {
        std::ofstream(dir / name) << text;
    };
    for (int n = 0; n < 6; ++n)
        touch("spins-0000000" + std::to_string(n) + ".meta", "x");
    touch("coordinates.meta", "x");
    touch("spins-00000006.g00000.dat", "");  // a snapshot the run did not finish
    touch("spins-00000006.meta.tmp", "");
    InputSet in = resolve_inputs(dir.string(), {});
    EXPECT_EQ(in.snapshots.size(), 6u);
    EXPECT_EQ(in.coordinates, (dir / "coordinates.meta").string());
    ASSERT_EQ(in.notes.size(), 2u);
    in = resolve_inputs(dir.string(), {1, 5, 2});
    ASSERT_EQ(in.snapshots.size(), 3u);
    EXPECT_EQ(stem_of(in.snapshots[0]), "spins-00000001");
    EXPECT_EQ(stem_of(in.snapshots[2]), "spins-00000005");
    EXPECT_THROW(resolve_inputs(dir.string(), {7, 9, 1}), Error);
    EXPECT_THROW(resolve_inputs((dir / "nothing").string(), {}), Error);
    fs::remove_all(dir);
}
