// libFuzzer harness for the input parser (docs/testing.md: tools/run_fuzzer.sh builds it with
// clang and runs it). A finding is anything fuzz_one lets through: the fuzzer stops on the
// exception and saves the input.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_one.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    miniasd::fuzz::fuzz_one(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
