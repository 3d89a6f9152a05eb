#include "input/read_broadcast.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace miniasd {

namespace {

// Input, material and unit-cell files are text of at most this many bytes: a file with no end
// (/dev/zero, a named pipe left open) is refused instead of read until memory runs out.
constexpr std::size_t max_input_bytes = std::size_t(256) << 20;

// Rank 0's read: the text, or why not (status 0: read).
int read_text_file(const std::string& path, std::string& text) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        text = std::strerror(EISDIR);
        return EISDIR;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int e = errno ? errno : ENOENT;
        text = std::strerror(e);
        return e;
    }
    std::string data;
    std::vector<char> chunk(std::size_t(1) << 20);
    while (in && data.size() <= max_input_bytes) {
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        data.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) {
        const int e = errno ? errno : EIO;
        text = std::strerror(e);
        return e;
    }
    if (data.size() > max_input_bytes) {
        text =
            "it is larger than 256 MiB (a file with no end, such as /dev/zero?); input, "
            "material and unit-cell files are text";
        return EFBIG;
    }
    if (const auto nul = data.find('\0'); nul != std::string::npos) {
        text = "it is not a text file (it holds a NUL byte at byte " + std::to_string(nul + 1) +
               "); input, material and unit-cell files are text";
        return EINVAL;
    }
    text = std::move(data);
    return 0;
}

}  // namespace

LoadResult read_and_broadcast(const parallel::Comm& comm, const std::string& path) {
    int status = 0;  // 0: read; otherwise why not, in `text`
    std::string text;
    if (comm.is_root()) status = read_text_file(path, text);
    comm.broadcast(status, text);
    LoadResult r;
    r.ok = status == 0;
    if (r.ok)
        r.text = std::move(text);
    else
        r.error = std::move(text);
    return r;
}

TextLoader broadcast_loader(const parallel::Comm& comm) {
    return [comm](const std::string& path) { return read_and_broadcast(comm, path); };
}

}  // namespace miniasd
