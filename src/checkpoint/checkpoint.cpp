#include "checkpoint/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "output/file_io.hpp"
#include "output/metadata.hpp"
#include "output/records.hpp"
#include "output/snapshot_output.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"
#include "util/timers.hpp"

namespace miniasd {

namespace fs = std::filesystem;

namespace {

constexpr const char* spins_meta = "spins-00000000.meta";
constexpr const char* state_file = "run-state";
constexpr const char* partial_suffix = ".partial";

// Rank 0 runs f; its exception's message (if any) reaches every rank as an Error.
template <class F>
void on_root(const parallel::Comm& comm, F&& f) {
    std::string error;
    if (comm.is_root()) {
        try {
            f();
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
    comm.throw_if_any(error);
}

// Rank 0 reads a small file; every rank gets its text (or the same Error).
std::string read_on_root(const parallel::Comm& comm, const std::string& path) {
    std::string text;
    on_root(comm, [&] { text = read_whole_file(path); });
    int status = 0;
    comm.broadcast(status, text);
    return text;
}

// Test hook (docs/testing.md): MINIASD_TEST_CHECKPOINT_CRASH=N makes every rank exit abruptly
// during its N-th checkpoint, after the data files and before the run state and the rename,
// as a job killed at that moment would.
void maybe_crash(const parallel::Comm& comm) {
    static int written = 0;
    const char* n = std::getenv("MINIASD_TEST_CHECKPOINT_CRASH");
    if (!n || std::atoi(n) != ++written) return;
    comm.barrier();
    std::fflush(nullptr);
    std::_Exit(137);
}

// The checkpoint's step from a directory name "checkpoint-<digits>", or -1.
std::int64_t step_of(const std::string& name) {
    const std::string prefix = "checkpoint-";
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size()) return -1;
    const std::string digits = name.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 18)
        return -1;
    return std::stoll(digits);
}

// Reads [offset, offset + n) of an open file; false on a short read.
bool read_at(int fd, std::int64_t offset, char* out, std::int64_t n) {
    while (n > 0) {
        const ssize_t got = ::pread(fd, out, static_cast<std::size_t>(n), offset);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        out += got;
        offset += got;
        n -= got;
    }
    return true;
}

}  // namespace

std::string checkpoint_name(std::int64_t step) {
    char b[48];
    std::snprintf(b, sizeof b, "checkpoint-%012lld", static_cast<long long>(step));
    return b;
}

Checkpoints::Checkpoints(const Config& c, const Lattice& l, const LocalSystem& sys,
                         parallel::Comm comm, const std::string& output_dir)
    : config_(c), lattice_(l), system_(sys), comm_(std::move(comm)) {
    directory_ = fs::path(c.checkpoint_directory).is_absolute()
                     ? c.checkpoint_directory
                     : join_path(output_dir, c.checkpoint_directory);
    // Every atom, in global-id order, exactly: the sorted mode with binary float64 records.
    OutputConfig& o = config_.output;
    const OutputConfig user = c.output;
    o = OutputConfig{};
    o.atoms = true;
    o.mode = OutputMode::sorted;
    o.output_nodes = user.output_nodes;
    o.mpi_io_hints = user.mpi_io_hints;
    o.piece_bytes = user.piece_bytes;
    o.sync = true;           // a checkpoint must survive the job's end: fsync before the metadata
    o.asynchronous = false;  // read back and verified before it is published
}

std::string Checkpoints::write(const Spins& s, const SavedRun& run) {
    const double started = wall_seconds();
    const std::string final_path = join_path(directory_, checkpoint_name(run.state.step));
    const std::string partial = final_path + partial_suffix;
    on_root(comm_, [&] {
        fs::create_directories(directory_);
        fs::remove_all(partial);  // left by a run that stopped while writing it
        fs::create_directory(partial);
    });
    {
        SnapshotSeries series;
        series.io_log = false;
        SnapshotOutput out(config_, lattice_, system_, comm_, partial, 1, false, series);
        out.write_coordinates();
        SnapshotState snap;
        snap.step = run.state.step;
        snap.time = run.state.time();
        snap.dt = run.state.time_step;
        snap.temperature = run.state.temperature;
        snap.field = run.state.field();
        out.write_spins(s, snap);
    }
    maybe_crash(comm_);
    on_root(comm_, [&] {
        write_file_atomically(join_path(partial, state_file), format_run_state(run), true);
    });

    // Verify before publishing: the run state parses and every rank reads back its own spins
    // bit for bit.
    parse_run_state(read_on_root(comm_, join_path(partial, state_file)), partial);
    std::vector<double> xyz;
    read_spins(partial, xyz);
    std::string mismatch;
    for (std::int64_t i = 0; i < system_.n_owned && mismatch.empty(); ++i) {
        const double back[3] = {xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]};
        const double now[3] = {s.x[i], s.y[i], s.z[i]};
        if (std::memcmp(back, now, sizeof back) != 0)
            mismatch = partial + ": the spins read back differ from those written (atom " +
                       std::to_string(system_.gid[i]) + ")";
    }
    comm_.throw_if_any(mismatch);

    // Publish, then delete what is no longer needed: older checkpoints beyond the number kept
    // and unfinished ones.
    on_root(comm_, [&] {
        fs::remove_all(final_path);
        fs::rename(partial, final_path);
        if (const int fd = ::open(directory_.c_str(), O_RDONLY | O_DIRECTORY); fd >= 0) {
            ::fsync(fd);  // the rename itself reaches the disk
            ::close(fd);
        }
        std::vector<std::pair<std::int64_t, fs::path>> complete;
        for (const fs::directory_entry& e : fs::directory_iterator(directory_)) {
            const std::string name = e.path().filename().string();
            const bool unfinished = name.size() > std::strlen(partial_suffix) &&
                                    name.compare(name.size() - std::strlen(partial_suffix),
                                                 std::string::npos, partial_suffix) == 0;
            if (unfinished && step_of(name.substr(0, name.size() - 8)) >= 0)
                fs::remove_all(e.path());
            else if (e.is_directory() && step_of(name) >= 0)
                complete.emplace_back(step_of(name), e.path());
        }
        std::sort(complete.begin(), complete.end());
        const std::size_t keep = static_cast<std::size_t>(std::max(1, config_.checkpoints_kept));
        for (std::size_t k = 0; k + keep < complete.size(); ++k)
            if (complete[k].second != fs::path(final_path)) fs::remove_all(complete[k].second);
    });
    last_write_seconds_ = comm_.max(wall_seconds() - started);
    return final_path;
}

std::optional<Checkpoints::Loaded> Checkpoints::load(Spins& s) {
    // Rank 0 finds the newest complete checkpoint; every rank gets its path and the notes.
    std::string found, notes;
    on_root(comm_, [&] {
        if (!fs::is_directory(directory_)) return;
        std::int64_t best = -1;
        std::vector<std::string> unfinished;
        for (const fs::directory_entry& e : fs::directory_iterator(directory_)) {
            const std::string name = e.path().filename().string();
            if (name.size() > 8 && name.compare(name.size() - 8, 8, partial_suffix) == 0 &&
                step_of(name.substr(0, name.size() - 8)) >= 0)
                unfinished.push_back(name);
            else if (e.is_directory() && step_of(name) > best) {
                best = step_of(name);
                found = e.path().string();
            }
        }
        std::sort(unfinished.begin(), unfinished.end());
        for (const std::string& u : unfinished)
            notes += join_path(directory_, u) +
                     " is incomplete (the run stopped while writing it) and was passed over\n";
    });
    int status = 0;
    comm_.broadcast(status, found);
    comm_.broadcast(status, notes);
    if (found.empty()) {
        if (!notes.empty())
            throw Error(notes + "and no complete checkpoint is left in " + directory_);
        return std::nullopt;
    }
    Loaded l;
    l.path = found;
    for (std::size_t b = 0, e; b < notes.size(); b = e + 1) {
        e = notes.find('\n', b);
        l.notes.push_back(notes.substr(b, e - b));
    }
    const std::string state_path = join_path(found, state_file);
    l.run = parse_run_state(read_on_root(comm_, state_path), state_path);
    std::vector<double> xyz;
    read_spins(found, xyz);
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        s.x[i] = xyz[3 * i];
        s.y[i] = xyz[3 * i + 1];
        s.z[i] = xyz[3 * i + 2];
    }
    return l;
}

void Checkpoints::read_spins(const std::string& path, std::vector<double>& xyz) const {
    const std::string meta_path = join_path(path, spins_meta);
    const SnapshotMetadata m = parse_metadata(read_on_root(comm_, meta_path), meta_path);
    const auto bad = [&](const std::string& what) { return Error(meta_path + ": " + what); };
    if (m.record != "spin" || m.ordering != "global" || m.format.encoding != Encoding::binary ||
        m.format.dtype != DType::float64)
        throw bad("not a checkpoint's spins (binary float64 records in global-id order)");
    if (m.atoms != lattice_.atoms())
        throw bad("holds " + std::to_string(m.atoms) + " atoms but this system has " +
                  std::to_string(lattice_.atoms()) + ": the checkpoint is of another system");

    // Owned atoms in ascending global id, and the record (position in the file's global order)
    // of each: the id itself for a full box, the count of present sites below it otherwise.
    const std::int64_t n = system_.n_owned;
    std::vector<std::pair<std::int64_t, std::int64_t>> by_gid(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        by_gid[static_cast<std::size_t>(i)] = {system_.gid[i], i};
    std::sort(by_gid.begin(), by_gid.end());
    std::vector<std::int64_t> record(by_gid.size());
    if (lattice_.atoms() == lattice_.id_space()) {
        for (std::size_t k = 0; k < by_gid.size(); ++k)
            record[k] = by_gid[k].first;
    } else {
        std::int64_t present = 0;
        std::size_t k = 0;
        for (std::int64_t g = 0; g < lattice_.id_space() && k < by_gid.size(); ++g) {
            std::int64_t cx, cy, cz;
            int site;
            lattice_.decode(g, cx, cy, cz, site);
            if (g == by_gid[k].first) record[k++] = present;
            if (lattice_.present(cx, cy, cz, site)) ++present;
        }
    }

    // Read runs of consecutive records, piece by piece, and check each atom's record.
    std::string error;
    xyz.assign(static_cast<std::size_t>(3 * n), 0.0);
    std::uint64_t hash = 0;
    const std::int64_t rb = static_cast<std::int64_t>(m.format.record_bytes());
    std::vector<char> buffer;
    int fd = -1;
    std::string open_file;
    for (std::size_t k = 0; k < record.size() && error.empty();) {
        const auto piece = std::find_if(m.pieces.begin(), m.pieces.end(), [&](const FilePiece& p) {
            return record[k] >= p.first_record && record[k] < p.first_record + p.count;
        });
        if (piece == m.pieces.end()) {
            error = meta_path + ": no file piece holds record " + std::to_string(record[k]);
            break;
        }
        std::size_t end = k + 1;
        while (end < record.size() && record[end] == record[end - 1] + 1 &&
               record[end] < piece->first_record + piece->count)
            ++end;
        const std::string file = join_path(path, piece->file);
        if (file != open_file) {
            if (fd >= 0) ::close(fd);
            fd = ::open(file.c_str(), O_RDONLY);
            open_file = file;
            if (fd < 0) {
                error = file + ": " + std::strerror(errno);
                break;
            }
        }
        const std::int64_t count = static_cast<std::int64_t>(end - k);
        buffer.resize(static_cast<std::size_t>(count * rb));
        if (!read_at(fd, piece->offset + (record[k] - piece->first_record) * rb, buffer.data(),
                     count * rb)) {
            error = file + ": shorter than its metadata says (truncated)";
            break;
        }
        std::vector<double> values(static_cast<std::size_t>(3 * count));
        decode_records(m.format, count, buffer.data(), values.data());
        for (std::size_t j = k; j < end; ++j) {
            const double* v = &values[3 * (j - k)];
            const std::int64_t i = by_gid[j].second;
            std::copy(v, v + 3, &xyz[static_cast<std::size_t>(3 * i)]);
            hash += atom_hash(by_gid[j].first, v[0], v[1], v[2]);
        }
        k = end;
    }
    if (fd >= 0) ::close(fd);
    comm_.throw_if_any(error);
    // Every atom was read by exactly one rank: the sum of their hashes is the snapshot's.
    if (comm_.wrapping_sum(hash) != m.content_hash)
        throw bad("the spins do not match the metadata's content hash: the checkpoint is corrupt");
}

}  // namespace miniasd
