#include "checkpoint/checkpoint.hpp"
#include "util/environment.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

#include "checkpoint/owned_records.hpp"
#include "output/format/file_io.hpp"
#include "output/format/metadata.hpp"
#include "output/format/records.hpp"
#include "output/pipeline/snapshot_output.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"
#include "util/timers.hpp"

namespace miniasd {

namespace fs = std::filesystem;

namespace {

constexpr const char* spins_meta = "spins-00000000.meta";
constexpr const char* held_meta = "spins-00000001.meta";  // a term's held spins, if any
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

// Test hook (docs/testing.md): MINIASD_TEST_CHECKPOINT_CRASH=N makes every rank exit abruptly
// during its N-th checkpoint, after the data files and before the run state and the rename,
// as a job killed at that moment would.
void maybe_crash(const parallel::Comm& comm) {
    static int written = 0;
    const auto n = environment(EnvVar::test_checkpoint_crash);
    if (!n || std::atoi(n->c_str()) != ++written) return;
    comm.barrier();
    std::fflush(nullptr);
    std::_Exit(137);
}

// The run id a checkpoint's run-state names ("" for one from before run ids, or unreadable: the
// full parse and its checks come when it is loaded).
std::string run_id_in(const fs::path& checkpoint) {
    std::ifstream in(checkpoint / state_file);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("run-id = ", 0) == 0) return line.substr(9);
    return "";
}

}  // namespace

std::int64_t checkpoint_step(const std::string& name) {
    const std::string prefix = "checkpoint-";
    if (name.rfind(prefix, 0) != 0 || name.size() == prefix.size()) return -1;
    const std::string digits = name.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 18)
        return -1;
    return std::stoll(digits);
}

std::string checkpoint_directory(const CheckpointSettings& c, const std::string& output_dir) {
    if (fs::path(c.checkpoint.directory).is_absolute()) return c.checkpoint.directory;
    return join_path(output_dir, c.checkpoint.directory);
}

std::string checkpoint_name(std::int64_t step) {
    char b[48];
    std::snprintf(b, sizeof b, "checkpoint-%012lld", static_cast<long long>(step));
    return b;
}

Checkpoints::Checkpoints(const CheckpointSettings& c, double time_step, const Lattice& l,
                         const LocalSystem& sys, parallel::Comm comm, const std::string& output_dir)
    : config_(c), time_step_(time_step), lattice_(l), system_(sys), comm_(std::move(comm)) {
    directory_ = checkpoint_directory(c, output_dir);
    // Every atom, in global-id order, exactly: the sorted mode with binary float64 records.
    SnapshotSection& o = config_.output;
    const SnapshotSection user = c.output;
    o = SnapshotSection{};
    o.atoms = true;
    o.mode = OutputMode::sorted;
    o.output_nodes = user.output_nodes;
    o.mpi_io_hints = user.mpi_io_hints;
    o.piece_bytes = user.piece_bytes;
    o.sync = true;           // a checkpoint must survive the job's end: fsync before the metadata
    o.asynchronous = false;  // read back and verified before it is published
}

std::string Checkpoints::write(const Spins& s, const SavedRun& run, const Spins* held,
                               std::int64_t held_step,
                               const std::vector<std::pair<std::string, std::string>>& extras) {
    const double started = wall_seconds();
    std::string final_path = join_path(directory_, checkpoint_name(run.state.step));
    const std::string partial = final_path + partial_suffix;
    on_root(comm_, [&] {
        fs::create_directories(directory_);
        fs::remove_all(partial);  // left by a run that stopped while writing it
        fs::create_directory(partial);
    });
    {
        SnapshotSeries series;
        series.io_log = false;
        series.what = "the checkpoint";
        series.run_id = run.run_id;
        SnapshotOutput out(config_, time_step_, lattice_, system_, comm_, partial, 1, false,
                           series);
        out.write_coordinates();
        SnapshotState snap;
        snap.step = run.state.step;
        snap.time = run.state.time();
        snap.dt = run.state.time_step;
        snap.temperature = run.state.temperature;
        snap.field = run.state.field();
        out.write_spins(s, snap);
        if (held) {
            snap.step = held_step;
            snap.time -= double(run.state.step - held_step) * snap.dt;
            out.write_spins(*held, snap);
        }
    }
    maybe_crash(comm_);
    on_root(comm_, [&] {
        write_file_atomically(join_path(partial, state_file), format_run_state(run), true);
        for (const auto& [name, bytes] : extras) {
            const std::string path = join_path(partial, name);
            write_file_atomically(path, bytes, true);
            if (read_whole_file(path) != bytes)
                throw std::runtime_error("the checkpoint's '" + path +
                                         "' did not read back as written");
        }
    });

    // Verify before publishing: the run state parses and every rank reads back its own spins
    // bit for bit.
    parse_run_state(read_on_root(comm_, join_path(partial, state_file)), partial);
    check_coordinates(partial);
    verify_spins(partial, s, spins_meta);
    if (held) verify_spins(partial, *held, held_meta);

    // Publish, then delete what is no longer needed: older checkpoints beyond the number kept
    // and unfinished ones.
    on_root(comm_, [&] {
        fs::remove_all(final_path);
        fs::rename(partial, final_path);
        if (const int fd = ::open(directory_.c_str(), O_RDONLY | O_DIRECTORY); fd >= 0) {
            ::fsync(fd);  // the rename itself reaches the disk
            ::close(fd);
        }
        // Older checkpoints of this run beyond the number kept go; another run's stay (the one
        // a restart began from, say): they are the user's.
        std::vector<std::pair<std::int64_t, fs::path>> complete;
        for (const fs::directory_entry& e : fs::directory_iterator(directory_)) {
            const std::string name = e.path().filename().string();
            const bool unfinished = name.size() > std::strlen(partial_suffix) &&
                                    name.compare(name.size() - std::strlen(partial_suffix),
                                                 std::string::npos, partial_suffix) == 0;
            if (unfinished && checkpoint_step(name.substr(0, name.size() - 8)) >= 0)
                fs::remove_all(e.path());
            else if (e.is_directory() && checkpoint_step(name) >= 0 &&
                     (!fs::exists(e.path() / state_file) || run_id_in(e.path()) == run.run_id))
                complete.emplace_back(checkpoint_step(name), e.path());  // an emptied one goes too
        }
        std::sort(complete.begin(), complete.end());
        const std::size_t keep = static_cast<std::size_t>(std::max(1, config_.checkpoint.kept));
        for (std::size_t k = 0; k + keep < complete.size(); ++k)
            if (complete[k].second != fs::path(final_path)) fs::remove_all(complete[k].second);
    });
    last_write_seconds_ = comm_.max(wall_seconds() - started);
    return final_path;
}

namespace {

// In `directory`, the newest complete checkpoint (`found`, "" if none) and notes on those passed
// over (other runs', incomplete or damaged ones), one per line. Complete checkpoints are grouped
// by run; the run that wrote the most recent one is continued, from its highest step (steps
// order one run's checkpoints; only the time of writing orders two runs').
void newest_checkpoint(const std::string& directory, std::string& found, std::string& notes) {
    if (!fs::is_directory(directory)) return;
    struct Run {
        std::int64_t best_step = -1;
        std::string best;
        fs::file_time_type latest = fs::file_time_type::min();
        int count = 0;
    };
    std::map<std::string, Run> runs;
    std::vector<std::string> unfinished;
    for (const fs::directory_entry& e : fs::directory_iterator(directory)) {
        const std::string name = e.path().filename().string();
        if (name.size() > 8 && name.compare(name.size() - 8, 8, partial_suffix) == 0 &&
            checkpoint_step(name.substr(0, name.size() - 8)) >= 0)
            unfinished.push_back(name);
        else if (e.is_directory() && checkpoint_step(name) >= 0) {
            // Published checkpoints are complete, but a directory can be emptied or damaged
            // afterwards (a user's cleanup, a purge of a scratch file system): one without
            // its run state and spins metadata is passed over, with a note.
            const bool whole =
                fs::exists(e.path() / state_file) && fs::exists(e.path() / spins_meta);
            if (!whole) {
                unfinished.push_back(name);
                continue;
            }
            Run& r = runs[run_id_in(e.path())];
            ++r.count;
            std::error_code ec;
            r.latest = std::max(r.latest, fs::last_write_time(e.path() / state_file, ec));
            if (checkpoint_step(name) > r.best_step) {
                r.best_step = checkpoint_step(name);
                r.best = e.path().string();
            }
        }
    }
    const Run* chosen = nullptr;
    for (const auto& [id, r] : runs)
        if (!chosen || r.latest > chosen->latest) chosen = &r;
    if (chosen) found = chosen->best;
    for (const auto& [id, r] : runs)
        if (&r != chosen)
            notes += std::to_string(r.count) + " checkpoint(s) of another run (" +
                     (id.empty() ? "no run id" : "run " + id) + ") in " + directory +
                     " were passed over: the run that wrote the latest checkpoint goes on\n";
    std::sort(unfinished.begin(), unfinished.end());
    for (const std::string& u : unfinished)
        notes += join_path(directory, u) +
                 (checkpoint_step(u) >= 0
                      ? " lacks its run-state or spins metadata (emptied or damaged after "
                        "it was written) and was passed over\n"
                      : " is incomplete (the run stopped while writing it) and was passed "
                        "over\n");
}

}  // namespace

std::optional<Checkpoints::Loaded> Checkpoints::load(Spins& s) {
    // Rank 0 finds the newest complete checkpoint; every rank gets its path and the notes.
    std::string found, notes;
    on_root(comm_, [&] { newest_checkpoint(directory_, found, notes); });
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
    check_coordinates(found);
    std::vector<double> xyz;
    read_spins(found, xyz);
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        s.x[i] = xyz[3 * i];
        s.y[i] = xyz[3 * i + 1];
        s.z[i] = xyz[3 * i + 2];
    }
    return l;
}

void Checkpoints::verify_spins(const std::string& path, const Spins& s,
                               const std::string& meta_name) const {
    std::vector<double> xyz;
    read_spins(path, xyz, meta_name);
    std::string mismatch;
    for (std::int64_t i = 0; i < system_.n_owned && mismatch.empty(); ++i) {
        const double back[3] = {xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]};
        const double now[3] = {s.x[i], s.y[i], s.z[i]};
        if (std::memcmp(back, now, sizeof back) != 0)
            mismatch = join_path(path, meta_name) +
                       ": the spins read back differ from those written (atom " +
                       std::to_string(system_.gid[i]) + ")";
    }
    comm_.throw_if_any(mismatch);
}

std::optional<std::pair<Spins, std::int64_t>> Checkpoints::load_held(
    const std::string& path) const {
    int present = 0;
    if (comm_.is_root()) present = fs::exists(join_path(path, held_meta)) ? 1 : 0;
    std::string unused;
    comm_.broadcast(present, unused);
    if (!present) return std::nullopt;
    std::vector<double> xyz;
    const std::int64_t step = read_spins(path, xyz, held_meta);
    Spins held;
    held.resize(system_.n_owned);
    for (std::int64_t i = 0; i < system_.n_owned; ++i) {
        held.x[std::size_t(i)] = xyz[std::size_t(3 * i)];
        held.y[std::size_t(i)] = xyz[std::size_t(3 * i + 1)];
        held.z[std::size_t(i)] = xyz[std::size_t(3 * i + 2)];
    }
    return std::make_pair(std::move(held), step);
}

std::int64_t Checkpoints::read_spins(const std::string& path, std::vector<double>& xyz,
                                     const std::string& meta_name) const {
    const OwnedRecords r = read_owned_records(comm_, lattice_, system_, path, meta_name);
    const SnapshotMetadata& m = r.meta;
    const std::string meta_path = join_path(path, meta_name);
    if (m.record != "spin" || m.format.encoding != Encoding::binary ||
        m.format.dtype != DType::float64)
        throw Error(meta_path + ": not a checkpoint's spins (binary float64 records)");
    const std::int64_t n = system_.n_owned;
    xyz.assign(static_cast<std::size_t>(3 * n), 0.0);
    decode_records(m.format, n, r.bytes.data(), xyz.data());
    std::uint64_t hash = 0;
    for (std::int64_t i = 0; i < n; ++i)
        hash += atom_hash(system_.gid[i], xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
    // Every atom was read by exactly one rank: the sum of their hashes is the snapshot's.
    if (comm_.wrapping_sum(hash) != m.content_hash)
        throw Error(meta_path +
                    ": the spins do not match the metadata's content hash: the checkpoint is "
                    "corrupt");
    return m.step;
}

void Checkpoints::check_coordinates(const std::string& path) const {
    const std::string meta_name = "coordinates.meta";
    const std::string meta_path = join_path(path, meta_name);
    const OwnedRecords r = read_owned_records(comm_, lattice_, system_, path, meta_name);
    const SnapshotMetadata& m = r.meta;
    if (m.record != "coordinate") throw Error(meta_path + ": not a checkpoint's coordinates");
    const std::int64_t n = system_.n_owned;
    std::vector<double> xyz(static_cast<std::size_t>(3 * n));
    std::vector<std::int64_t> gid(static_cast<std::size_t>(n));
    std::vector<std::int32_t> material(static_cast<std::size_t>(n));
    std::string error;
    if (!decode_coordinates(m.format.encoding, n, r.bytes.data(), xyz.data(), gid.data(),
                            material.data()))
        error = meta_path + ": a coordinate record is malformed: the checkpoint is corrupt";
    std::uint64_t hash = 0;
    for (std::int64_t i = 0; i < n; ++i) {
        double here[3];
        atom_position(lattice_, system_.gid[i], here);
        hash += atom_hash(gid[i], xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]);
        const bool differs = gid[i] != system_.gid[i] ||
                             std::memcmp(here, &xyz[3 * i], sizeof here) != 0 ||
                             material[i] != system_.material[i];
        if (differs && error.empty()) {
            char b[400];
            std::snprintf(b, sizeof b,
                          "%s: atom %lld of the checkpoint is atom %lld of material %d at "
                          "(%.17g, %.17g, %.17g) A, but this system has atom %lld of material "
                          "%d at (%.17g, %.17g, %.17g) A: the checkpoint is of another lattice "
                          "(crystal, cell size, shape or materials) and cannot be loaded",
                          meta_path.c_str(), (long long)system_.gid[i], (long long)gid[i],
                          material[i] + 1, xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2],
                          (long long)system_.gid[i], system_.material[i] + 1, here[0], here[1],
                          here[2]);
            error = b;
        }
    }
    // Damage first (a flipped byte also makes an atom differ), then another lattice.
    if (comm_.wrapping_sum(hash) != m.content_hash)
        throw Error(meta_path +
                    ": the coordinates do not match the metadata's content hash: the checkpoint "
                    "is corrupt");
    comm_.throw_if_any(error);
}

}  // namespace miniasd
