// describe() is generated from the keyword table: it must give back every setting exactly
// (parse(describe(c)) == c, bit for bit) on every example input and fuzz-corpus file, and every
// keyword that can change a configuration must change its description, which is a checkpoint's
// fingerprint: a keyword missing there would let a continued run accept a changed constant.
// (test_describe_files.cpp: a unit-cell file, and fingerprints of older versions.)
#include <gtest/gtest.h>

#include <filesystem>

#include "input/describe_support.hpp"
#include "run/config/keyword_table.hpp"

namespace miniasd {
namespace {

using namespace describe_test;
namespace fs = std::filesystem;

// parse(describe(c)) == c, and describing it again gives the same text.
void expect_round_trip(const Config& c, const std::string& source) {
    const std::string d = describe(c);
    Config back;
    try {
        back = parse_text(d);
    } catch (const std::exception& e) {
        ADD_FAILURE() << source << ": describe() wrote an input that does not parse: " << e.what()
                      << "\n"
                      << d;
        return;
    }
    std::string why;
    EXPECT_TRUE(same(c, back, &why)) << source << ": " << why << " differs after the round trip\n"
                                     << d;
    EXPECT_EQ(describe(back), d) << source;
}

TEST(Describe, EveryExampleInputReadsBackBitForBit) {
    int inputs = 0;
    for (const auto& f : fs::recursive_directory_iterator(MINIASD_SOURCE_DIR "/input")) {
        if (f.path().filename() != "input") continue;
        const Config c = read_config(f.path().string(), load_file);
        expect_round_trip(c, f.path().string());
        ++inputs;
    }
    EXPECT_GE(inputs, 10);
}

TEST(Describe, EveryValidFuzzCorpusFileReadsBackBitForBit) {
    int valid = 0, files = 0;
    for (const auto& f : fs::directory_iterator(MINIASD_SOURCE_DIR "/tests/fuzz/corpus")) {
        ++files;
        // As the fuzz harness reads it: the text is also every material file it names.
        const std::string text = load_file(f.path().string()).text;
        Config c;
        try {
            c = parse_text(text);
        } catch (const Error&) {
            continue;
        }
        expect_round_trip(c, f.path().string());
        ++valid;
    }
    EXPECT_GE(files, 10);
    EXPECT_GE(valid, 5) << "too few corpus files parse to test the round trip";
}

// Every setting is alive in this input: exponential exchange (its decay parameters), a particle
// shape (particle-size, core-shell), an alloy
// host, continuous checkpoints (their rate), snapshots, two materials (exchange[i][j]).
const char* live_input = R"(
create:crystal-structure = bcc
create:sphere
dimensions:unit-cell-size = 2.87 !A
dimensions:system-size = 3 !nm
dimensions:particle-size = 2.5 !nm
material[1]:atomic-spin-moment = 2.22 !muB
material[1]:exchange-matrix[1] = 7.05e-21
material[1]:host-alloy
material[1]:alloy-fraction[2] = 0.1
material[2]:atomic-spin-moment = 1.5 !muB
material[2]:core-shell-size = 0.5
material[1]:dmi-constant[2] = 1e-22
dipole:solver = atomistic
sim:save-checkpoint = continuous
sim:save-checkpoint-rate = 100
config:atoms
exchange:interaction-range = 1.5
exchange:function = exponential
)";

// Values to try on a keyword: its range's ends and middle, every choice, several directions and
// texts that some keyword's own checks accept.
std::vector<Value> candidates(const KeywordSpec& s) {
    std::vector<Value> out;
    Value v;
    switch (s.kind) {
        case ValueKind::flag:
            out.push_back(v);
            break;
        case ValueKind::integer:
            for (double x : {s.min, s.min + 1, 2.0, 7.0, std::min(s.max, 1e6)})
                if (x >= s.min && x <= s.max) {
                    v.integer = static_cast<long long>(x);
                    out.push_back(v);
                }
            break;
        case ValueKind::real:
            for (double x : {s.min, s.max, 0.5 * (s.min + s.max), 0.3 * s.max})
                if (x >= s.min && x <= s.max) {
                    v.real = x;
                    out.push_back(v);
                }
            break;
        case ValueKind::real_or_triple:
            for (double x : {s.min, s.max, 0.5 * (s.min + s.max), 0.3 * s.max})
                if (x >= s.min && x <= s.max) {
                    v.real = x;
                    v.vec = {x, x, x};
                    out.push_back(v);
                }
            v.triple = true;
            // The second: A, B, C of an exponential weight; the third sums to 1 (demagnetising
            // factors).
            for (Vec3 x : {Vec3{0.1 * s.max, 0.2 * s.max, 0.3 * s.max}, Vec3{1, 0.5, 0.25},
                           Vec3{0.2, 0.3, 0.5}}) {
                v.vec = x;
                v.real = (v.vec[0] + v.vec[1] + v.vec[2]) / 3;
                out.push_back(v);
            }
            v.triple = false;
            break;
        case ValueKind::direction_or_random:
            v.random = true;
            out.push_back(v);
            v.random = false;
            [[fallthrough]];
        case ValueKind::direction:
            for (Vec3 d : {Vec3{1, 0, 0}, Vec3{0, -1, 0}, Vec3{0.6, 0, 0.8}}) {
                v.vec = d;
                out.push_back(v);
            }
            break;
        case ValueKind::choice:
            for (std::size_t b = 0; b <= s.choices.size();) {
                std::size_t e = s.choices.find('|', b);
                if (e == std::string::npos) e = s.choices.size();
                v.text = s.choices.substr(b, e - b);
                out.push_back(v);
                b = e + 1;
            }
            break;
        case ValueKind::text:
            for (const char* t : {"Fe", "2", "auto", "a=b,c=d", "1,2", "3600", "11h50m", "out2",
                                  "0.25,0.75", "0,0,0;1,0,0"}) {
                v.text = t;
                out.push_back(v);
            }
            break;
    }
    return out;
}

// A plain input, for the flags the live one already sets. Only flags are tried on it: its other
// settings are not all alive (particle-size without a shape), and a dead setting is rightly not
// described (it is refused when given, or has no effect).
const char* plain_input = "material[1]:atomic-spin-moment = 2 !muB\n";

TEST(Describe, EveryKeywordThatChangesASettingChangesTheDescription) {
    // The third base has RKKY exchange, the fourth material-exponential, the fifth the tensor
    // dipole solver, the sixth an electrical pulse, the seventh a partial hysteresis loop and the
    // eighth a field pulse, the ninth constrained Monte Carlo, the tenth the exchange-stiffness
    // program: their parameters are alive there.
    const Config bases[] = {
        parse_text(live_input),
        parse_text(plain_input),
        parse_text(std::string(plain_input) + "exchange:function = rkky\n" +
                   "exchange:interaction-range = 2\n"),
        parse_text(std::string(plain_input) + "exchange:function = material-exponential\n" +
                   "exchange:unit-cell-category-exchange-parameters[1][1] = 2, 0.3, 0\n"),
        parse_text(std::string(plain_input) + "dipole:solver = tensor\n"),
        parse_text(std::string(plain_input) + "sim:program = electrical-pulse\n" +
                   "material[1]:spin-transfer-relaxation-torque = 0.1 !T\n" +
                   "sim:spin-transfer-torque-polarization-unit-vector = 0,0,1\n"),
        parse_text(std::string(plain_input) + "sim:program = partial-hysteresis-loop\n"),
        parse_text(std::string(plain_input) + "sim:program = field-pulse\n" +
                   "sim:applied-field-strength = 1 !T\n"),
        parse_text(std::string(plain_input) + "sim:program = cmc-anisotropy\n" +
                   "sim:integrator = constrained-monte-carlo\n"),
        parse_text(std::string(plain_input) + "sim:program = exchange-stiffness\n" +
                   "sim:integrator = hybrid-constrained-monte-carlo\n" +
                   "material[1]:constrained = true\n")};
    int rows = 0, round_trips = 0;
    for (const KeywordSpec& s : keyword_table()) {
        // material:file reads files and material:num-materials is read before the other lines:
        // their apply() changes nothing (the parser does their work).
        if (s.section == "material" && !s.material_indexed) continue;
        Entry e;
        e.file = "test";
        e.line = 1;
        e.section = s.section;
        e.name = s.name;
        e.section_index = s.material_indexed ? 1 : -1;
        e.name_index = s.second_material_index ? 2 : s.category_pair ? 1 : -1;
        e.name_index2 = s.category_pair ? 1 : -1;
        bool changed_any = false;
        for (const Config& base : bases)
            for (const Value& v : candidates(s)) {
                if (&base == &bases[1] && s.kind != ValueKind::flag) continue;
                // The RKKY, material-exponential, macro-cell, pulse and loop parameters live on
                // their own bases only; every other row on none of those.
                const bool rkky = s.section == "exchange" && s.name == "rkkykf";
                const bool by_pair = s.name == "unit-cell-category-exchange-parameters";
                const bool cells = s.section == "cells" || s.name == "cutoff-radius";
                const bool pulse = s.name.rfind("electrical-pulse", 0) == 0;
                const bool loop = s.name == "minimum-applied-field-strength" ||
                                  s.name == "equilibration-applied-field-strength";
                const bool field_pulse = s.name == "field-pulse-time";
                const bool constrained = s.name.rfind("constraint-", 0) == 0;
                const bool stiffness = s.name.rfind("exchange-stiffness-", 0) == 0;
                if ((&base == &bases[2]) != rkky || (&base == &bases[3]) != by_pair ||
                    (&base == &bases[4]) != cells || (&base == &bases[5]) != pulse ||
                    (&base == &bases[6]) != loop || (&base == &bases[7]) != field_pulse ||
                    (&base == &bases[8]) != constrained || (&base == &bases[9]) != stiffness)
                    continue;
                Config c = base;
                try {
                    s.apply(c, v, e);
                } catch (const Error&) {
                    continue;  // the keyword's own check refuses this value
                }
                if (same(c, base)) continue;
                changed_any = true;
                EXPECT_TRUE(describe(c) != describe(base))
                    << s.pattern() << " changed the configuration but not its description";
                // Its description reads back as itself. (Not as c: a change can leave a setting
                // dead, as sim:save-checkpoint = end leaves the rate, and a dead setting is rightly
                // not described.)
                Config back;
                try {
                    back = parse_text(describe(c));
                } catch (const Error&) {
                    continue;  // a combination the whole-input checks refuse
                }
                EXPECT_EQ(describe(back), describe(c)) << s.pattern();
                ++round_trips;
            }
        EXPECT_TRUE(changed_any) << s.pattern() << ": no value tried changed the configuration";
        ++rows;
    }
    EXPECT_GT(rows, 100);
    EXPECT_GT(round_trips, rows);
}

}  // namespace
}  // namespace miniasd
