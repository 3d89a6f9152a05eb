#include "output/format/metadata.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>

#include "util/error.hpp"
#include "util/shortest.hpp"

namespace miniasd {

namespace {

std::string vec(const Vec3& v) {
    return shortest(v[0]) + " " + shortest(v[1]) + " " + shortest(v[2]);
}

std::string hex(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
    return buf;
}

[[noreturn]] void bad(const std::string& source, const std::string& what) {
    throw Error("snapshot metadata " + source + ": " + what);
}

std::int64_t to_int(const std::string& s, const std::string& key, const std::string& source) {
    std::int64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        bad(source, "'" + key + "' is not a whole number: '" + s + "'");
    return v;
}

// A finite number: a writer never writes NaN or infinity (a run stops on a non-finite value), so
// one here is corruption, and a reader must not pass it on (a converted file of NaN).
double to_real(const std::string& s, const std::string& key, const std::string& source) {
    double v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        bad(source, "'" + key + "' is not a number: '" + s + "'");
    if (!std::isfinite(v)) bad(source, "'" + key + "' is not finite: '" + s + "'");
    return v;
}

std::uint64_t to_hex(const std::string& s, const std::string& key, const std::string& source) {
    std::uint64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v, 16);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size())
        bad(source, "'" + key + "' is not a hexadecimal number: '" + s + "'");
    return v;
}

Vec3 to_vec(const std::string& s, const std::string& key, const std::string& source) {
    std::istringstream in(s);
    std::string a, b, c, extra;
    if (!(in >> a >> b >> c) || (in >> extra)) bad(source, "'" + key + "' needs three numbers");
    return {to_real(a, key, source), to_real(b, key, source), to_real(c, key, source)};
}

}  // namespace

std::string snapshot_stem(const std::string& name, std::int64_t snapshot) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "-%08lld", static_cast<long long>(snapshot));
    return name + buf;
}

std::string format_metadata(const SnapshotMetadata& m) {
    std::ostringstream o;
    o << "# miniASD snapshot metadata: data files hold raw records only; this file describes "
         "them.\n"
      << "format = miniasd-snapshot\n"
      << "format-version = " << metadata_major_version << "." << metadata_minor_version << "\n"
      << "writer-version = " << m.writer_version << "\n"
      << "kind = " << m.kind << "\n";
    if (!m.run_id.empty()) o << "run-id = " << m.run_id << "\n";
    o << "snapshot = " << m.snapshot << "\n"
      << "step = " << m.step << "\n"
      << "time = " << shortest(m.time) << "  # s\n"
      << "dt = " << shortest(m.dt) << "  # s\n"
      << "temperature = " << shortest(m.temperature) << "  # K\n"
      << "field = " << vec(m.field) << "  # T\n"
      << "magnetisation = " << vec(m.magnetisation) << "  # normalised\n"
      << "mode = " << m.mode << "\n"
      << "ordering = " << m.ordering << "\n"
      << "record = " << m.record << "\n"
      << "dtype = " << word_of(m.format.dtype) << "\n"
      << "endianness = little\n"
      << "encoding = " << word_of(m.format.encoding) << "\n"
      << "record-bytes = " << m.format.record_bytes() << "\n"
      << "atoms = " << m.atoms << "\n"
      << "ranks = " << m.ranks << "\n"
      << "io-groups = " << m.io_groups << "\n"
      << "index = " << m.index << "\n"
      << "content-hash = " << hex(m.content_hash) << "\n";
    o << "box = " << vec(m.box) << "  # A\n"
      << "periodic = " << m.periodic[0] << " " << m.periodic[1] << " " << m.periodic[2] << "\n"
      << "materials =";
    for (const std::string& name : m.material_names)
        o << " " << name;
    o << "\nmoments =";
    for (double mu : m.material_moments)
        o << " " << shortest(mu);
    o << "  # muB per material\n";
    o << "elements =";
    for (const std::string& e : m.material_elements)
        o << " " << e;
    o << "\n";
    for (const auto& [key, value] : m.extra)
        o << key << " = " << value << "\n";
    o << "pieces = " << m.pieces.size() << "\n"
      << "# piece = file first-record count byte-offset byte-length checksum first-gid\n";
    for (const FilePiece& p : m.pieces)
        o << "piece = " << p.file << " " << p.first_record << " " << p.count << " " << p.offset
          << " " << p.length << " " << hex(p.checksum) << " " << p.first_gid << "\n";
    return o.str();
}

namespace {

// Calls f(key, value) for every "key = value" line of metadata text, comments dropped and blanks
// trimmed; Error naming `source` for a line that is neither.
template <class F>
void for_each_entry(const std::string& text, const std::string& source, F&& f) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        const auto eq = line.find('=');
        if (eq == std::string::npos) {
            if (line.find_first_not_of(" \t\r") != std::string::npos)
                bad(source, "malformed line '" + line + "'");
            continue;
        }
        auto trim = [](const std::string& s) {
            const auto a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
            return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
        };
        f(trim(line.substr(0, eq)), trim(line.substr(eq + 1)));
    }
}

}  // namespace

bool peek_run_id(const std::string& path, std::string& id) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return false;
    char head[1024];
    const std::size_t n = std::fread(head, 1, sizeof head, f);
    std::fclose(f);
    std::string text(head, n);
    text.erase(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);  // whole lines
    bool ours = false;
    id.clear();
    try {
        for_each_entry(text, path, [&](const std::string& key, const std::string& value) {
            if (key == "format") ours = value == "miniasd-snapshot";
            if (key == "run-id") id = value;
        });
    } catch (const Error&) {
        return false;
    }
    return ours;
}

namespace {

// The optional per-material lists: names, chemical symbols, moments (J/T).
void read_materials(std::map<std::string, std::string>& kv, const std::string& source,
                    SnapshotMetadata& m) {
    if (kv.count("materials")) {
        std::istringstream names(kv["materials"]);
        for (std::string name; names >> name;)
            m.material_names.push_back(name);
    }
    if (kv.count("elements")) {
        std::istringstream symbols(kv["elements"]);
        for (std::string e; symbols >> e;)
            m.material_elements.push_back(e);
    }
    if (kv.count("moments")) {
        std::istringstream values(kv["moments"]);
        for (std::string v; values >> v;)
            m.material_moments.push_back(to_real(v, "moments", source));
    }
}

// One piece line: file, first record, count, offset, length, checksum, first global id.
FilePiece parse_piece(const std::string& p, const std::string& source) {
    std::istringstream f(p);
    FilePiece fp;
    std::string first, count, offset, length, sum, gid, extra;
    if (!(f >> fp.file >> first >> count >> offset >> length >> sum >> gid) || (f >> extra))
        bad(source, "malformed piece '" + p + "'");
    fp.first_record = to_int(first, "piece", source);
    fp.count = to_int(count, "piece", source);
    fp.offset = to_int(offset, "piece", source);
    fp.length = to_int(length, "piece", source);
    fp.checksum = to_hex(sum, "piece", source);
    fp.first_gid = to_int(gid, "piece", source);
    // (first-gid is -1 for an empty piece.)
    if (fp.first_record < 0 || fp.count < 0 || fp.offset < 0 || fp.length < 0 || fp.first_gid < -1)
        bad(source, "piece '" + p + "' has a negative record, count, offset, length or id");
    return fp;
}

}  // namespace

SnapshotMetadata parse_metadata(const std::string& text, const std::string& source) {
    std::map<std::string, std::string> kv;
    std::vector<std::string> pieces;
    for_each_entry(text, source, [&](const std::string& key, const std::string& value) {
        if (key == "piece")
            pieces.push_back(value);
        else
            kv[key] = value;
    });
    auto get = [&](const std::string& key) -> const std::string& {
        const auto it = kv.find(key);
        if (it == kv.end()) bad(source, "missing '" + key + "'");
        return it->second;
    };
    if (get("format") != "miniasd-snapshot") bad(source, "not a miniASD snapshot metadata file");
    const std::string& version = get("format-version");
    const int major =
        static_cast<int>(to_int(version.substr(0, version.find('.')), "format-version", source));
    if (major != metadata_major_version)
        bad(source, "format version " + version + " is not supported (this reader reads " +
                        std::to_string(metadata_major_version) + ".x)");
    SnapshotMetadata m;
    m.kind = get("kind");
    if (kv.count("run-id")) m.run_id = kv["run-id"];
    m.writer_version = get("writer-version");
    m.snapshot = to_int(get("snapshot"), "snapshot", source);
    m.step = to_int(get("step"), "step", source);
    m.time = to_real(get("time"), "time", source);
    m.dt = to_real(get("dt"), "dt", source);
    m.temperature = to_real(get("temperature"), "temperature", source);
    m.field = to_vec(get("field"), "field", source);
    m.magnetisation = to_vec(get("magnetisation"), "magnetisation", source);
    m.mode = get("mode");
    m.ordering = get("ordering");
    m.record = get("record");
    const std::string& dtype = get("dtype");
    if (dtype != "float64" && dtype != "float32") bad(source, "unknown dtype '" + dtype + "'");
    m.format.dtype = dtype == "float32" ? DType::float32 : DType::float64;
    const std::string& enc = get("encoding");
    if (enc != "binary" && enc != "text") bad(source, "unknown encoding '" + enc + "'");
    m.format.encoding = enc == "text" ? Encoding::text : Encoding::binary;
    if (get("endianness") != "little") bad(source, "only little-endian data is supported");
    m.atoms = to_int(get("atoms"), "atoms", source);
    if (m.atoms < 0) bad(source, "'atoms' is negative: " + std::to_string(m.atoms));
    const std::int64_t ranks = to_int(get("ranks"), "ranks", source),
                       groups = to_int(get("io-groups"), "io-groups", source);
    if (ranks < 1 || ranks > INT_MAX || groups < 0 || groups > ranks)
        bad(source, "'ranks' (" + std::to_string(ranks) + ") and 'io-groups' (" +
                        std::to_string(groups) + ") must be 1 <= ranks and io-groups <= ranks");
    m.ranks = static_cast<int>(ranks);
    m.io_groups = static_cast<int>(groups);
    if (m.dt < 0 || m.temperature < 0) bad(source, "'dt' and 'temperature' must not be negative");
    m.index = kv.count("index") ? kv["index"] : "";
    m.content_hash = to_hex(get("content-hash"), "content-hash", source);
    if (kv.count("box")) m.box = to_vec(kv["box"], "box", source);
    if (m.box[0] < 0 || m.box[1] < 0 || m.box[2] < 0) bad(source, "'box' has a negative edge");
    if (kv.count("periodic")) {
        const Vec3 p = to_vec(kv["periodic"], "periodic", source);
        for (int a = 0; a < 3; ++a)
            m.periodic[a] = p[a] != 0;
    }
    read_materials(kv, source, m);
    for (const auto& [key, value] : kv)
        if (key.rfind("hdf5-", 0) == 0) m.extra.emplace_back(key, value);
    const std::int64_t declared = to_int(get("pieces"), "pieces", source);
    if (declared != static_cast<std::int64_t>(pieces.size()))
        bad(source, "declares " + std::to_string(declared) + " pieces but lists " +
                        std::to_string(pieces.size()));
    for (const std::string& p : pieces)
        m.pieces.push_back(parse_piece(p, source));
    return m;
}

void write_file_atomically(const std::string& path, const std::string& text, bool sync) {
    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) throw LocalError("cannot create " + tmp + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            ::unlink(tmp.c_str());
            throw LocalError("writing " + tmp + " failed: " + std::strerror(err));
        }
        done += static_cast<std::size_t>(n);
    }
    if ((sync && ::fsync(fd) != 0) || ::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw LocalError("finishing " + tmp + " failed: " + std::strerror(err));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        throw LocalError("renaming " + tmp + " to " + path + " failed: " + std::strerror(err));
    }
}

}  // namespace miniasd
