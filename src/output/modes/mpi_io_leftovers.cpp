#include "output/modes/mpi_io_leftovers.hpp"

#include <dirent.h>

#include <cstring>
#include <vector>

#include "output/format/file_io.hpp"

namespace miniasd {

// "<stem>.dat" or "<stem>.h5" followed by ".data.<digits>", ".metadata.<digits>" or
// "-<anything>.lock".
bool is_mpi_io_leftover(const std::string& name) {
    auto digits = [](const std::string& s) {
        return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
    };
    auto ends_with = [&](const std::string& suffix) {
        return name.size() > suffix.size() &&
               name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    for (const char* ext : {".dat", ".h5"}) {
        const std::size_t at = name.find(ext);
        if (at == std::string::npos || at == 0) continue;
        const std::string rest = name.substr(at + std::strlen(ext));
        for (const char* kind : {".data.", ".metadata."})
            if (rest.rfind(kind, 0) == 0 && digits(rest.substr(std::strlen(kind)))) return true;
        if (ends_with(".lock") && rest.size() > 6 && rest[0] == '-') return true;
    }
    return false;
}

void remove_mpi_io_leftovers(const std::string& dir, std::FILE* notes) {
    DIR* d = ::opendir(dir.empty() ? "." : dir.c_str());
    if (!d) return;
    std::vector<std::string> stale;
    while (const dirent* e = ::readdir(d))
        if (is_mpi_io_leftover(e->d_name)) stale.push_back(e->d_name);
    ::closedir(d);
    for (const std::string& name : stale)
        if (std::remove(join_path(dir, name).c_str()) == 0 && notes)
            std::fprintf(notes,
                         "miniasd: note: removed %s, left by a job that ended inside a write\n",
                         join_path(dir, name).c_str());
}

}  // namespace miniasd
