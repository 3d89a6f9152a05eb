#include "output/pipeline/run_directory.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "output/format/file_io.hpp"
#include "output/format/metadata.hpp"
#include "util/error.hpp"

namespace fs = std::filesystem;

namespace miniasd {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

std::vector<std::string> other_runs_snapshots(const std::string& directory,
                                              const std::string& run_id, bool accept_unnamed) {
    std::vector<std::string> found;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(directory, ec)) {
        const std::string name = e.path().filename().string();
        if (!ends_with(name, ".meta") || !e.is_regular_file(ec)) continue;
        std::string id;
        if (!peek_run_id(e.path().string(), id)) continue;  // not ours
        if (id == run_id || (id.empty() && accept_unnamed)) continue;
        found.push_back(name);
    }
    std::sort(found.begin(), found.end());
    return found;
}

std::size_t remove_snapshots(const std::string& directory, const std::vector<std::string>& metas) {
    std::size_t removed = 0;
    auto remove = [&](const std::string& name) {
        // Only plain names in this directory: a damaged piece table must not reach elsewhere.
        if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
            return;
        const std::string path = join_path(directory, name);
        std::error_code ec;
        if (fs::remove(path, ec)) ++removed;
        if (ec) throw LocalError("cannot delete " + path + ": " + ec.message());
    };
    for (const std::string& meta : metas) {
        const std::string path = join_path(directory, meta);
        std::set<std::string> data;
        try {
            for (const FilePiece& p : parse_metadata(read_whole_file(path), path).pieces)
                data.insert(p.file);
        } catch (const std::exception&) {
        }
        remove(meta);  // first: from here on the snapshot no longer exists for any reader
        for (const std::string& d : data)
            remove(d);
        remove(meta.substr(0, meta.size() - 5) + ".xmf");
    }
    return removed;
}

void claim_run_directory(const parallel::Comm& comm, const std::string& directory,
                         const std::string& run_id, bool accept_unnamed, bool overwrite,
                         std::FILE* screen) {
    int status = 0;
    std::string why;
    if (comm.is_root()) {
        try {
            const std::vector<std::string> others =
                other_runs_snapshots(directory, run_id, accept_unnamed);
            if (!others.empty() && overwrite) {
                const std::size_t files = remove_snapshots(directory, others);
                if (screen)
                    std::fprintf(screen,
                                 "--overwrite: deleted %zu snapshot(s) of another run in %s "
                                 "(%zu files)\n",
                                 others.size(), directory.c_str(), files);
            } else if (!others.empty()) {
                // Name the runs by id, with how many snapshots each left.
                std::map<std::string, int> runs;
                for (const std::string& meta : others) {
                    std::string id;
                    if (peek_run_id(join_path(directory, meta), id)) ++runs[id];
                }
                std::string which;
                for (const auto& [id, n] : runs)
                    which += std::string(which.empty() ? "" : ", ") + std::to_string(n) +
                             " of run " + (id.empty() ? "(no id: an older miniasd)" : id);
                status = 1;
                why = "the output directory '" + directory + "' holds " +
                      std::to_string(others.size()) +
                      " snapshot metadata file(s) of another run (" + which + "; " +
                      others.front() + (others.size() > 1 ? " ... " + others.back() : "") +
                      "); a new run there would mix its snapshots with them. Write to another "
                      "directory (-o), continue that run (sim:load-checkpoint = continue), or "
                      "give --overwrite to delete them";
            }
        } catch (const std::exception& e) {
            status = 1;
            why = e.what();
        }
    }
    comm.broadcast(status, why);
    if (status != 0) throw Error(why);
}

}  // namespace miniasd
