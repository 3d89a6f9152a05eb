// A deterministic mutation fuzzer for the input parser, in every build (libFuzzer needs clang:
// tools/run_fuzzer.sh runs that one). The seed corpus (tests/fuzz/corpus: every example input and
// material file, and edge cases) is mutated a few thousand times with a fixed generator:
// byte flips, control and high bytes, deleted and duplicated ranges, lines swapped between
// files, keywords of the table with extreme values. Every case must give a configuration or an
// Error with a readable message (fuzz/fuzz_one.hpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "fuzz/fuzz_one.hpp"
#include "run/config/keyword_table.hpp"

using namespace miniasd;

namespace {

std::vector<std::string> corpus() {
    std::vector<std::string> out;
    const std::filesystem::path dir =
        std::filesystem::path(MINIASD_SOURCE_DIR) / "tests/fuzz/corpus";
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        std::ifstream in(e.path(), std::ios::binary);
        std::stringstream s;
        s << in.rdbuf();
        out.push_back(s.str());
    }
    return out;
}

std::string mutate(std::string t, const std::vector<std::string>& seeds, std::mt19937_64& g) {
    auto pick = [&](std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(g() % n); };
    static const char* values[] = {
        "1e400",  "-1e-400", "0x12C", "3 00",    "nan",  "-inf", "",
        "random", "0,0,0",   "1,2",   "{1,1,1}", "1e15", "-0",   "9999999999999999999999",
        "11h50",  "1-",      "!T"};
    const auto& table = keyword_table();
    const int rounds = 1 + static_cast<int>(g() % 4);
    for (int r = 0; r < rounds; ++r) {
        switch (g() % 7) {
            case 0:  // flip a byte
                if (!t.empty()) t[pick(t.size())] ^= static_cast<char>(1 << (g() % 8));
                break;
            case 1:  // insert a control or high byte
                t.insert(pick(t.size() + 1), 1,
                         static_cast<char>(g() % 2 ? g() % 32 : 128 + g() % 128));
                break;
            case 2: {  // delete a range
                const std::size_t a = pick(t.size() + 1), n = pick(64);
                t.erase(a, n);
                break;
            }
            case 3: {  // duplicate a range
                const std::size_t a = pick(t.size() + 1), n = pick(200);
                t.insert(pick(t.size() + 1), t.substr(a, n));
                break;
            }
            case 4: {  // splice in a part of another seed
                const std::string& o = seeds[pick(seeds.size())];
                const std::size_t a = pick(o.size() + 1);
                t.insert(pick(t.size() + 1), o.substr(a, pick(400)));
                break;
            }
            case 5: {  // a keyword of the table with an odd value (or a huge one)
                const KeywordSpec& k = table[pick(table.size())];
                std::string key = k.section;
                if (k.material_indexed) key += "[" + std::to_string(g() % 4) + "]";
                key += ":" + k.name;
                if (k.second_material_index) key += "[" + std::to_string(g() % 4) + "]";
                const std::string v = g() % 10 == 0 ? std::string(5000, '7') : values[pick(17)];
                t += "\n" + key + (g() % 5 ? " = " + v : std::string()) + "\n";
                break;
            }
            default:  // swap two lines
                t += "\n" + t.substr(pick(t.size() + 1), 80);
                break;
        }
    }
    return t;
}

}  // namespace

TEST(Fuzz, MutatedInputsGiveAConfigurationOrAReadableError) {
    const std::vector<std::string> seeds = corpus();
    ASSERT_GE(seeds.size(), 10u);
    std::mt19937_64 g(20261123);
    int accepted = 0, refused = 0;
    for (int i = 0; i < 3000; ++i) {
        const std::string text = mutate(seeds[i % seeds.size()], seeds, g);
        try {
            fuzz::fuzz_one(text);
        } catch (const std::exception& e) {
            // Keep the input that found it, for the report and to reproduce.
            std::ofstream("fuzz-finding.in", std::ios::binary) << text;
            FAIL() << "case " << i << ": " << e.what() << " (input in fuzz-finding.in)";
        }
        // Count which way it went, so the test shows it reached both sides.
        try {
            read_config("x", [&](const std::string&) { return LoadResult{true, text, ""}; });
            ++accepted;
        } catch (const Error&) {
            ++refused;
        }
    }
    EXPECT_GT(accepted, 30);
    EXPECT_GT(refused, 1000);
}
