// VAMPIRE's input files: every VAMPIRE keyword is supported, accepted without effect (a warning)
// or refused by name, as the table in src/input/vampire_keywords.cpp says; every mistake of a file
// is reported in one run; "did you mean" only for near misses that take the same kind of value.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "input/vampire_keywords.hpp"
#include "run/config/keyword_table.hpp"
#include "support/test_support.hpp"
#include "util/error.hpp"

using namespace miniasd;
using test::config_from_text;

namespace {

const std::string material1 =
    "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:exchange-matrix[1] = 7.05e-21\n";

// The message of the error `text` raises, or "" when it parses.
std::string error_of(const std::string& text) {
    try {
        config_from_text(text, "vampire.in");
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// A line using the keyword as VAMPIRE users write it (a value where one is usual).
std::string line_for(const VampireKeyword& k) {
    const std::string section = k.section == "material" ? "material[1]" : k.section;
    const std::string name = k.name == "*" ? "some-setting" : k.name;
    return section + ":" + name + " = 1\n";
}

}  // namespace

TEST(Vampire, SupportedMeansInTheKeywordTableAndNothingElseIs) {
    for (const VampireKeyword& k : vampire_keywords()) {
        const bool in_table = find_keyword(k.section, k.name) != nullptr;
        EXPECT_EQ(in_table, k.kind == VampireClass::supported) << k.section << ":" << k.name;
        if (k.kind != VampireClass::supported) {
            EXPECT_FALSE(k.note.empty()) << k.name;
        }
    }
}

TEST(Vampire, EveryUnsupportedKeywordIsRefusedByNameWithItsReason) {
    int refused = 0;
    for (const VampireKeyword& k : vampire_keywords()) {
        if (k.kind != VampireClass::not_supported) continue;
        const std::string msg = error_of(line_for(k) + material1);
        EXPECT_NE(msg.find("VAMPIRE keyword"), std::string::npos) << msg;
        EXPECT_NE(msg.find("is not supported by miniASD (" + k.note + ")"), std::string::npos)
            << msg;
        EXPECT_EQ(msg.find("did you mean"), std::string::npos) << msg;
        ++refused;
    }
    EXPECT_GT(refused, 50);  // a sanity bound: the table lists each refusal (fewer as they land)
}

TEST(Vampire, EveryHintIsAcceptedWithOneWarning) {
    int accepted = 0;
    for (const VampireKeyword& k : vampire_keywords()) {
        if (k.kind != VampireClass::accepted_without_effect) continue;
        const Config c = config_from_text(line_for(k) + material1, "vampire.in");
        ASSERT_EQ(c.warnings.size(), 1u) << k.name;
        EXPECT_NE(c.warnings[0].find("vampire.in, line 1"), std::string::npos) << c.warnings[0];
        EXPECT_NE(c.warnings[0].find("accepted without effect: " + k.note), std::string::npos);
        ++accepted;
    }
    EXPECT_GE(accepted, 8);
    EXPECT_TRUE(config_from_text(material1).warnings.empty());
}

// Inputs in the style of VAMPIRE's examples and tutorials, with the verdict the table gives.
TEST(Vampire, ExampleStyleInputsRunOrAreRefusedByName) {
    // The standard benchmark: a bcc Fe cube with a material file's usual lines.
    const std::string benchmark =
        "create:crystal-structure = bcc\ncreate:periodic-boundaries-x\n"
        "create:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "dimensions:unit-cell-size = 2.87 !A\ndimensions:system-size-x = 2.87 !nm\n"
        "dimensions:system-size-y = 2.87 !nm\ndimensions:system-size-z = 2.87 !nm\n"
        "material:num-materials = 1\nmaterial[1]:material-name = Fe\n"
        "material[1]:material-element = Fe\nmaterial[1]:damping-constant = 1.0\n"
        "material[1]:exchange-matrix-1st-nn[1] = 7.05e-21\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\n"
        "material[1]:uniaxial-anisotropy-constant = 5.65e-25\n"
        "material[1]:uniaxial-anisotropy-direction = 0,0,1\n"
        "material[1]:initial-spin-direction = random\n"
        "sim:program = benchmark\nsim:integrator = llg-heun\nsim:temperature = 300\n"
        "sim:time-step = 1.0E-16\nsim:total-time-steps = 1000\nsim:time-steps-increment = 100\n"
        "output:real-time\noutput:temperature\noutput:magnetisation\n"
        "output:magnetisation-length\noutput:output-rate = 1\n"
        "output:applied-field-alignment\nscreen:time-steps\n";
    const Config c = config_from_text(benchmark);
    EXPECT_EQ(c.materials[0].exchange[0], 7.05e-21);
    EXPECT_TRUE(c.warnings.empty());

    // A Curie-temperature sweep with VAMPIRE's statistics and a GPU hint: runs, one warning.
    std::string sweep = benchmark;
    sweep.replace(sweep.find("sim:program = benchmark"), 23, "sim:program = curie-temperature");
    const Config curie = config_from_text(
        sweep +
        "gpu:num-threads = 4\nsim:minimum-temperature = 0\nsim:maximum-temperature = 1200\n"
        "sim:temperature-increment = 25\nsim:equilibration-time-steps = 1000\n"
        "sim:loop-time-steps = 3000\noutput:mean-magnetisation-length\n"
        "output:mean-susceptibility\n");
    EXPECT_EQ(curie.sim.program, ProgramKind::curie_temperature);
    ASSERT_EQ(curie.warnings.size(), 1u);

    // A core-shell nanoparticle (VAMPIRE's tutorial): supported.
    const Config particle = config_from_text(
        "create:crystal-structure = fcc\ncreate:sphere\ndimensions:unit-cell-size = 3.524 !A\n"
        "dimensions:system-size = 5 !nm\ndimensions:particle-size = 4 !nm\n"
        "material:num-materials = 2\nmaterial[1]:atomic-spin-moment = 0.6 !muB\n"
        "material[1]:core-shell-size = 0.5\nmaterial[2]:atomic-spin-moment = 1.7 !muB\n"
        "material[1]:exchange-matrix[2] = -1e-21\n");
    EXPECT_EQ(particle.structure.particle_shape, ParticleShape::sphere);
    EXPECT_EQ(particle.materials[0].core_shell_size, 0.5);

    // A hysteresis loop, a field cool and a laser pulse with VAMPIRE's program keywords.
    for (const char* program :
         {"sim:program = hysteresis-loop\nsim:maximum-applied-field-strength = 2 !T\n"
          "sim:applied-field-strength-increment = 0.1 !T\nsim:applied-field-unit-vector = "
          "0,0,1\nsim:loop-time-steps = 1000\nsim:equilibration-time-steps = 100\n"
          "output:applied-field-strength\noutput:applied-field-alignment\n",
          "sim:program = field-cool\nsim:equilibration-temperature = 1000\nsim:temperature = 0\n"
          "sim:cooling-time = 10 !ps\nsim:cooling-function = gaussian\n"
          "sim:applied-field-strength = 1 !T\n",
          "sim:program = laser-pulse\nsim:laser-pulse-temporal-profile = two-temperature\n"
          "sim:laser-pulse-time = 50 !fs\nsim:laser-pulse-power = 25\n"
          "sim:two-temperature-heat-sink-coupling = 0\n"
          "sim:two-temperature-electron-heat-capacity = 222\n"
          "sim:two-temperature-phonon-heat-capacity = 2.3e6\n"
          "sim:two-temperature-electron-phonon-coupling = 6.6e17\n"
          "output:electron-temperature\noutput:phonon-temperature\n"}) {
        EXPECT_EQ(error_of(std::string(program) + material1), "") << program;
    }
    // Structures of VAMPIRE's tests: a single spin, particles of every supported shape.
    EXPECT_EQ(error_of("create:single-spin\nmaterial[1]:atomic-spin-moment = 1 !muB\n"), "");
    for (const char* shape : {"sphere", "cube", "cylinder", "truncated-octahedron"})
        EXPECT_EQ(error_of(std::string("create:") + shape +
                           "\ndimensions:particle-size = 2 !nm\n"
                           "dimensions:system-size = 3 !nm\n" +
                           material1),
                  "")
            << shape;
    // VAMPIRE values of supported keywords that miniASD lacks: refused by name.
    for (const char* line :
         {"sim:program = hamr-simulation\n", "sim:integrator = llg-midpoint\n",
          "sim:cooling-function = double-gaussian\n", "montecarlo:algorithm = hinzke-nowak\n"}) {
        const std::string m = error_of(std::string(line) + material1);
        EXPECT_NE(m.find("VAMPIRE's value"), std::string::npos) << m;
        EXPECT_NE(m.find("is not supported by miniASD ("), std::string::npos) << m;
    }

    // The same with a macro-cell dipole setting and a Voronoi film: both refused by name, in one
    // run.
    const std::string msg = error_of(
        "create:voronoi-film\ndipole:output-atomistic-dipole-field\n"
        "material[1]:fill-space\n" +
        material1);
    EXPECT_NE(msg.find("3 mistakes"), std::string::npos) << msg;
    for (const char* key : {"'create:voronoi-film'", "'dipole:output-atomistic-dipole-field'",
                            "'material[1]:fill-space'"})
        EXPECT_NE(msg.find(std::string("VAMPIRE keyword ") + key), std::string::npos) << msg;
    EXPECT_NE(msg.find("VAMPIRE's dipole module's per-atom field output is not implemented"),
              std::string::npos);
}

TEST(Vampire, EveryMistakeInTheFilesIsReportedInOneRunInLineOrder) {
    const std::string text =
        "sim:temprature = 300\n"          // 1: misspelt
        "sim:time-step = fast\n"          // 2: not a number
        "sim:total-time-steps = 10\n"     // 3: fine
        "this line has no colon\n"        // 4: malformed (found while splitting)
        "material[1]:dmi-constant = 1\n"  // 5: no second index
        "sim:temperature = 1e9\n"         // 6: out of range
        "create:crystal-structure = wurtzite\n" +
        material1;  // 7: not one of the choices
    try {
        std::vector<InputError> split_errors;
        const std::vector<Entry> entries = split_lines(text, "many.in", &split_errors);
        build_config(entries, "many.in", split_errors);
        FAIL() << "no error";
    } catch (const InputErrors& e) {
        ASSERT_EQ(e.errors().size(), 6u) << e.what();
        const int lines[] = {1, 2, 4, 5, 6, 7};
        for (int k = 0; k < 6; ++k)
            EXPECT_EQ(e.errors()[k].line(), lines[k]) << e.what();
        EXPECT_NE(std::string(e.what()).find("6 mistakes"), std::string::npos);
    }
}

TEST(Vampire, ManyMistakesAreListedUpToACapAndCounted) {
    std::string text = material1;
    for (int i = 0; i < 40; ++i)
        text += "sim:no-such-keyword-" + std::to_string(i) + " = 1\n";
    try {
        config_from_text(text);
        FAIL() << "no error";
    } catch (const InputErrors& e) {
        EXPECT_EQ(e.errors().size(), 25u);
        EXPECT_NE(std::string(e.what()).find("40 mistakes"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("15 more, not listed"), std::string::npos);
    }
}

TEST(Vampire, ConsequencesOfAFailedLineAreNotReportedAgain) {
    // The moment's line is wrong; "atomic-spin-moment is required" would only repeat it.
    const std::string msg = error_of("material[1]:atomic-spin-moment = lots\n");
    EXPECT_NE(msg.find("expected a number"), std::string::npos) << msg;
    EXPECT_EQ(msg.find("is required"), std::string::npos) << msg;
}

TEST(Vampire, DidYouMeanOnlyForNearMissesTakingTheSameKindOfValue) {
    EXPECT_NE(error_of("sim:temprature = 300\n" + material1).find("did you mean 'sim:temperature'"),
              std::string::npos);
    EXPECT_NE(error_of("create:periodc-boundaries-x\n" + material1)
                  .find("did you mean 'create:periodic-boundaries-x'"),
              std::string::npos);
    // A number for a flag keyword, and a flag for a number keyword: no suggestion.
    EXPECT_EQ(error_of("create:periodic-boundary-x = 3\n" + material1).find("did you mean"),
              std::string::npos);
    EXPECT_EQ(error_of("sim:temprature\n" + material1).find("did you mean"), std::string::npos);
    // Far from every keyword: no suggestion, whatever its length.
    EXPECT_EQ(error_of("material[1]:qqq-constant = 1\n" + material1).find("did you mean"),
              std::string::npos);
    const std::string huge = "sim:" + std::string(2000000, 'q') + " = 1\n";
    EXPECT_EQ(error_of(huge + material1).find("did you mean"), std::string::npos);
}

TEST(Vampire, CompatibilityDocIsGenerated) {
    std::ifstream in(MINIASD_COMPATIBILITY_DOC);
    ASSERT_TRUE(in) << "cannot open " << MINIASD_COMPATIBILITY_DOC;
    std::stringstream ss;
    ss << in.rdbuf();
    EXPECT_EQ(ss.str(), vampire_compatibility_markdown())
        << "docs/vampire-compatibility.md is out of date: run tools/update-input-reference.sh";
}

TEST(Vampire, BothNamesOfAKeywordAreOneKeyword) {
    for (const char* pair : {"material[1]:exchange-matrix-1st-nn[1] = 1e-21\n",
                             "material[1]:uniaxial-anisotropy-constant = 1e-24\n"
                             "material[1]:second-order-uniaxial-anisotropy-constant = 2e-24\n",
                             "material[1]:host-alloy\nmaterial[1]:alloy-host\n"}) {
        const std::string m = error_of(std::string(pair) + material1);
        EXPECT_NE(m.find("set twice"), std::string::npos) << pair << m;
    }
}

TEST(Vampire, StructureKeywordsWithoutEffectAreErrors) {
    EXPECT_NE(error_of("dimensions:particle-size = 3 !nm\n" + material1)
                  .find("no effect without a particle shape"),
              std::string::npos);
    EXPECT_NE(error_of("material[1]:core-shell-size = 0.5\n" + material1)
                  .find("no effect without a particle shape"),
              std::string::npos);
    EXPECT_NE(error_of("create:sphere\ncreate:cube\n" + material1).find("a second particle shape"),
              std::string::npos);
    EXPECT_NE(error_of("create:single-spin\ncreate:crystal-structure = bcc\n" + material1)
                  .find("conflicts with create:single-spin"),
              std::string::npos);
}
