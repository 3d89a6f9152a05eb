#include "output/format/spin_file.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "output/format/ovf_reader.hpp"
#include "output/format/reader.hpp"
#include "util/binning.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

std::string lower(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// OVF 2.0 (output/format/ovf_reader.hpp), read strictly.
SpinSource read_ovf(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error("cannot read the initial spin file '" + path + "'");
    const std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    OvfGrid g = parse_ovf(all, path);
    SpinSource s;
    s.path = path;
    s.grid = true;
    s.base = g.base;
    s.step = g.step;
    s.nodes = g.nodes;
    s.spins = std::move(g.values);
    return s;
}

// The number in `name` between `prefix` and `suffix` ("spins-00000042.meta" -> 42), or -1.
std::int64_t numbered(const std::string& name, const std::string& prefix,
                      const std::string& suffix) {
    if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
        !ends_with(name, suffix))
        return -1;
    const std::string digits =
        name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    if (digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos)
        return -1;
    return std::stoll(digits);
}

// What a directory given as the spin file means: a checkpoint (it holds run-state), a directory
// of checkpoints (the newest complete one), or a run's output directory (its newest complete
// spin snapshot; a snapshot is complete when its metadata exists). The snapshot's metadata path;
// `note` says which was taken when there was a choice. Error when it holds none of them.
std::string snapshot_in_directory(const std::string& path, std::string& note) {
    namespace fs = std::filesystem;
    if (fs::exists(fs::path(path) / "run-state"))
        return (fs::path(path) / "spins-00000000.meta").string();
    std::int64_t newest_checkpoint = -1, newest_snapshot = -1, snapshots = 0;
    std::string checkpoint, snapshot;
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(path, ec)) {
        const std::string name = e.path().filename().string();
        const std::int64_t c = numbered(name, "checkpoint-", "");
        if (c > newest_checkpoint && fs::exists(e.path() / "run-state")) {
            newest_checkpoint = c;
            checkpoint = e.path().string();
        }
        const std::int64_t n = numbered(name, "spins-", ".meta");
        if (n < 0) continue;
        ++snapshots;
        if (n > newest_snapshot) {
            newest_snapshot = n;
            snapshot = e.path().string();
        }
    }
    if (newest_snapshot >= 0) {
        note = "the directory '" + path + "' holds " + std::to_string(snapshots) +
               " spin snapshot(s): the newest, " + fs::path(snapshot).filename().string() +
               ", was taken (name a .meta file to take another)";
        return snapshot;
    }
    if (newest_checkpoint >= 0) {
        note = "the directory '" + path + "' holds checkpoints: the newest, " +
               fs::path(checkpoint).filename().string() + ", was taken";
        return (fs::path(checkpoint) / "spins-00000000.meta").string();
    }
    // A run's output directory without snapshots: its checkpoints, in the default
    // config:checkpoint-directory.
    if (fs::is_directory(fs::path(path) / "checkpoints", ec)) {
        const std::string inner = (fs::path(path) / "checkpoints").string();
        try {
            return snapshot_in_directory(inner, note);
        } catch (const Error&) {  // none there either: the refusal below
        }
    }
    throw Error("the initial spin file '" + path +
                "' is a directory that holds no checkpoint (a run-state file), no checkpoint-* "
                "directory and no spin snapshot (spins-*.meta)");
}

// A spin snapshot (its .meta) or a directory holding one, with the positions of its atoms.
SpinSource read_run_snapshot(const std::string& path) {
    std::string meta = path, note;
    if (std::filesystem::is_directory(path)) meta = snapshot_in_directory(path, note);
    const SnapshotData spins = read_snapshot(meta);
    if (spins.meta.kind != "spins")
        throw Error("the initial spin file '" + path + "' is a coordinates snapshot, not spins");
    const RunReader run(index_path(meta, spins.meta));
    const SnapshotData& at = run.coordinates();
    SpinSource s;
    s.path = path;
    s.note = note;
    std::size_t k = 0;
    for (std::size_t i = 0; i < spins.gid.size(); ++i) {
        while (k < at.gid.size() && at.gid[k] < spins.gid[i])
            ++k;
        if (k == at.gid.size() || at.gid[k] != spins.gid[i])
            throw Error("the initial spin file '" + path + "': atom " +
                        std::to_string(spins.gid[i]) + " has no coordinates");
        for (int a = 0; a < 3; ++a) {
            s.positions.push_back(at.values[3 * k + std::size_t(a)] * 1e-10);  // A -> m
            s.spins.push_back(spins.values[3 * i + std::size_t(a)]);
        }
    }
    return s;
}

struct Key {
    std::int64_t x, y, z;
    bool operator==(const Key& o) const { return x == o.x && y == o.y && z == o.z; }
};
struct KeyHash {
    std::size_t operator()(const Key& k) const {
        return std::hash<std::int64_t>()(k.x * 73856093 ^ k.y * 19349663 ^ k.z * 83492791);
    }
};
constexpr double tolerance = 1e-13;  // m: 1e-3 A

// A position or size in A for a message, to 6 digits (the matching tolerance is 1e-3 A).
std::string a6(double metres) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", metres * 1e10);
    return b;
}

std::string where(const Vec3& r) {
    return "(" + a6(r[0]) + ", " + a6(r[1]) + ", " + a6(r[2]) + ") A";
}

}  // namespace

SpinSource read_spin_source(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
        throw Error("the initial spin file '" + path +
                    "' does not exist (sim:initial-spin-file; a relative path is taken from the "
                    "input file's directory)");
    const std::string l = lower(path);
    if (ends_with(l, ".ovf") || ends_with(l, ".omf")) return read_ovf(path);
    if (ends_with(l, ".meta") || std::filesystem::is_directory(path))
        return read_run_snapshot(path);
    throw Error("the initial spin file '" + path +
                "': expected an OVF 2.0 file (.ovf, .omf), a spin snapshot's .meta file or a "
                "checkpoint's directory");
}

std::string spins_from_source(const SpinSource& src, const Lattice& l, const LocalSystem& sys,
                              Spins& s, std::string& note) {
    const std::int64_t n = sys.n_owned;
    auto set = [&](std::int64_t i, double x, double y, double z) -> bool {
        Vec3 v{x, y, z};
        if (!normalise(v)) return false;
        s.x[std::size_t(i)] = v[0];
        s.y[std::size_t(i)] = v[1];
        s.z[std::size_t(i)] = v[2];
        return true;
    };
    if (src.grid) {
        for (int a = 0; a < 3; ++a) {
            const double spacing = l.cell_size[std::size_t(a)];
            if (src.step[std::size_t(a)] > spacing * (1 + 1e-6) && note.empty())
                note = "the file's cells (" + a6(src.step[0]) + " x " + a6(src.step[1]) + " x " +
                       a6(src.step[2]) +
                       " A) are coarser than the unit cell: the atoms of a cell take its spin";
        }
        for (std::int64_t i = 0; i < n; ++i) {
            const Vec3 r = l.position(sys.gid[std::size_t(i)]);
            std::int64_t c[3];
            bool inside = true;
            for (int a = 0; a < 3; ++a) {
                // Cell a starts half a step below its centre, base + a step (metres).
                const double step = src.step[std::size_t(a)];
                c[a] = bin_index(r[std::size_t(a)] - src.base[std::size_t(a)] + 0.5 * step, step,
                                 1e-10);
                inside = inside && c[a] >= 0 && c[a] < src.nodes[std::size_t(a)];
            }
            if (!inside)
                return "atom " + std::to_string(sys.gid[std::size_t(i)]) + " at " + where(r) +
                       " lies outside the file's " + std::to_string(src.nodes[0]) + " x " +
                       std::to_string(src.nodes[1]) + " x " + std::to_string(src.nodes[2]) +
                       " cells of " + a6(src.step[0]) + " x " + a6(src.step[1]) + " x " +
                       a6(src.step[2]) + " A (the lattice is " + std::to_string(l.cells[0]) +
                       " x " + std::to_string(l.cells[1]) + " x " + std::to_string(l.cells[2]) +
                       " unit cells)";
            const std::size_t k =
                std::size_t(3 * ((c[2] * src.nodes[1] + c[1]) * src.nodes[0] + c[0]));
            if (!set(i, src.spins[k], src.spins[k + 1], src.spins[k + 2]))
                return "atom " + std::to_string(sys.gid[std::size_t(i)]) + " at " + where(r) +
                       " lies in cell (" + std::to_string(c[0]) + ", " + std::to_string(c[1]) +
                       ", " + std::to_string(c[2]) + "), which holds no magnetisation";
        }
        return "";
    }
    std::unordered_map<Key, std::size_t, KeyHash> index;
    const std::size_t atoms = src.positions.size() / 3;
    auto key = [](const double* r, int dx, int dy, int dz) {
        return Key{std::llround(r[0] / tolerance) + dx, std::llround(r[1] / tolerance) + dy,
                   std::llround(r[2] / tolerance) + dz};
    };
    for (std::size_t k = 0; k < atoms; ++k)
        index.emplace(key(&src.positions[3 * k], 0, 0, 0), k);
    for (std::int64_t i = 0; i < n; ++i) {
        const Vec3 r = l.position(sys.gid[std::size_t(i)]);
        const double p[3] = {r[0], r[1], r[2]};
        std::size_t found = atoms;
        for (int d = 0; d < 27 && found == atoms; ++d) {
            const auto it = index.find(key(p, d % 3 - 1, d / 3 % 3 - 1, d / 9 - 1));
            if (it == index.end()) continue;
            const double* q = &src.positions[3 * it->second];
            if (std::abs(q[0] - p[0]) <= tolerance && std::abs(q[1] - p[1]) <= tolerance &&
                std::abs(q[2] - p[2]) <= tolerance)
                found = it->second;
        }
        if (found == atoms)
            return "atom " + std::to_string(sys.gid[std::size_t(i)]) + " at " + where(r) +
                   " has no atom of the file within 1e-3 A (the file holds " +
                   std::to_string(atoms) + " atoms, the lattice " + std::to_string(l.atoms()) + ")";
        if (!set(i, src.spins[3 * found], src.spins[3 * found + 1], src.spins[3 * found + 2]))
            return "the file's atom at " + where(r) + " has no finite, nonzero spin";
    }
    return "";
}

std::string SpinSource::to_bytes() const {
    std::string b;
    auto put = [&b](const void* p, std::size_t size) {
        b.append(static_cast<const char*>(p), size);
    };
    const std::int64_t sizes[3] = {std::int64_t(path.size()), std::int64_t(positions.size()),
                                   std::int64_t(spins.size())};
    const char g = grid ? 1 : 0;
    put(sizes, sizeof sizes);
    put(&g, 1);
    put(path.data(), path.size());
    put(positions.data(), positions.size() * sizeof(double));
    put(spins.data(), spins.size() * sizeof(double));
    put(base.data(), sizeof(double) * 3);
    put(step.data(), sizeof(double) * 3);
    put(nodes.data(), sizeof(std::int64_t) * 3);
    return b;
}

SpinSource SpinSource::from_bytes(const std::string& b) {
    SpinSource s;
    std::size_t at = 0;
    auto get = [&](void* p, std::size_t size) {
        if (size == 0) return;  // an empty array's data() may be null: no memcpy from it
        if (at + size > b.size()) throw Error("internal error: a spin source's bytes are short");
        std::memcpy(p, b.data() + at, size);
        at += size;
    };
    std::int64_t sizes[3];
    char g = 0;
    get(sizes, sizeof sizes);
    get(&g, 1);
    s.grid = g != 0;
    s.path.resize(std::size_t(sizes[0]));
    s.positions.resize(std::size_t(sizes[1]));
    s.spins.resize(std::size_t(sizes[2]));
    get(s.path.data(), s.path.size());
    get(s.positions.data(), s.positions.size() * sizeof(double));
    get(s.spins.data(), s.spins.size() * sizeof(double));
    get(s.base.data(), sizeof(double) * 3);
    get(s.step.data(), sizeof(double) * 3);
    get(s.nodes.data(), sizeof(std::int64_t) * 3);
    return s;
}

}  // namespace miniasd
