#include "output/pipeline/output_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <tuple>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "util/error.hpp"
#include "util/hash.hpp"

namespace miniasd {

namespace {

constexpr std::uint64_t fnv_start = 0xcbf29ce484222325ULL;  // FNV-1a's offset basis

// FNV-1a (64 bits) of the file at `path` from byte `from` to byte `to`, continuing from state
// `h`; nullopt when it cannot be read or is shorter. The digest is mix64 of the state.
std::optional<std::uint64_t> extend_digest(const std::string& path, std::int64_t from,
                                           std::int64_t to, std::uint64_t h) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return std::nullopt;
    std::vector<unsigned char> buffer(1 << 16);
    std::int64_t left = to - from;
    if (std::fseek(f, static_cast<long>(from), SEEK_SET) != 0) left = -1;
    while (left > 0) {
        const std::size_t want = static_cast<std::size_t>(
            std::min<std::int64_t>(left, static_cast<std::int64_t>(buffer.size())));
        const std::size_t got = std::fread(buffer.data(), 1, want, f);
        for (std::size_t k = 0; k < got; ++k)
            h = (h ^ buffer[k]) * 0x100000001b3ULL;
        left -= static_cast<std::int64_t>(got);
        if (got < want) break;
    }
    std::fclose(f);
    if (left != 0) return std::nullopt;
    return h;
}

// The digest of the first `bytes` bytes of the file at `path`, or nullopt.
std::optional<std::uint64_t> prefix_digest(const std::string& path, std::int64_t bytes) {
    const auto h = extend_digest(path, 0, bytes, fnv_start);
    return h ? std::optional<std::uint64_t>(mix64(*h)) : std::nullopt;
}

// Why the continued run's file at `path` cannot be continued ("" if it can): it must hold at
// least the `bytes` it had at the checkpoint, and (when the checkpoint recorded it) those bytes
// must be the ones that run wrote: a file of another run is never cut.
std::string why_not_continuable(const std::string& path, std::int64_t bytes,
                                const std::optional<std::uint64_t>& digest) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || st.st_size < bytes)
        return "the run being continued wrote " + std::to_string(bytes) +
               " bytes to it, but it is missing or shorter now";
    if (digest && prefix_digest(path, bytes) != digest)
        return "its first " + std::to_string(bytes) +
               " bytes are not those the run being continued wrote (the file is another run's, "
               "or was changed since the checkpoint), and miniasd never cuts a file its run did "
               "not write: give this run its own output directory, or move the file away and "
               "use sim:load-checkpoint = restart to start a new run from the checkpoint's spins";
    return "";
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
        why = why_not_continuable(path, saved->second, digest_of(name));
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
            if (const std::string w = why_not_continuable(path, bytes, digest_of(name));
                !w.empty()) {
                why = "cannot continue the output file '" + path + "': " + w;
                break;
            }
        }
    comm_.throw_if_any(why);
}

std::optional<std::uint64_t> OutputFiles::digest_of(const std::string& name) const {
    const auto it = saved_digests_.find(name);
    if (it == saved_digests_.end()) return std::nullopt;
    return it->second;
}

std::map<std::string, std::uint64_t> OutputFiles::digests(
    const std::map<std::string, std::int64_t>& lengths) {
    // Tables only grow while the run writes them: each checkpoint hashes the bytes written since
    // the last one (a table written long before is not read again).
    std::map<std::string, std::uint64_t> out;
    for (const auto& [name, bytes] : lengths) {
        std::int64_t done = 0;
        std::uint64_t h = fnv_start;
        if (const auto it = hashed_.find(name); it != hashed_.end() && it->second.first <= bytes)
            std::tie(done, h) = it->second;  // else cut shorter since: from the start
        if (const auto next = extend_digest(opened_.at(name), done, bytes, h)) {
            hashed_[name] = {bytes, *next};
            out[name] = mix64(*next);
        }
    }
    return out;
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
