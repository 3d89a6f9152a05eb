#include "output/pipeline/snapshot_output.hpp"
#include "util/environment.hpp"

#include <sys/statvfs.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "output/format/file_io.hpp"
#include "output/modes/mpi_io_leftovers.hpp"
#include "output/pipeline/auto_mode.hpp"
#include "parallel/environment.hpp"
#include "util/build_info.hpp"
#include "util/error.hpp"
#include "util/hash.hpp"
#include "util/timers.hpp"
#include "util/units.hpp"

namespace miniasd {

namespace {

// Rank 0 checks that the directory exists, is writable and has room for `needed` bytes;
// every rank learns the verdict, so all stop together before the run starts.
// `what`: what is written there ("the snapshots of this run", "the checkpoint"), for messages.
void check_directory(const parallel::Comm& comm, const std::string& dir, double needed,
                     const std::string& what) {
    int status = 0;
    std::string why;
    if (comm.is_root()) {
        const std::string probe = join_path(dir, ".miniasd-write-test");
        struct statvfs fs {};
        if (::access(dir.c_str(), F_OK) != 0) {
            status = 1;
            why = "the directory for " + what + ", '" + dir + "', does not exist";
        } else if (FILE* f = std::fopen(probe.c_str(), "w"); !f) {
            status = 1;
            why = "the directory for " + what + ", '" + dir +
                  "', is not writable: " + std::strerror(errno);
        } else {
            std::fclose(f);
            std::remove(probe.c_str());
            remove_mpi_io_leftovers(dir, stderr);
            if (::statvfs(dir.c_str(), &fs) == 0) {
                const double free_bytes = double(fs.f_bavail) * double(fs.f_frsize);
                if (needed > free_bytes) {
                    status = 1;
                    char b[64];
                    std::snprintf(b, sizeof b, "%.1f MB but '", needed / 1e6);
                    why = what + " need" + (what == "the checkpoint" ? "s" : "") + " about " +
                          std::string(b) + dir + "' has ";
                    std::snprintf(b, sizeof b, "%.1f MB free", free_bytes / 1e6);
                    why += b;
                }
            }
        }
    }
    comm.broadcast(status, why);
    if (status != 0) throw Error(why);
}

// Collective. Why asynchronous output cannot be used although it was asked for ("" if it can):
// the background thread calls MPI while the master does, which needs MPI_THREAD_MULTIPLE on
// every rank.
std::string why_synchronous(const SnapshotSettings& c, const parallel::Comm& comm) {
    if (!c.output.asynchronous) return "";
    const int level = -static_cast<int>(comm.max(-double(parallel::Environment::thread_level())));
    if (level >= MPI_THREAD_MULTIPLE) return "";
    return std::string("the MPI library provides ") +
           parallel::Environment::thread_level_name(level) +
           ", not MPI_THREAD_MULTIPLE (Cray MPICH: export MPICH_MAX_THREAD_SAFETY=multiple; "
           "see MINIASD_MPI_THREAD_LEVEL in docs/output.md)";
}

double slow_write_seconds() {
    const auto v = environment(EnvVar::test_slow_write);
    return v ? std::atof(v->c_str()) : 0.0;
}

}  // namespace

void atom_position(const Lattice& l, std::int64_t gid, double xyz[3]) {
    // In angstrom from the cell edge in angstrom, converted back by the inverse of the input
    // conversion (a division), so 2.87 A in the input gives 1.435, not 1.4350000000000003.
    std::int64_t cell[3];
    int site;
    l.decode(gid, cell[0], cell[1], cell[2], site);
    for (int c = 0; c < 3; ++c)
        xyz[c] = (double(cell[c]) + l.basis[site][c]) * (l.cell_size[c] / 1e-10);
}

SnapshotOutput::SnapshotOutput(const SnapshotSettings& c, double time_step, const Lattice& l,
                               const LocalSystem& sys, const parallel::Comm& comm,
                               std::string directory, std::int64_t expected_snapshots, bool verbose,
                               SnapshotSeries series)
    : sync_(c.output.sync),
      time_step_(time_step),
      lattice_(l),
      system_(sys),
      io_(comm.duplicate()),
      directory_(std::move(directory)),
      next_snapshot_(series.first_snapshot),
      coordinates_stem_(std::move(series.coordinates_stem)),
      run_id_(std::move(series.run_id)),
      slow_write_(slow_write_seconds()),
      timeout_(c.output.timeout),
      synchronous_reason_(why_synchronous(c, comm)),
      queue_(c.output.asynchronous && synchronous_reason_.empty()) {
    slots_.resize(queue_.threaded() ? static_cast<std::size_t>(c.output.buffers) : 1);
    for (const MaterialConfig& mat : c.materials) {
        // One word per material in the metadata (and XYZ species): blanks become '_'.
        std::string name = mat.name;
        for (char& ch : name)
            if (std::isspace(static_cast<unsigned char>(ch))) ch = '_';
        material_names_.push_back(name.empty() ? "?" : name);
        material_moments_.push_back(mat.moment / constants::bohr_magneton);
        material_elements_.push_back(mat.element.empty() ? "-" : mat.element);
    }
    format_.encoding = c.output.text ? Encoding::text : Encoding::binary;
    format_.dtype = c.output.single_precision ? DType::float32 : DType::float64;
    selection_ = select_atoms(c.output, l, sys);
    total_selected_ = io_.sum(static_cast<std::int64_t>(selection_.gid.size()));
    const double needed =
        double(total_selected_) * (double(format_.record_bytes()) * double(expected_snapshots) +
                                   double(coordinate_record_bytes(format_.encoding)));
    check_directory(io_, directory_, needed, series.what);
    SnapshotSection out = c.output;
    if (out.auto_mode || out.auto_nodes) {
        AutoTestData data;
        data.local_records = static_cast<std::int64_t>(selection_.gid.size());
        data.record_bytes = format_.record_bytes();
        data.gid = selection_.gid.data();
        data.id_space = lattice_.id_space();
        data.reserved_bytes = needed;
        data.timeout = c.output.timeout;
        const AutoChoice a =
            choose_output(out, io_, directory_, data, io_.is_root() ? stdout : nullptr);
        out = a.output;
        auto_summary_ = a.summary;
    }
    writer_ = make_writer(out, io_, verbose);
    mode_ = writer_->mode();
    if (io_.is_root() && series.io_log) {
        static const char header[] =
            "# snapshot step mode bytes files write[s] snapshot[s] write[MB/s] snapshot[MB/s] "
            "held[s] waited[s]\n";
        const std::string path = join_path(directory_, "io-log");
        // A continued run appends under the header its rows follow: a log whose latest header
        // has other columns (begun by another version) gets the current one again first.
        bool has_header = false;
        if (series.append_log)
            if (std::FILE* old = std::fopen(path.c_str(), "r")) {
                char line[sizeof header + 1];
                while (std::fgets(line, sizeof line, old))
                    if (line[0] == '#') has_header = std::strcmp(line, header) == 0;
                std::fclose(old);
            }
        log_ = std::fopen(path.c_str(), series.append_log ? "a" : "w");
        if (!log_) throw LocalError("cannot create " + path + ": " + std::strerror(errno));
        if (!has_header) std::fputs(header, log_);
        std::fflush(log_);
    }
}

SnapshotOutput::~SnapshotOutput() {
    queue_.stop();  // the snapshots in flight write to the log
    if (log_) std::fclose(log_);
}

SnapshotMetadata SnapshotOutput::base_metadata(const char* kind, const char* record) const {
    SnapshotMetadata m;
    m.kind = kind;
    m.record = record;
    m.run_id = run_id_;
    m.writer_version =
        std::string("miniasd ") + build_info::version + " (git " + build_info::git_hash + ")";
    m.mode = mode_;
    if (!auto_summary_.empty()) m.extra.emplace_back("output-auto", auto_summary_);
    m.format = format_;
    m.atoms = total_selected_;
    m.ranks = io_.size();
    m.index = coordinates_stem_ + ".meta";
    for (int a = 0; a < 3; ++a)
        m.box[a] = double(lattice_.cells[a]) * (lattice_.cell_size[a] / 1e-10);
    m.periodic = lattice_.periodic;
    m.material_names = material_names_;
    m.material_moments = material_moments_;
    m.material_elements = material_elements_;
    return m;
}

WriteGuard SnapshotOutput::guard_for(const std::string& stem, std::size_t record_bytes) const {
    return WriteGuard(
        WriteGuard::deadline_for(timeout_, total_selected_ * std::int64_t(record_bytes)),
        "writing " + join_path(directory_, stem) + " (" + mode_ + ")");
}

void SnapshotOutput::finish(SnapshotMetadata m, const WriteOutcome& w, const std::string& meta_name,
                            std::uint64_t local_hash, double started, const Slot* slot) {
    m.ordering = w.ordering;
    m.io_groups = w.io_groups;
    m.pieces = w.pieces;
    m.extra.insert(m.extra.end(), w.extra.begin(), w.extra.end());
    m.content_hash = io_.wrapping_sum(local_hash);
    // Metadata last, by rank 0, after every rank has closed its files (write() is collective and
    // gathers the file table only after the data files are closed).
    if (io_.is_root())
        write_file_atomically(join_path(directory_, meta_name), format_metadata(m), sync_);
    std::vector<double> t = {wall_seconds() - started, slot ? slot->held : 0.0,
                             slot ? slot->waited : 0.0};
    io_.max_in_place(t);
    const double total = t[0];
    if (m.kind != std::string("spins")) return;
    const SnapshotTiming timing{w.bytes, w.write_seconds, total, queue_.threaded() ? t[1] : total,
                                t[2]};
    summary_.snapshots += 1;
    summary_.bytes += w.bytes;
    summary_.write_seconds += w.write_seconds;
    summary_.total_seconds += total;
    summary_.held_seconds += timing.held_seconds;
    summary_.waited_seconds += timing.waited_seconds;
    timings_.push_back(timing);
    if (log_) {
        const double mb = double(w.bytes) / 1e6;
        std::fprintf(log_, "%lld %lld %s %lld %zu %.6f %.6f %.2f %.2f %.6f %.6f\n",
                     (long long)m.snapshot, (long long)m.step, mode_.c_str(), (long long)w.bytes,
                     w.pieces.size(), w.write_seconds, total,
                     w.write_seconds > 0 ? mb / w.write_seconds : 0.0, total > 0 ? mb / total : 0.0,
                     timing.held_seconds, timing.waited_seconds);
        std::fflush(log_);
    }
}

void SnapshotOutput::write_coordinates() {
    wait_all();  // the queue's thread must not be in a collective of io_ meanwhile
    const double started = wall_seconds();
    const std::size_t n = selection_.gid.size();
    std::vector<double> xyz(3 * n);
    std::vector<std::int32_t> material(n);
    std::uint64_t hash = 0;
    for (std::size_t k = 0; k < n; ++k) {
        atom_position(lattice_, selection_.gid[k], &xyz[3 * k]);
        material[k] = system_.material[selection_.local[k]];
        hash += atom_hash(selection_.gid[k], xyz[3 * k], xyz[3 * k + 1], xyz[3 * k + 2]);
    }
    const std::size_t rb = coordinate_record_bytes(format_.encoding);
    std::vector<char> bytes(n * rb);
    encode_coordinates(format_.encoding, static_cast<std::int64_t>(n), xyz.data(),
                       selection_.gid.data(), material.data(), bytes.data());
    LocalRecords r;
    r.count = static_cast<std::int64_t>(n);
    r.record_bytes = rb;
    r.bytes = bytes.data();
    r.gid = selection_.gid.data();
    r.id_space = lattice_.id_space();
    r.coordinates = true;
    const WriteGuard guard = guard_for(coordinates_stem_, rb);
    const WriteOutcome w = writer_->write(directory_, coordinates_stem_, r);
    SnapshotMetadata m = base_metadata("coordinates", "coordinate");
    m.format.dtype = DType::float64;
    m.dt = time_step_;
    finish(m, w, coordinates_stem_ + ".meta", hash, started, nullptr);
}

void SnapshotOutput::write_spins(const Spins& s, const SnapshotState& state) {
    const double called = wall_seconds();
    // A free buffer: wait for the oldest snapshot in flight while all are busy (asynchronous
    // only; synchronous snapshots are finished when write_spins returns).
    const auto buffers = static_cast<std::int64_t>(slots_.size());
    while (queued_ - reaped_ >= buffers && queue_.threaded())
        queue_.wait(reaped_++);
    Slot& slot = slots_[static_cast<std::size_t>(queued_ % buffers)];
    slot.waited = wall_seconds() - called;
    slot.state = state;
    slot.number = next_snapshot_;
    const std::int64_t n = static_cast<std::int64_t>(selection_.gid.size());
    slot.x.resize(static_cast<std::size_t>(n));
    slot.y.resize(static_cast<std::size_t>(n));
    slot.z.resize(static_cast<std::size_t>(n));
    const std::int32_t* local = selection_.local.data();
#pragma omp parallel for schedule(static) if (n > 65536)
    for (std::int64_t k = 0; k < n; ++k) {
        slot.x[k] = s.x[local[k]];
        slot.y[k] = s.y[local[k]];
        slot.z[k] = s.z[local[k]];
    }
    slot.held = wall_seconds() - called;
    ++next_snapshot_;
    ++queued_;
    queue_.submit([this, &slot] { write_slot(slot); });
}

void SnapshotOutput::wait_all() {
    const double called = wall_seconds();
    while (reaped_ < queued_ && queue_.threaded())
        queue_.wait(reaped_++);
    reaped_ = queued_;
    final_wait_ += wall_seconds() - called;
}

void SnapshotOutput::write_slot(Slot& slot) {
    const double started = wall_seconds();
    if (slow_write_ > 0)  // test hook: a file system that falls behind
        std::this_thread::sleep_for(std::chrono::duration<double>(slow_write_));
    const std::size_t n = selection_.gid.size();
    std::uint64_t hash = 0;
    const bool single = format_.dtype == DType::float32;
    for (std::size_t k = 0; k < n; ++k) {
        // The hash covers the values as written (rounded to float for float32 files).
        if (single) {
            slot.x[k] = double(float(slot.x[k]));
            slot.y[k] = double(float(slot.y[k]));
            slot.z[k] = double(float(slot.z[k]));
        }
        hash += atom_hash(selection_.gid[k], slot.x[k], slot.y[k], slot.z[k]);
    }
    buffer_.resize(n * format_.record_bytes());
    encode_records(format_, static_cast<std::int64_t>(n), slot.x.data(), slot.y.data(),
                   slot.z.data(), buffer_.data());
    const SnapshotState& state = slot.state;
    const std::string stem = snapshot_stem("spins", slot.number);
    LocalRecords r;
    r.count = static_cast<std::int64_t>(n);
    r.record_bytes = format_.record_bytes();
    r.bytes = buffer_.data();
    r.gid = selection_.gid.data();
    r.id_space = lattice_.id_space();
    r.attributes = {{"time", state.time},
                    {"step", double(state.step)},
                    {"temperature", state.temperature},
                    {"field-x", state.field[0]},
                    {"field-y", state.field[1]},
                    {"field-z", state.field[2]}};
    const WriteGuard guard = guard_for(stem, r.record_bytes);
    const WriteOutcome w = writer_->write(directory_, stem, r);
    SnapshotMetadata m = base_metadata("spins", "spin");
    m.snapshot = slot.number;
    m.step = state.step;
    m.time = state.time;
    m.dt = state.dt;
    m.temperature = state.temperature;
    m.field = state.field;
    m.magnetisation = state.magnetisation;
    finish(m, w, stem + ".meta", hash, started, &slot);
}

}  // namespace miniasd
