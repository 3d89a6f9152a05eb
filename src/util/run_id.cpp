#include "util/run_id.hpp"

#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <random>

#include "util/hash.hpp"

namespace miniasd {

std::string new_run_id() {
    std::uint64_t h = mix64(
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()));
    h = mix64(h ^ static_cast<std::uint64_t>(::getpid()));
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    for (const char* c = host; *c; ++c)
        h = mix64(h ^ static_cast<unsigned char>(*c));
    try {
        std::random_device device;  // may be unavailable (some containers): the rest suffices
        h = mix64(h ^ (std::uint64_t(device()) << 32 | device()));
    } catch (const std::exception&) {
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016" PRIx64, h);
    return text;
}

bool valid_run_id(const std::string& id) {
    if (id.size() != 16) return false;
    for (char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

}  // namespace miniasd
