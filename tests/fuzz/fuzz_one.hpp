// One fuzz case for the input parser, shared by the libFuzzer harness (fuzz_input.cpp) and the
// deterministic mutation test (test_fuzz.cpp): the text is the main input file and also every
// material and unit-cell file it names, and it is parsed as a unit-cell file on its own too. The
// parser must either build a configuration or throw Error (with InputError and InputErrors);
// anything else is a finding: another exception, a crash, a sanitizer report, a message with
// control bytes or a line too long to read, or a configuration whose description (describe()) does
// not parse back to the same description.
#pragma once

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "input/unit_cell_file.hpp"
#include "run/config/parser.hpp"
#include "util/error.hpp"

namespace miniasd::fuzz {

// Throws std::logic_error describing what is wrong with an error message.
inline void check_message(const std::string& m) {
    if (m.empty()) throw std::logic_error("an empty error message");
    std::size_t line = 0;
    for (unsigned char c : m) {
        if (c == '\n') {
            line = 0;
            continue;
        }
        if (c < 0x20 || c == 0x7f)
            throw std::logic_error("a control byte in the message: " + printable(m, 200));
        if (++line > 1000) throw std::logic_error("a message line over 1000 characters");
    }
}

inline void fuzz_one(const std::string& text) {
    // The same text as a unit-cell file: it parses or says why.
    try {
        parse_unit_cell_file(text, "fuzz.ucf");
    } catch (const Error& e) {
        check_message(e.what());
    }
    const TextLoader load = [&text](const std::string&) {
        LoadResult r;
        r.ok = true;
        r.text = text;
        return r;
    };
    std::string described;
    try {
        described = describe(read_config("fuzz.in", load));
    } catch (const Error& e) {
        check_message(e.what());
        return;
    }
    // The round trip: what describe() wrote must be a valid input with the same settings.
    const TextLoader again = [&described](const std::string&) {
        return LoadResult{true, described, ""};
    };
    std::string twice;
    try {
        twice = describe(read_config("described.in", again));
    } catch (const Error& e) {
        throw std::logic_error("describe() wrote an input that does not parse: " +
                               printable(e.what(), 300) + "\n" + printable(described, 2000));
    }
    if (twice != described)
        throw std::logic_error("describe() does not read back the same:\n" +
                               printable(described, 2000) + "\nreads back as\n" +
                               printable(twice, 2000));
}

}  // namespace miniasd::fuzz
