#include "input/read_broadcast.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace miniasd {

LoadResult read_and_broadcast(const parallel::Comm& comm, const std::string& path) {
    int status = 0;  // 0: read; otherwise the errno of the failure
    std::string text;
    if (comm.is_root()) {
        std::error_code ec;
        const bool is_dir = std::filesystem::is_directory(path, ec);
        std::ifstream in(path, std::ios::binary);
        if (is_dir) {
            status = EISDIR;
        } else if (!in) {
            status = errno ? errno : ENOENT;
        } else {
            std::ostringstream ss;
            ss << in.rdbuf();
            if (in.bad()) status = errno ? errno : EIO;
            text = ss.str();
        }
        if (status != 0) text.clear();
    }
    comm.broadcast(status, text);
    LoadResult r;
    r.ok = status == 0;
    if (r.ok)
        r.text = std::move(text);
    else
        r.error = std::strerror(status);
    return r;
}

TextLoader broadcast_loader(const parallel::Comm& comm) {
    return [comm](const std::string& path) { return read_and_broadcast(comm, path); };
}

}  // namespace miniasd
