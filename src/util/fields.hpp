// A configuration section lists its settings once, beside their declarations: the tests that
// compare two configurations setting by setting (parse(describe(c)) == c) read the list, and the
// size guard fails to compile when a field is added to the struct but not to the list.
#pragma once

#include <tuple>

// Inside a struct: fields() ties every listed member, field_names names them ("a, b, c").
#define MINIASD_FIELDS(...)           \
    auto fields() const {             \
        return std::tie(__VA_ARGS__); \
    }                                 \
    static constexpr const char* field_names = #__VA_ARGS__

// After a struct: its size on libstdc++/x86-64 (this project's CI), where a field added without
// its entry in MINIASD_FIELDS changes the size and stops the build here.
#if defined(__GLIBCXX__) && defined(__x86_64__)
#define MINIASD_SIZE_GUARD(type, bytes) \
    static_assert(sizeof(type) == (bytes), #type ": a field changed: update its MINIASD_FIELDS")
#else
#define MINIASD_SIZE_GUARD(type, bytes) static_assert(true, "")
#endif
