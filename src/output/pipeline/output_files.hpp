// The run's text output files in the output directory (the statistics table, a program's tables):
// rank 0 opens them and every rank learns the outcome, so all fail alike. A continued run
// reopens the files of the run it continues, cut to their length at its checkpoint (rows written
// after it are written again, identically); checkpoints record the length of every file opened
// here.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "parallel/comm.hpp"

namespace miniasd {

class OutputFiles {
  public:
    // write_files false: open() returns nullptr and creates nothing (tests).
    OutputFiles(const parallel::Comm& comm, std::string directory, bool write_files);

    // Collective. Opens `name` in the output directory on rank 0 (nullptr elsewhere). A file the
    // continued run had written is reopened cut to its saved length and *appended is set: the
    // caller writes no header then. Throws Error on every rank when rank 0 cannot open it.
    std::FILE* open(const std::string& name, std::string& path, bool* appended = nullptr);
    // The lengths (bytes) of the continued run's files at its checkpoint, and the digests of
    // those bytes (checkpoints before format 5 have none: then only the lengths are checked).
    void continue_from(std::map<std::string, std::int64_t> saved,
                       std::map<std::string, std::uint64_t> digests) {
        saved_ = std::move(saved);
        saved_digests_ = std::move(digests);
    }
    // Collective. Throws Error on every rank when a file of the continued run is missing, shorter
    // than at its checkpoint, or does not begin with the bytes that run wrote (another run's file
    // in the directory): checked before the run changes anything in the directory.
    void check_continuable() const;
    // Rank 0: the present length of every file opened here (for a checkpoint; flush them first).
    std::map<std::string, std::int64_t> lengths() const;
    // Rank 0: the digest of each file's first `lengths` bytes (what a continued run compares),
    // hashing only what was written since the last call.
    std::map<std::string, std::uint64_t> digests(
        const std::map<std::string, std::int64_t>& lengths);

  private:
    const parallel::Comm& comm_;
    std::string directory_;
    bool write_files_;
    std::optional<std::uint64_t> digest_of(const std::string& name) const;  // saved, if any

    std::map<std::string, std::int64_t> saved_;           // continued: file -> bytes
    std::map<std::string, std::uint64_t> saved_digests_;  // continued: file -> digest
    // file -> (bytes hashed so far, FNV-1a state): what digests() resumes from
    std::map<std::string, std::pair<std::int64_t, std::uint64_t>> hashed_;
    std::map<std::string, std::string> opened_;  // name -> path of files opened
};

}  // namespace miniasd
