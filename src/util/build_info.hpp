// Provenance of the binary, filled in by CMake at configure time.
#pragma once

namespace miniasd::build_info {
extern const char* const version;   // project version, e.g. "0.1.0"
extern const char* const git_hash;  // commit the build was configured from ("unknown" outside git)
extern const char* const compiler;  // compiler id and version
extern const char* const flags;     // C++ flags of the build type
extern const char* const build_type;  // Release, Debug, ...
}  // namespace miniasd::build_info
