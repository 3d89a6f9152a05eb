#include "inputs.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <map>
#include <set>

#include "output/format/file_io.hpp"
#include "output/format/metadata.hpp"
#include "output/format/reader.hpp"
#include "util/error.hpp"

namespace fs = std::filesystem;

namespace miniasd::convert {

namespace {

// The snapshot number of "<name>-NNNNNNNN.meta", or -1.
std::int64_t snapshot_number(const std::string& stem) {
    const auto dash = stem.rfind('-');
    if (dash == std::string::npos || dash + 1 == stem.size()) return -1;
    std::int64_t n = -1;
    const auto r = std::from_chars(stem.data() + dash + 1, stem.data() + stem.size(), n);
    return r.ec == std::errc() && r.ptr == stem.data() + stem.size() ? n : -1;
}

// Every snapshot of a directory must come from one run (metadata "run-id"; files from before run
// ids have none and are taken with any): a directory holding two runs' snapshots would convert
// as one series with a jump in it. miniasd refuses to start such a mix; older versions, or
// files copied in, can still leave one.
void check_one_run(const std::string& dir, const std::map<std::int64_t, std::string>& numbered,
                   const std::string& coordinates) {
    struct Run {
        std::int64_t first = -1, last = -1, count = 0;
    };
    std::map<std::string, Run> runs;
    auto id_of = [](const std::string& path) {
        std::string id;  // "" also for a damaged file: converting it reports what is wrong
        return peek_run_id(path, id) ? id : std::string();
    };
    for (const auto& [n, p] : numbered) {
        const std::string id = id_of(p);
        if (id.empty()) continue;
        Run& r = runs[id];
        if (r.first < 0) r.first = n;
        r.last = n;
        ++r.count;
    }
    if (const std::string id = id_of(coordinates); !id.empty() && !runs.empty())
        runs[id];  // a run of its own when only the coordinates are of it
    if (runs.size() < 2) return;
    std::string which;
    for (const auto& [id, r] : runs)
        which += "\n  run " + id + ": " +
                 (r.count ? std::to_string(r.count) + " snapshot(s), numbers " +
                                std::to_string(r.first) + "-" + std::to_string(r.last)
                          : std::string("the coordinates"));
    throw Error(dir + ": these snapshots come from " + std::to_string(runs.size()) +
                " runs (metadata run-id):" + which +
                "\nthey would convert as one series; move one run's files to a directory of "
                "their own");
}

}  // namespace

std::string stem_of(const std::string& metadata_path) {
    std::string name = fs::path(metadata_path).filename().string();
    if (name.size() > 5 && name.compare(name.size() - 5, 5, ".meta") == 0)
        name.erase(name.size() - 5);
    return name;
}

InputSet resolve_inputs(const std::string& path, const SnapshotRange& range) {
    InputSet in;
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path + ": no such file or directory");
    if (!fs::is_directory(path, ec)) {
        in.directory = fs::path(path).parent_path().string();
        const SnapshotMetadata m = parse_metadata(read_whole_file(path), path);
        if (m.record == "coordinate") {
            in.coordinates = path;
        } else {
            in.coordinates = index_path(path, m);
            in.snapshots.push_back(path);
        }
        return in;
    }

    in.directory = path;
    in.from_directory = true;
    std::map<std::int64_t, std::string> numbered;  // snapshot number -> metadata path
    std::set<std::string> data_stems, meta_stems;
    std::vector<std::string> others;
    for (const fs::directory_entry& e : fs::directory_iterator(path)) {
        if (!e.is_regular_file()) continue;
        const std::string name = e.path().filename().string();
        const std::string first = name.substr(0, name.find('.'));
        if (name.size() > 4 && name.compare(name.size() - 4, 4, ".tmp") == 0) {
            in.notes.push_back(name +
                               ": an unfinished metadata file (left by a stopped run); "
                               "ignored");
        } else if (name.size() > 5 && name.compare(name.size() - 5, 5, ".meta") == 0) {
            meta_stems.insert(first);
            const std::int64_t n = snapshot_number(first);
            if (n >= 0)
                numbered[n] = e.path().string();
            else
                others.push_back(e.path().string());
        } else if (snapshot_number(first) >= 0 && (name.find(".dat") != std::string::npos ||
                                                   name.find(".h5") != std::string::npos)) {
            data_stems.insert(first);
        }
    }
    for (const std::string& stem : data_stems)
        if (!meta_stems.count(stem))
            in.notes.push_back(stem +
                               ": data files without metadata (a snapshot the run did "
                               "not finish); not converted");
    // The coordinates: the metadata that is not a numbered snapshot.
    for (const std::string& o : others)
        if (stem_of(o) == "coordinates") in.coordinates = o;
    if (in.coordinates.empty() && !numbered.empty())
        in.coordinates = index_path(
            numbered.begin()->second,
            parse_metadata(read_whole_file(numbered.begin()->second), numbered.begin()->second));
    if (in.coordinates.empty()) throw Error(path + ": no miniASD snapshots here (no .meta files)");

    check_one_run(path, numbered, in.coordinates);

    const std::int64_t every = std::max<std::int64_t>(range.every, 1);
    std::int64_t first_kept = -1;
    for (const auto& [n, p] : numbered) {
        if (n < range.first || n > range.last) continue;
        if (first_kept < 0) first_kept = n;
        if ((n - first_kept) % every == 0) in.snapshots.push_back(p);
    }
    if (in.snapshots.empty())
        throw Error(path + ": no snapshot numbered in the range asked for (" +
                    std::to_string(numbered.size()) + " snapshots, numbers " +
                    (numbered.empty() ? std::string("none")
                                      : std::to_string(numbered.begin()->first) + "-" +
                                            std::to_string(numbered.rbegin()->first)) +
                    ")");
    return in;
}

}  // namespace miniasd::convert
