// Where the parser's files come from: a loader that returns a file's text or why it could not be
// read, so the parser stays pure (tests feed text from memory, the program feeds what rank 0 read
// and broadcast: read_broadcast.hpp).
#pragma once

#include <functional>
#include <string>

namespace miniasd {

// A file's text, or why it could not be read.
struct LoadResult {
    bool ok = false;
    std::string text;   // file contents when ok
    std::string error;  // reason when not ok ("No such file or directory")
};
using TextLoader = std::function<LoadResult(const std::string& path)>;

}  // namespace miniasd
