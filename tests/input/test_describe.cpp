// describe() is generated from the keyword table: it must give back every setting exactly
// (parse(describe(c)) == c, bit for bit) on every example input and fuzz-corpus file, and every
// keyword that can change a configuration must change its description, which is a checkpoint's
// fingerprint: a keyword missing there would let a continued run accept a changed constant.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "checkpoint/run_state_io.hpp"
#include "input/config.hpp"
#include "input/keyword_table.hpp"
#include "input/parser.hpp"

namespace miniasd {
namespace {

namespace fs = std::filesystem;

// Bitwise: 0 and -0 differ, as they may in the physics.
bool same(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}
template <class T>
bool same(const T& a, const T& b) {
    return a == b;
}
bool same(const Vec3& a, const Vec3& b) {
    return same(a[0], b[0]) && same(a[1], b[1]) && same(a[2], b[2]);
}
bool same(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t k = 0; k < a.size(); ++k)
        if (!same(a[k], b[k])) return false;
    return true;
}

// Every setting of the three structs. The sizes below fail to compile when a field is added, so
// that it is added here too (the layout checked is libstdc++'s on x86-64, this project's CI).
#if defined(__GLIBCXX__) && defined(__x86_64__)
static_assert(sizeof(Config) == 888, "a Config field was added or removed: update same()");
static_assert(sizeof(MaterialConfig) == 272, "a MaterialConfig field changed: update same()");
static_assert(sizeof(OutputConfig) == 152, "an OutputConfig field changed: update same()");
#endif

// The first field that differs, named in *why.
using Fields = std::initializer_list<std::pair<const char*, bool>>;
bool all_same(Fields fields, std::string* why) {
    for (const auto& [name, equal] : fields)
        if (!equal) {
            if (why) *why = name;
            return false;
        }
    return true;
}
#define F(f) \
    { #f, same(a.f, b.f) }

bool same(const MaterialConfig& a, const MaterialConfig& b, std::string* why) {
    return all_same(
        {F(name), F(moment), F(damping), F(anisotropy), F(cubic_anisotropy), F(element),
         F(anisotropy_axis), F(random_initial_spin), F(initial_spin), F(exchange),
         F(further_exchange), F(unit_cell_category), F(minimum_height), F(maximum_height),
         F(moment_set), F(alloy_host), F(alloy_fraction), F(core_shell_size), F(core_shell_set)},
        why);
}

bool same(const OutputConfig& a, const OutputConfig& b, std::string* why) {
    return all_same(
        {F(atoms), F(atoms_output_rate), F(mode), F(text), F(single_precision), F(output_nodes),
         F(auto_mode), F(auto_nodes), F(mpi_io_hints), F(box_min), F(box_max), F(materials),
         F(piece_bytes), F(sync), F(asynchronous), F(buffers)},
        why);
}

// Every setting; not where it came from (input_file, files_read, warnings, given).
bool same(const Config& a, const Config& b, std::string* why = nullptr) {
    if (!all_same({F(crystal),
                   F(unit_cell),
                   F(system_size),
                   F(periodic),
                   F(single_spin),
                   F(particle_shape),
                   F(particle_size),
                   F(unit_cell_file),
                   F(interaction_range),
                   F(exchange_function),
                   F(decay_length),
                   F(decay_multiplier),
                   F(decay_shift),
                   F(rkky_kf),
                   F(program),
                   F(integrator),
                   F(monte_carlo_move),
                   F(temperature),
                   F(time_step),
                   F(total_steps),
                   F(equilibration_steps),
                   F(loop_steps),
                   F(equilibration_temperature),
                   F(steps_increment),
                   F(field_strength),
                   F(field_direction),
                   F(seed),
                   F(alloy_seed),
                   F(minimum_temperature),
                   F(maximum_temperature),
                   F(temperature_increment),
                   F(maximum_field),
                   F(field_increment),
                   F(cooling_time),
                   F(cooling_function),
                   F(laser_profile),
                   F(pulse_time),
                   F(pulse_power),
                   F(electron_heat_capacity),
                   F(phonon_heat_capacity),
                   F(electron_phonon_coupling),
                   F(heat_sink_coupling),
                   F(save_checkpoint),
                   F(checkpoint_rate),
                   F(load_checkpoint),
                   F(load_checkpoint_if_exists),
                   F(checkpoint_directory),
                   F(checkpoints_kept),
                   F(wall_time_limit),
                   F(output_columns),
                   F(screen_columns),
                   F(output_rate)},
                  why))
        return false;
    if (a.materials.size() != b.materials.size()) {
        if (why) *why = "materials.size()";
        return false;
    }
    for (std::size_t i = 0; i < a.materials.size(); ++i)
        if (!same(a.materials[i], b.materials[i], why)) {
            if (why) *why = "materials[" + std::to_string(i) + "]." + *why;
            return false;
        }
    if (!same(a.output, b.output, why)) {
        if (why) *why = "output." + *why;
        return false;
    }
    return true;
}
#undef F

LoadResult load_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {false, "", "cannot open"};
    std::ostringstream s;
    s << in.rdbuf();
    return {true, s.str(), ""};
}

// `files`: other files the text names (a unit-cell file), by path; any other path is read from
// disk when it exists there (an example's unit-cell file), and is `text` otherwise (as the fuzz
// harness reads every material file it names).
Config parse_text(const std::string& text, const std::map<std::string, std::string>& files = {}) {
    return read_config("described", [&](const std::string& path) {
        const auto it = files.find(path);
        if (it != files.end()) return LoadResult{true, it->second, ""};
        if (path != "described") {
            LoadResult disk = load_file(path);
            if (disk.ok) return disk;
        }
        return LoadResult{true, text, ""};
    });
}

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

// A unit-cell file's cell, atoms and bonds are part of the configuration and read back whole; the
// crystal structure and cell size it replaces are not described.
TEST(Describe, AUnitCellFileReadsBack) {
    const std::map<std::string, std::string> files{
        {"cell.ucf",
         "2.5 2.5 3\n1 0 0\n0 1 0\n0 0 1\n2\n0 0 0 0 0\n1 0.5 0.5 0.5 1\n"
         "4 vectorial\n0 0 1 0 0 0 1e-21 1e-21 2e-21\n1 1 0 0 0 0 1e-21 1e-21 2e-21\n"
         "2 0 0 1 0 0 3e-22 3e-22 3e-22\n3 0 0 -1 0 0 3e-22 3e-22 3e-22\n"}};
    const std::string input =
        "material:unit-cell-file = cell.ucf\nmaterial:num-materials = 2\n"
        "material[1]:atomic-spin-moment = 2 !muB\nmaterial[1]:unit-cell-category = 1\n"
        "material[2]:atomic-spin-moment = 1 !muB\nmaterial[2]:unit-cell-category = 2\n";
    const Config c = parse_text(input, files);
    ASSERT_EQ(c.unit_cell_file.bonds.size(), 4u);
    EXPECT_EQ(c.unit_cell[2], 3e-10);
    const std::string d = describe(c);
    EXPECT_NE(d.find("material:unit-cell-file = cell.ucf"), std::string::npos) << d;
    EXPECT_EQ(d.find("crystal-structure"), std::string::npos) << d;
    EXPECT_EQ(d.find("unit-cell-size"), std::string::npos) << d;
    const Config back = parse_text(d, files);
    std::string why;
    EXPECT_TRUE(same(c, back, &why)) << why;
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
            for (const char* t : {"Fe", "2", "auto", "a=b,c=d", "1,2", "3600", "11h50m", "out2"}) {
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
    // The third base has RKKY exchange: its parameter is alive there.
    const Config bases[] = {parse_text(live_input), parse_text(plain_input),
                            parse_text(std::string(plain_input) + "exchange:function = rkky\n" +
                                       "exchange:interaction-range = 2\n")};
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
        e.name_index = s.second_material_index ? 2 : -1;
        bool changed_any = false;
        for (const Config& base : bases)
            for (const Value& v : candidates(s)) {
                if (&base == &bases[1] && s.kind != ValueKind::flag) continue;
                // The RKKY parameter lives on the third base only; every other row not there.
                const bool rkky = s.section == "exchange" && s.name == "rkkykf";
                if ((&base == &bases[2]) != rkky) continue;
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

// A checkpoint's fingerprint compares setting by setting, whatever the layout that wrote it.
// This is the fingerprint a version 1 run state holds (written by miniasd before describe() was
// generated from the keyword table): 17 digits in Å, fewer lines, and lengths one unit in the
// last place off (3.52 Å printed as 3.5200000000000005). It reads as the same settings to within
// 4 ulps, and a changed constant is still refused.
TEST(Describe, AVersion1FingerprintComparesBySetting) {
    const std::string older =
        "create:crystal-structure = bcc\n"
        "dimensions:unit-cell-size-x = 3.5200000000000005 !A\n"
        "dimensions:system-size-x = 30.000000000000004 !A\n"
        "dimensions:unit-cell-size-y = 3.5200000000000005 !A\n"
        "dimensions:system-size-y = 30.000000000000004 !A\n"
        "dimensions:unit-cell-size-z = 3.5200000000000005 !A\n"
        "dimensions:system-size-z = 30.000000000000004 !A\n"
        "material:num-materials = 1\n"
        "material[1]:material-name = Fe\n"
        "material[1]:atomic-spin-moment = 2.2200000000000002 !muB\n"
        "material[1]:damping-constant = 0.10000000000000001\n"
        "material[1]:exchange-matrix[1] = 7.0499999999999993e-21 !J\n"
        "material[1]:second-order-uniaxial-anisotropy-constant = 0 !J\n"
        "material[1]:uniaxial-anisotropy-direction = 0,0,1\n"
        "material[1]:fourth-order-cubic-anisotropy-constant = 0 !J\n"
        "material[1]:initial-spin-direction = 0,0,1\n"
        "material[1]:minimum-height = 0\n"
        "material[1]:maximum-height = 1\n"
        "sim:program = time-series\n"
        "sim:integrator = llg-heun\n"
        "sim:temperature = 300 !K\n"
        "sim:time-step = 1.0000000000000001e-15 !s\n"
        "sim:equilibration-time-steps = 0\n"
        "sim:total-time-steps = 1000\n"
        "sim:time-steps-increment = 1\n"
        "sim:applied-field-strength = 0 !T\n"
        "sim:applied-field-unit-vector = 0,0,1\n"
        "sim:integrator-random-seed = 12345\n"
        "sim:save-checkpoint = end\n"
        "sim:checkpoint-directory = checkpoints\n"
        "sim:checkpoints-kept = 1\n";
    const std::string input =
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 3.52 !A\n"
        "dimensions:system-size = 3 !nm\nmaterial[1]:material-name = Fe\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\nmaterial[1]:damping-constant = 0.1\n"
        "material[1]:exchange-matrix[1] = 7.05e-21\nsim:temperature = 300\n"
        "sim:total-time-steps = 2000\nsim:save-checkpoint = end\n";
    const InputChanges same_run =
        compare_fingerprints(redescribe(older), describe(parse_text(input)), 4);
    EXPECT_TRUE(same_run.refused.empty()) << same_run.refused.front();
    ASSERT_EQ(same_run.allowed.size(), 1u);
    EXPECT_EQ(same_run.allowed[0], "sim:total-time-steps: 1000 -> 2000");
    // Exactly, the lengths differ: the tolerance is what lets the older file continue.
    EXPECT_FALSE(
        compare_fingerprints(redescribe(older), describe(parse_text(input))).refused.empty());

    const std::string cubic =
        input + "material[1]:fourth-order-cubic-anisotropy-constant = 1e-25\n";
    const InputChanges changed =
        compare_fingerprints(redescribe(older), describe(parse_text(cubic)), 4);
    ASSERT_EQ(changed.refused.size(), 1u);
    EXPECT_EQ(changed.refused[0],
              "material[1]:fourth-order-cubic-anisotropy-constant: 0 !J -> 1e-25 !J");
}

}  // namespace
}  // namespace miniasd
