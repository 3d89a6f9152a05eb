// POSIX file writing and reading for the writers and the reader: open with truncation, write in
// pieces of at most `piece_bytes` (never more than 1 GiB at once), loop on short writes and
// EINTR, 64-bit offsets, optional fsync. Failures become LocalError naming the file and the
// system's reason (ENOSPC: "No space left on device").
#pragma once

#include <cstdint>
#include <string>

namespace miniasd {

class OutputFile {
  public:
    // Creates or truncates `path` for writing.
    explicit OutputFile(const std::string& path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    // Writes n bytes at `offset`, in pieces of at most piece_bytes.
    void write_at(std::int64_t offset, const char* data, std::int64_t n, std::int64_t piece_bytes);
    void sync();   // fsync
    void close();  // reports errors that only show at close (NFS, quotas)

  private:
    std::string path_;
    int fd_ = -1;
};

// Writes a whole file: create/truncate, write, optionally fsync, close.
void write_whole_file(const std::string& path, const char* data, std::int64_t n,
                      std::int64_t piece_bytes, bool sync);

// Reads `length` bytes at `offset`; throws Error if the file is missing or shorter.
std::string read_file_range(const std::string& path, std::int64_t offset, std::int64_t length);

// Reads a whole (small) file; throws Error if missing.
std::string read_whole_file(const std::string& path);

// Joins a directory and a file name ("." and "" mean the working directory).
std::string join_path(const std::string& directory, const std::string& name);

}  // namespace miniasd
