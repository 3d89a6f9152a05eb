#include "output/output_files.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

#include "util/error.hpp"

namespace miniasd {

namespace {

// Why the continued run's file at `path` cannot be continued ("" if it can): it must hold at
// least the `bytes` it had at the checkpoint.
std::string why_not_continuable(const std::string& path, std::int64_t bytes) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && st.st_size >= bytes) return "";
    return "the run being continued wrote " + std::to_string(bytes) +
           " bytes to it, but it is missing or shorter now";
}

}  // namespace

OutputFiles::OutputFiles(const parallel::Comm& comm, std::string directory, bool write_files)
    : comm_(comm), directory_(std::move(directory)), write_files_(write_files) {}

std::FILE* OutputFiles::open(const std::string& name, std::string& path, bool* appended) {
    if (!write_files_) return nullptr;
    path = (std::filesystem::path(directory_) / name).string();
    const auto saved = saved_.find(name);
    const bool append = saved != saved_.end();
    if (appended) *appended = append;
    std::FILE* f = nullptr;
    int status = 0;
    std::string why;
    if (comm_.is_root() && !std::filesystem::is_directory(directory_)) {
        status = ENOTDIR;
        why = "the output directory '" + directory_ + "' does not exist";
    } else if (comm_.is_root() && append) {
        // Continue the file: cut what the stopped run wrote after its checkpoint.
        why = why_not_continuable(path, saved->second);
        if (!why.empty()) {
            status = ENOENT;
        } else if (::truncate(path.c_str(), saved->second) != 0 ||
                   !(f = std::fopen(path.c_str(), "a"))) {
            status = errno ? errno : EIO;
            why = std::strerror(status);
        }
    } else if (comm_.is_root()) {
        f = std::fopen(path.c_str(), "w");
        if (!f) {
            status = errno ? errno : EIO;
            why = std::strerror(status);
        }
    }
    // Unbuffered: each row is one write, checked as it is made, and cut back whole if it fails
    // (a buffered stream would fail rows later, mid-row, and write them again at the close).
    if (f) std::setvbuf(f, nullptr, _IONBF, 0);
    comm_.broadcast(status, why);  // every rank learns whether rank 0 could open it
    if (status != 0)
        throw Error("cannot " + std::string(append ? "continue" : "create") + " the output file '" +
                    path + "': " + why);
    opened_[name] = path;
    return f;
}

void OutputFiles::check_continuable() const {
    if (!write_files_) return;
    std::string why;
    if (comm_.is_root())
        for (const auto& [name, bytes] : saved_) {
            const std::string path = (std::filesystem::path(directory_) / name).string();
            if (const std::string w = why_not_continuable(path, bytes); !w.empty()) {
                why = "cannot continue the output file '" + path + "': " + w;
                break;
            }
        }
    comm_.throw_if_any(why);
}

std::map<std::string, std::int64_t> OutputFiles::lengths() const {
    std::map<std::string, std::int64_t> out;
    for (const auto& [name, path] : opened_) {
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0) out[name] = st.st_size;
    }
    return out;
}

}  // namespace miniasd
