#include "output/format/file_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "util/error.hpp"

namespace miniasd {

namespace {
constexpr std::int64_t max_single_write = std::int64_t(1) << 30;  // 1 GiB
}

OutputFile::OutputFile(const std::string& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd_ < 0) throw LocalError("cannot create " + path + ": " + std::strerror(errno));
}

OutputFile::~OutputFile() {
    if (fd_ >= 0) ::close(fd_);
}

void OutputFile::write_at(std::int64_t offset, const char* data, std::int64_t n,
                          std::int64_t piece_bytes) {
    const std::int64_t piece = std::clamp<std::int64_t>(piece_bytes, 1, max_single_write);
    std::int64_t done = 0;
    while (done < n) {
        const std::int64_t want = std::min(piece, n - done);
        const ssize_t got = ::pwrite(fd_, data + done, static_cast<std::size_t>(want),
                                     static_cast<off_t>(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw LocalError("writing " + path_ + " failed: " + std::strerror(errno));
        if (got == 0) throw LocalError("writing " + path_ + " made no progress");
        done += got;  // a short write continues where it stopped
    }
}

void OutputFile::sync() {
    if (::fsync(fd_) != 0)
        throw LocalError("fsync of " + path_ + " failed: " + std::strerror(errno));
}

void OutputFile::close() {
    const int fd = fd_;
    fd_ = -1;
    if (fd >= 0 && ::close(fd) != 0)
        throw LocalError("closing " + path_ + " failed: " + std::strerror(errno));
}

void write_whole_file(const std::string& path, const char* data, std::int64_t n,
                      std::int64_t piece_bytes, bool sync) {
    OutputFile f(path);
    f.write_at(0, data, n, piece_bytes);
    if (sync) f.sync();
    f.close();
}

std::string read_file_range(const std::string& path, std::int64_t offset, std::int64_t length) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) throw Error("cannot open data file " + path + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || st.st_size < offset + length) {
        ::close(fd);
        throw Error("data file " + path + " is truncated: it has " + std::to_string(st.st_size) +
                    " bytes, the metadata needs " + std::to_string(offset + length));
    }
    std::string out(static_cast<std::size_t>(length), '\0');
    std::int64_t done = 0;
    while (done < length) {
        const ssize_t got = ::pread(
            fd, out.data() + done,
            static_cast<std::size_t>(std::min<std::int64_t>(length - done, max_single_write)),
            static_cast<off_t>(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            ::close(fd);
            throw Error("reading " + path + " failed" +
                        (got < 0 ? std::string(": ") + std::strerror(errno) : std::string()));
        }
        done += got;
    }
    ::close(fd);
    return out;
}

std::string read_whole_file(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw Error("cannot open " + path + ": " + std::strerror(errno));
    return read_file_range(path, 0, st.st_size);
}

std::string join_path(const std::string& directory, const std::string& name) {
    if (directory.empty() || directory == ".") return name;
    return directory.back() == '/' ? directory + name : directory + "/" + name;
}

}  // namespace miniasd
