#include "output/pipeline/auto_mode.hpp"
#include "util/environment.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <sstream>

#include <sys/statvfs.h>

#include "output/modes/writer.hpp"
#include "output/write_modes.hpp"
#include "util/error.hpp"
#include "util/timers.hpp"
#include "util/write_guard.hpp"

namespace miniasd {

namespace {

const char* const scratch_name = ".miniasd-auto-output";

std::map<std::string, double> fake_times() {
    std::map<std::string, double> t;
    const auto env = environment(EnvVar::test_auto_times);
    if (!env) return t;
    std::istringstream in(*env);
    for (std::string item; std::getline(in, item, ',');) {
        const std::size_t eq = item.find('=');
        if (eq != std::string::npos) t[item.substr(0, eq)] = std::atof(item.c_str() + eq + 1);
    }
    return t;
}

// Rank 0's free bytes in `directory` beyond `reserved`, on every rank (a huge number when the
// file system does not say).
double room_beyond(const parallel::Comm& comm, const std::string& directory, double reserved) {
    double room = -1e300;
    if (comm.is_root()) {
        struct statvfs fs {};
        room = ::statvfs(directory.c_str(), &fs) == 0
                   ? double(fs.f_bavail) * double(fs.f_frsize) - reserved
                   : 1e300;
    }
    return comm.max(room);
}

// Rank 0 empties the scratch directory once every rank is done with it.
void clear_scratch(const parallel::Comm& comm, const std::string& scratch) {
    comm.barrier();
    if (comm.is_root()) {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(scratch, ec))
            std::filesystem::remove_all(e.path(), ec);
    }
    comm.barrier();
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4gs", s);
    return buf;
}

// Why the test is skipped ("" when it is not): the room cannot hold a test of a meaningful size
// (the whole snapshot, or 1 MB of it).
std::string skip_reason(double room, double cap, double total, const AutoTestData& data,
                        std::int64_t max_total_bytes) {
    if (cap >= std::min({double(max_total_bytes), total, 1e6})) return "";
    char b[160];
    std::snprintf(b, sizeof b,
                  "skipped: %.1f MB free beyond the %.1f MB the run's snapshots need; the test "
                  "takes up to half of that",
                  std::max(room, 0.0) / 1e6, data.reserved_bytes / 1e6);
    return b;
}

void make_scratch(const parallel::Comm& comm, const std::string& scratch) {
    std::string error;
    if (comm.is_root()) {
        std::error_code ec;
        std::filesystem::remove_all(scratch, ec);  // a previous test that was killed
        if (!std::filesystem::create_directory(scratch, ec) || ec)
            error = "config:output-mode = auto: cannot create the test directory '" + scratch +
                    "': " + ec.message();
    }
    comm.throw_if_any(error);
}

// One test: what is written, where, and the time it may take.
struct Trial {
    const parallel::Comm& comm;
    const std::string& scratch;
    LocalRecords records;
    double timeout;      // the snapshot write's own limit (s), scaled to the test's bytes
    std::int64_t bytes;  // written per test, all ranks
    double share;        // of the time budget per write (s)
};

// The candidate's time (the best of up to three writes: a single small write is mostly noise;
// repeats stop once one write costs more than its share of the budget), or the note why it has
// none. Adds the time it took to `spent`.
void time_candidate(ModeCandidate& c, const std::string& stem, const SnapshotSection& o,
                    const Trial& t, double& spent) {
    SnapshotSection settings = o;
    settings.mode = c.mode;
    settings.output_nodes = c.nodes;
    settings.auto_mode = settings.auto_nodes = false;
    std::unique_ptr<SnapshotWriter> w;
    try {  // once per run in real use: not timed
        w = make_writer(settings, t.comm);
    } catch (const Error& e) {  // settings this rank count cannot use: the same on every rank
        c.note = std::string("not possible: ") + e.what();
        return;
    }
    double best = -1;
    for (int rep = 0; rep < 3 && c.note.empty(); ++rep) {
        double seconds = 0;
        try {
            t.comm.barrier();
            const double start = wall_seconds();
            const WriteGuard guard(WriteGuard::deadline_for(t.timeout, t.bytes),
                                   "the output test (config:output-mode = auto) writing " +
                                       t.scratch + "/" + stem + " (" + c.label + ")");
            w->write(t.scratch, stem + "-" + std::to_string(rep), t.records);
            seconds = wall_seconds() - start;
        } catch (const Error& e) {  // agreed by the writer: every rank is here
            c.note = std::string("failed: ") + e.what();
        }
        seconds = t.comm.max(seconds);
        clear_scratch(t.comm, t.scratch);
        spent += seconds;
        if (c.note.empty()) best = best < 0 ? seconds : std::min(best, seconds);
        if (seconds > t.share) break;
    }
    if (c.note.empty()) c.seconds = best;
}

std::string summary_of(const AutoChoice& choice, int best, const std::string& skipped,
                       const SnapshotSection& o) {
    std::ostringstream s;
    s << (best >= 0 ? choice.candidates[std::size_t(best)].label : std::string(word_of(o.mode)));
    if (!skipped.empty()) {
        s << "; not tested: " << skipped.substr(std::strlen("skipped: "));
    } else {
        s << "; tested with " << choice.test_bytes << " bytes:";
        for (const ModeCandidate& c : choice.candidates)
            s << " " << c.label << "=" << (c.seconds >= 0 ? seconds_text(c.seconds) : "-");
    }
    return s.str();
}

void print_table(std::FILE* screen, const AutoChoice& choice, int best, bool skipped, double spent,
                 const SnapshotSection& o) {
    std::fprintf(screen,
                 "Output test (config:output-mode/-nodes = auto): %.3g MB per write, the best of "
                 "up to 3 writes per candidate, %.2f s in all\n",
                 double(choice.test_bytes) / 1e6, spent);
    for (std::size_t i = 0; i < choice.candidates.size(); ++i) {
        const ModeCandidate& c = choice.candidates[i];
        if (c.seconds >= 0)
            std::fprintf(screen, "  %-24s %9.4f s %9.1f MB/s%s\n", c.label.c_str(), c.seconds,
                         c.seconds > 0 ? double(choice.test_bytes) / 1e6 / c.seconds : 0.0,
                         int(i) == best ? "   <- chosen" : "");
        else
            std::fprintf(screen, "  %-24s %s\n", c.label.c_str(), c.note.c_str());
    }
    if (best < 0)
        std::fprintf(screen, "  no mode %s; keeping %s\n", skipped ? "was tested" : "could write",
                     word_of(o.mode));
    std::fflush(screen);
}

}  // namespace

std::vector<ModeCandidate> auto_candidates(const SnapshotSection& o, int ranks) {
    std::vector<OutputMode> modes = {o.mode};
    if (o.auto_mode) {  // every mode of the table
        modes.clear();
        for (const WriteMode& m : write_modes())
            modes.push_back(m.mode);
    }
    std::vector<ModeCandidate> out;
    for (const OutputMode m : modes) {
        std::vector<int> counts = {o.output_nodes};
        if (m == OutputMode::file_per_node && o.auto_nodes) {
            counts = {0};  // one group per node
            for (int n = 1; n <= ranks && counts.size() < 6; n *= 2)
                counts.push_back(n);
            if (counts.back() != ranks && counts.size() < 6) counts.push_back(ranks);
        }
        for (const int n : counts) {
            ModeCandidate c;
            c.mode = m;
            c.nodes = n;
            c.label = word_of(m);
            if (write_mode(m).io_groups && (o.auto_nodes ? m == OutputMode::file_per_node : n > 0))
                c.label += ":" + (n > 0 ? std::to_string(n) : std::string("per-node"));
            out.push_back(c);
        }
    }
    return out;
}

int pick_fastest(const std::vector<ModeCandidate>& c) {
    int best = -1;
    for (std::size_t i = 0; i < c.size(); ++i)
        if (c[i].seconds >= 0 && (best < 0 || c[i].seconds < c[std::size_t(best)].seconds))
            best = static_cast<int>(i);
    return best;
}

AutoChoice choose_output(const SnapshotSection& o, const parallel::Comm& comm,
                         const std::string& directory, const AutoTestData& data, std::FILE* screen,
                         std::int64_t max_total_bytes, double budget_seconds) {
    AutoChoice choice;
    choice.candidates = auto_candidates(o, comm.size());
    const std::map<std::string, double> fake = fake_times();

    const double total = double(comm.sum(data.local_records)) * double(data.record_bytes);
    // At most half the room beyond the run's own snapshots: a test must not take the space
    // they need (it used to keep every write, up to 17 snapshots' worth, until its end).
    const double room = room_beyond(comm, directory, data.reserved_bytes);
    const double cap = std::min(double(max_total_bytes), room / 2);
    const std::string skipped = skip_reason(room, cap, total, data, max_total_bytes);

    // Every rank writes the same fraction of its records: the test's pattern is the snapshot's.
    const double fraction = total > 0 ? std::min(1.0, std::max(cap, 0.0) / total) : 1.0;
    const auto records = static_cast<std::int64_t>(double(data.local_records) * fraction);
    const std::vector<char> buffer(static_cast<std::size_t>(records) * data.record_bytes, 0);
    choice.test_bytes = comm.sum(static_cast<std::int64_t>(buffer.size()));

    const std::string scratch = (std::filesystem::path(directory) / scratch_name).string();
    make_scratch(comm, scratch);
    Trial trial{
        comm,         scratch,           {},
        data.timeout, choice.test_bytes, budget_seconds / (3.0 * double(choice.candidates.size()))};
    trial.records.count = records;
    trial.records.record_bytes = data.record_bytes;
    trial.records.bytes = buffer.data();
    trial.records.gid = data.gid;
    trial.records.id_space = data.id_space;
    trial.records.attributes = {{"time", 0.0}};

    double spent = 0;
    for (ModeCandidate& c : choice.candidates) {
        if (!skipped.empty()) {
            c.note = skipped;
            continue;
        }
        if (spent > budget_seconds) {
            c.note = "skipped: the test's time budget is used up";
            continue;
        }
        time_candidate(c, "test-" + std::to_string(&c - choice.candidates.data()), o, trial, spent);
        const auto f = fake.find(c.label);
        if (c.note.empty() && f != fake.end()) c.seconds = f->second;
    }
    if (comm.is_root()) {
        std::error_code ec;
        std::filesystem::remove_all(scratch, ec);
    }
    comm.barrier();

    const int best = pick_fastest(choice.candidates);
    choice.output = o;
    choice.output.auto_mode = choice.output.auto_nodes = false;
    if (best >= 0) {
        choice.output.mode = choice.candidates[std::size_t(best)].mode;
        choice.output.output_nodes = choice.candidates[std::size_t(best)].nodes;
    }
    choice.summary = summary_of(choice, best, skipped, o);
    if (comm.is_root() && screen) print_table(screen, choice, best, !skipped.empty(), spent, o);
    return choice;
}

}  // namespace miniasd
