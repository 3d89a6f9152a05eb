#include <gtest/gtest.h>

#include <algorithm>

#include <map>

#include "parser_support.hpp"
#include "run/config/parser.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"
#include "util/units.hpp"

using namespace miniasd;
using test::config_from_text;
using test::expect_error;
using test::material1;

TEST(Parser, ReadsValuesConvertsUnitsAndAppliesDefaults) {
    const Config c = config_from_text(
        "create:crystal-structure = BCC\n"
        "create:periodic-boundaries-x\n"
        "create:periodic-boundaries-z\n"
        "dimensions:unit-cell-size = 2.87 !A\n"
        "dimensions:system-size-x = 5 !nm\n"
        "dimensions:system-size-y = 3e-9 !m\n"
        "sim:temperature = 300\n"
        "sim:time-step = 0.1 !fs\n"
        "sim:total-time-steps = 1e4\n"
        "sim:applied-field-strength = 100 !mT\n"
        "sim:applied-field-unit-vector = {3, 0, 4}\n"
        "material[1]:atomic-spin-moment = 2 !muB\n"
        "material[1]:exchange-matrix[1] = 10 !meV\n"
        "material[1]:uniaxial-anisotropy-constant = 1 !zJ\n"
        "material[1]:initial-spin-direction = random\n"
        "output:magnetisation\noutput:time-steps\n");
    EXPECT_EQ(c.structure.crystal, CrystalStructure::bcc);
    EXPECT_TRUE(c.structure.periodic[0]);
    EXPECT_FALSE(c.structure.periodic[1]);
    EXPECT_TRUE(c.structure.periodic[2]);
    EXPECT_DOUBLE_EQ(c.structure.unit_cell[1], 2.87e-10);
    EXPECT_DOUBLE_EQ(c.structure.system_size[0], 5e-9);
    EXPECT_DOUBLE_EQ(c.structure.system_size[1], 3e-9);
    EXPECT_DOUBLE_EQ(c.structure.system_size[2], 2e-9);  // default
    EXPECT_DOUBLE_EQ(c.sim.temperature, 300);
    EXPECT_DOUBLE_EQ(c.sim.time_step, 1e-16);
    EXPECT_EQ(c.sim.total_steps, 10000);
    EXPECT_DOUBLE_EQ(c.sim.field_strength, 0.1);
    EXPECT_DOUBLE_EQ(c.sim.field_direction[0], 0.6);
    EXPECT_DOUBLE_EQ(c.sim.field_direction[2], 0.8);
    ASSERT_EQ(c.materials.size(), 1u);
    EXPECT_DOUBLE_EQ(c.materials[0].moment, 2 * constants::bohr_magneton);
    EXPECT_DOUBLE_EQ(c.materials[0].exchange[0], 10e-3 * constants::electron_volt);
    EXPECT_DOUBLE_EQ(c.materials[0].anisotropy, 1e-21);
    EXPECT_DOUBLE_EQ(c.materials[0].damping, 1.0);  // default
    EXPECT_TRUE(c.materials[0].random_initial_spin);
    EXPECT_EQ(c.columns.file, (std::vector<std::string>{"magnetisation", "time-steps"}));
}

TEST(Parser, UnknownKeywordSuggestsTheNearestOne) {
    expect_error("sim:temprature = 300\n", 1, {"unknown keyword", "sim:temperature", "case.in"});
    expect_error("\nmaterial[1]:dampng-constant = 0.1\n", 2,
                 {"unknown keyword", "material[i]:damping-constant"});
    expect_error("zzz:qqqqqq\n", 1, {"unknown keyword", "input-reference"});
}

TEST(Parser, MalformedLine) {
    expect_error("sim temperature 300\n", 1, {"malformed"});
}

TEST(Parser, MissingValue) {
    expect_error("sim:temperature\n", 1, {"missing value", "sim:temperature"});
    expect_error("create:periodic-boundaries-x = 1\n", 1, {"flag", "takes no value"});
}

TEST(Parser, NotANumber) {
    expect_error("sim:temperature = warm\n", 1, {"expected a number", "warm"});
    expect_error("sim:total-time-steps = 10.5\n", 1, {"whole number"});
    expect_error("sim:applied-field-unit-vector = 0,1\n", 1, {"three comma-separated"});
    expect_error("sim:applied-field-unit-vector = 0,0,0\n", 1, {"zero vector"});
}

// Numbers strtod would take but a user did not mean, and numbers it cannot hold.
TEST(Parser, NumbersOutOfRangeHexadecimalOrWithBlanksAreRefused) {
    expect_error("sim:time-step = 1e400\n", 1, {"'1e400' is out of range"});
    expect_error("sim:temperature = 1e-400\n", 1, {"'1e-400' is out of range"});
    expect_error("sim:total-time-steps = 0x12C\n", 1, {"'0x12C' is hexadecimal"});
    expect_error("sim:temperature = -0x1p3\n", 1, {"hexadecimal"});
    expect_error("sim:temperature = inf\n", 1, {"expected a number", "inf"});
    expect_error("sim:temperature = nan\n", 1, {"expected a number"});
    expect_error("sim:temperature = 3 00\n", 1, {"'3 00' has a blank inside a number", "'300'"});
    expect_error("sim:total-time-steps = 1 000\n", 1, {"'1 000' has a blank"});
    expect_error("sim:applied-field-unit-vector = 0,0 1,1\n", 1, {"blank inside a number"});
    // Blanks around the value, and after or before commas, are fine.
    const Config c = config_from_text(
        "sim:temperature =   300   \nsim:applied-field-unit-vector = 0, 0 ,1\n" + material1);
    EXPECT_EQ(c.sim.temperature, 300);
    EXPECT_EQ(c.sim.field_direction[2], 1);
}

// Control bytes are shown escaped and a huge token is cut, so a message stays one short line.
TEST(Parser, MessagesEscapeControlBytesAndShortenLongTokens) {
    expect_error(
        "sim:program = tim\x01"
        "e\x1b[31m\n",
        1, {"tim\\x01e\\x1b[31m"});
    const std::string huge(2000000, '9');
    try {
        config_from_text("sim:temperature = " + huge + "q\n" + material1, "case.in");
        ADD_FAILURE() << "a 2 MB value was accepted";
    } catch (const InputError& e) {
        const std::string what = e.what();
        EXPECT_LT(what.size(), 400u) << what.substr(0, 400);
        EXPECT_NE(what.find("more characters"), std::string::npos);
    }
}

// Input files are ASCII outside comments: a UTF-8 or Latin-1 byte in a keyword or a value is
// refused at its line and column, printed escaped; in a comment it is fine, and a UTF-8
// byte-order mark at the start of the file is skipped.
TEST(Parser, NonAsciiOutsideCommentsIsRefusedAtItsColumn) {
    expect_error("sim:temperature\xe9 = 300\n", 1,
                 {"line 1, column 16", "non-ASCII byte (\\xe9)", "only in comments"});
    expect_error("material[1]:material-name = Fe\xc3\xa9\n", 1,
                 {"line 1, column 31", "non-ASCII byte (\\xc3)"});
    expect_error(
        "sim:temperature = 300 !\xc2\xb0"
        "C\n",
        1, {"column 24", "(\\xc2)"});
    const Config c = config_from_text("\xEF\xBB\xBFsim:temperature = 300 # 300 \xc2\xb0K\n" +
                                      material1 + "# Latin-1 comment: \xe9t\xe9\n");
    EXPECT_EQ(c.sim.temperature, 300);
    // A BOM anywhere else is a non-ASCII byte like any other.
    expect_error("sim:temperature = 300\n\xEF\xBB\xBFsim:time-step = 1e-16\n", 2,
                 {"column 1", "(\\xef)"});
}

TEST(Parser, WrongOrUnknownUnit) {
    expect_error("sim:time-step = 1 !T\n", 1,
                 {"wrong unit type", "magnetic field", "time", "s, ns, ps, fs"});
    expect_error("dimensions:unit-cell-size = 3 !parsec\n", 1,
                 {"unknown unit 'parsec'", "A, Angstrom, nm, m"});
    expect_error("sim:total-time-steps = 10 !s\n", 1, {"takes no unit"});
    expect_error("material[1]:damping-constant = 0.1 !J\n", 1, {"takes no unit"});
}

TEST(Parser, ValueOutOfRange) {
    expect_error("sim:temperature = -5\n", 1, {"out of range", "0 <= value"});
    expect_error("sim:time-step = 1 !ns\n", 1, {"out of range"});
    expect_error("sim:time-steps-increment = 0\n", 1, {"out of range"});
    expect_error("create:crystal-structure = hcc\n", 1, {"hcc", "sc|bcc|fcc|hcp"});
}

TEST(Parser, MaterialIndexOutOfRange) {
    expect_error("material:num-materials = 1\nmaterial[2]:damping-constant = 1\n", 2,
                 {"material index 2 out of range", "1 to 1"});
    expect_error("material[1]:exchange-matrix[3] = 1e-21\n", 1, {"material index 3 out of range"});
    expect_error("material:damping-constant = 1\n", 1, {"needs a material index"});
    expect_error("material[1]:exchange-matrix = 1e-21\n", 1, {"second material index"});
    expect_error("sim[1]:temperature = 1\n", 1, {"takes no index"});
}

TEST(Parser, DuplicateKeyword) {
    expect_error("sim:temperature = 1\n\nsim:temperature = 2\n", 3,
                 {"set twice", "case.in line 1"});
}

TEST(Parser, InconsistentMaterials) {
    // A site that no material occupies at some height.
    try {
        config_from_text("material[1]:atomic-spin-moment = 1\nmaterial[1]:maximum-height = 0.5\n",
                         "case.in");
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_NE(
            std::string(e.what()).find("no material occupies the sites of unit-cell category 1"),
            std::string::npos)
            << e.what();
    }
    // A basis site the crystal does not have.
    expect_error("create:crystal-structure = bcc\nmaterial[1]:unit-cell-category = 3\n", 2,
                 {"site 3 does not exist", "bcc"});
    // Asymmetric exchange between two materials.
    try {
        config_from_text(
            "material[1]:atomic-spin-moment = 1\nmaterial[2]:atomic-spin-moment = 1\n"
            "material[1]:exchange-matrix[2] = 1e-21\nmaterial[2]:exchange-matrix[1] = 2e-21\n",
            "case.in");
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), 4);
        EXPECT_NE(std::string(e.what()).find("symmetric"), std::string::npos);
    }
    // Without a moment, VAMPIRE's default 1.72 muB, said once.
    const Config unset = config_from_text("material[1]:damping-constant = 0.5\n", "case.in");
    EXPECT_DOUBLE_EQ(unset.materials[0].moment, 1.72 * constants::bohr_magneton);
    ASSERT_EQ(unset.warnings.size(), 1u);
    EXPECT_NE(unset.warnings[0].find("case.in, line 1: material[1]:atomic-spin-moment is not "
                                     "given: VAMPIRE's default of 1.72 muB is used"),
              std::string::npos)
        << unset.warnings[0];
    // Minimum above maximum.
    expect_error("material[1]:minimum-height = 0.6\nmaterial[1]:maximum-height = 0.4\n", 2,
                 {"minimum-height must be below maximum-height"});
}

TEST(Parser, OneSidedExchangeIsMadeSymmetric) {
    const Config c = config_from_text(
        "material[1]:atomic-spin-moment = 1\nmaterial[2]:atomic-spin-moment = 1\n"
        "material[1]:exchange-matrix[2] = -1e-21\n"
        "material[1]:unit-cell-category = 1\nmaterial[2]:unit-cell-category = 2\n"
        "create:crystal-structure = bcc\n");
    EXPECT_DOUBLE_EQ(c.materials[1].exchange[0], -1e-21);
}

TEST(Parser, NoMaterialIsAnError) {
    EXPECT_THROW(config_from_text("sim:temperature = 1\n"), InputError);
}

TEST(ReadConfig, ReadsMaterialFilesRelativeToTheInputFile) {
    std::map<std::string, std::string> files = {
        {"runs/a/input", "material:file = Fe.mat\nsim:temperature = 10\n"},
        {"runs/a/Fe.mat", "material:num-materials = 1\n" + material1},
    };
    std::vector<std::string> asked;
    TextLoader load = [&](const std::string& p) {
        asked.push_back(p);
        auto it = files.find(p);
        LoadResult r;
        r.ok = it != files.end();
        if (r.ok)
            r.text = it->second;
        else
            r.error = "No such file or directory";
        return r;
    };
    const Config c = read_config("runs/a/input", load);
    EXPECT_EQ(asked, (std::vector<std::string>{"runs/a/input", "runs/a/Fe.mat"}));
    EXPECT_DOUBLE_EQ(c.materials.at(0).exchange[0], 7.05e-21);
    EXPECT_EQ(c.files_read.size(), 2u);

    // An error inside a material file names that file.
    files["runs/a/Fe.mat"] = "material[1]:atomic-spin-moment = 2\nmaterial[1]:dampingg = 1\n";
    try {
        read_config("runs/a/input", load);
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), "runs/a/Fe.mat");
        EXPECT_EQ(e.line(), 2);
    }
    // VAMPIRE's spelling materials:num-materials in a material file is the same keyword (its
    // core-shell test input writes it): two materials, the second indexed.
    files["runs/a/Fe.mat"] = "materials:num-materials = 2\n" + material1 +
                             "material[2]:atomic-spin-moment = 1 !muB\n"
                             "material[2]:unit-cell-category = 1\n";
    EXPECT_EQ(read_config("runs/a/input", load).materials.size(), 2u);
    // A material without a moment takes VAMPIRE's default, and the warning points at its
    // material file, at its first keyword.
    files["runs/a/Fe.mat"] = "material:num-materials = 2\n" + material1 +
                             "\nmaterial[2]:material-name = Co\n"
                             "material[2]:exchange-matrix[2] = 1e-21\n";
    const Config unset = read_config("runs/a/input", load);
    ASSERT_EQ(unset.warnings.size(), 1u);
    EXPECT_NE(unset.warnings[0].find(
                  "runs/a/Fe.mat, line " +
                  std::to_string(3 + int(std::count(material1.begin(), material1.end(), '\n'))) +
                  ": material[2]:atomic-spin-moment is not given"),
              std::string::npos)
        << unset.warnings[0];
    // Only material keywords in a material file.
    files["runs/a/Fe.mat"] = material1 + "sim:temperature = 3\n";
    EXPECT_THROW(read_config("runs/a/input", load), InputError);
    // A missing material file is reported at the line that names it.
    files.erase("runs/a/Fe.mat");
    try {
        read_config("runs/a/input", load);
        ADD_FAILURE();
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), "runs/a/input");
        EXPECT_EQ(e.line(), 1);
        EXPECT_NE(std::string(e.what()).find("runs/a/Fe.mat"), std::string::npos);
    }
    // A missing main file.
    EXPECT_THROW(read_config("nowhere/input", load), Error);
}

TEST(Parser, AlloysAreCheckedBeforeTheRun) {
    const std::string two = "material[2]:atomic-spin-moment = 7 !muB\n";
    expect_error(two + "material[1]:alloy-fraction[2] = 0.2\n", 2,
                 {"not an alloy host", "material[1]:host-alloy"});
    expect_error(two + "material[1]:host-alloy\nmaterial[1]:alloy-fraction[1] = 0.2\n", 3,
                 {"itself"});
    expect_error(two +
                     "material[3]:atomic-spin-moment = 1 !muB\nmaterial[1]:host-alloy\n"
                     "material[1]:alloy-fraction[2] = 0.7\nmaterial[1]:alloy-fraction[3] = 0.4\n",
                 5, {"add up to", "more than 1"});
    expect_error(two + "material[1]:host-alloy\n", 2, {"needs at least one", "alloy-fraction"});
    expect_error(two +
                     "material[1]:host-alloy\nmaterial[2]:host-alloy\n"
                     "material[1]:alloy-fraction[2] = 0.3\nmaterial[2]:alloy-fraction[1] = 0.3\n",
                 4, {"itself an alloy host"});
    // A valid alloy: the alloyed material need not cover any site itself.
    const Config c = config_from_text(two +
                                      "material[1]:host-alloy\n"
                                      "material[1]:alloy-fraction[2] = 0.25\n" +
                                      material1);
    EXPECT_TRUE(c.materials[0].alloy_host);
    EXPECT_EQ(c.materials[0].alloy_fraction[1], 0.25);
}

TEST(Parser, ProgramAndIntegratorKeywords) {
    const Config c = config_from_text(
        "sim:program = curie-temperature\nsim:integrator = monte-carlo\n"
        "montecarlo:algorithm = spin-flip\nsim:minimum-temperature = 10\n"
        "sim:maximum-temperature = 1000 !K\nsim:temperature-increment = 25\n"
        "sim:loop-time-steps = 500\nmaterial[1]:cubic-anisotropy-constant = 1e-23\n"
        "material[1]:material-element = Gd\noutput:output-rate = 4\n" +
        material1);
    EXPECT_EQ(c.sim.program, ProgramKind::curie_temperature);
    EXPECT_EQ(c.sim.integrator, IntegratorKind::monte_carlo);
    EXPECT_EQ(c.sim.monte_carlo_move, MonteCarloMove::spin_flip);
    EXPECT_EQ(c.sweep.maximum_temperature, 1000);
    EXPECT_EQ(c.sweep.temperature_increment, 25);
    EXPECT_EQ(c.sweep.loop_steps, 500);
    EXPECT_EQ(c.materials[0].cubic_anisotropy, 1e-23);
    EXPECT_EQ(c.materials[0].element, "Gd");
    EXPECT_EQ(c.columns.rate, 4);
    expect_error("material[1]:material-element = Iron\n", 1, {"chemical symbol"});
}

TEST(Parser, OutputModeAndNodesAuto) {
    const Config a = config_from_text(
        "config:atoms\nconfig:output-mode = auto\nconfig:output-nodes = auto\n" + material1);
    EXPECT_TRUE(a.output.auto_mode && a.output.auto_nodes);
    EXPECT_TRUE(a.warnings.empty());  // every option applies to some candidate
    const Config n = config_from_text("config:atoms\nconfig:output-nodes = 4\n" + material1);
    EXPECT_FALSE(n.output.auto_mode || n.output.auto_nodes);
    EXPECT_EQ(n.output.output_nodes, 4);
    const Config s = config_from_text(
        "config:atoms\nconfig:output-mode = sorted\nconfig:output-nodes = auto\n" + material1);
    ASSERT_EQ(s.warnings.size(), 1u);
    EXPECT_NE(s.warnings[0].find("tests group counts of file-per-node"), std::string::npos);
    for (const char* bad : {"0", "x", "4.5", "-2", "20000000"})
        expect_error(std::string("config:output-nodes = ") + bad + "\n", 1,
                     {"config:output-nodes", "1 to 10000000, or auto", bad});
}
