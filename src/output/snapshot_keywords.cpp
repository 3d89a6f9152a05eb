// The spin snapshots' section (snapshot_section.hpp): the rows of the config: keywords
// (docs/output.md), the checks across them and the warnings about options the chosen mode ignores.
#include <charconv>

#include "input/input_checks.hpp"
#include "input/keyword_rows.hpp"
#include "input/section.hpp"
#include "output/snapshot_section.hpp"
#include "output/write_modes.hpp"

namespace miniasd {

namespace {

using namespace keyword_rows;
using KeywordSpec = Keyword<SnapshotSettings>;
using input_checks::fail;
using input_checks::warn_if_given;

// Whether snapshots are written, and how often.
void add_when_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "config", "atoms", K::flag, D::none, 0, 0, "off",
        "write spin snapshots (every config:atoms-output-rate statistics rows)",
        [](SnapshotSettings& c, const Value&, const Entry&) { c.output.atoms = true; },
        [](const SnapshotSettings& c) { return flag_if(c.output.atoms); }));
    t.push_back(row(
        "config", "atoms-output-rate", K::integer, D::none, 1, big, "1",
        "a snapshot every this many sim:time-steps-increment intervals",
        [](SnapshotSettings& c, const Value& v, const Entry&) {
            c.output.atoms_output_rate = v.integer;
        },
        [](const SnapshotSettings& c) { return whole(c.output.atoms_output_rate); }));
    auto range = [&t](const std::string& branch, const std::string& end,
                      double& (*field)(SnapshotSettings&)) {
        t.push_back(row(
            "config", "field-range-" + branch + "-" + end, K::real, D::field, -1e4, 1e4,
            end == "minimum" ? "-10000 T" : "10000 T",
            "hysteresis-loop, static- and partial-hysteresis-loop: a snapshot due on the " +
                std::string(branch == "descending" ? "descending (field going down)"
                                                   : "ascending (field going up)") +
                " branch is written only at fields within this branch's range (its " + end +
                "; VAMPIRE's)",
            [field](SnapshotSettings& c, const Value& v, const Entry&) { field(c) = v.real; },
            // Described where it is not the default, which only a loop with snapshots takes.
            [field, end](const SnapshotSettings& c) -> std::optional<Value> {
                const double v = field(const_cast<SnapshotSettings&>(c));
                if (v == (end == "minimum" ? -1e4 : 1e4)) return none;
                return number(v);
            }));
    };
    range("descending", "minimum",
          [](SnapshotSettings& c) -> double& { return c.output.descending_min; });
    range("descending", "maximum",
          [](SnapshotSettings& c) -> double& { return c.output.descending_max; });
    range("ascending", "minimum",
          [](SnapshotSettings& c) -> double& { return c.output.ascending_min; });
    range("ascending", "maximum",
          [](SnapshotSettings& c) -> double& { return c.output.ascending_max; });
}

// How they are written: the write mode, the record format, the I/O groups, MPI-IO hints.
void add_mode_rows(std::vector<KeywordSpec>& t) {
    std::string modes;  // the write-mode table's names, VAMPIRE's "legacy" and "auto"
    for (const WriteMode& m : write_modes())
        modes += std::string(m.name) + (m.mode == OutputMode::serial ? "|legacy|" : "|");
    t.push_back(choice(
        "config", "output-mode", modes + "auto", "file-per-node",
        "parallel write method (legacy = serial; auto = the fastest in a start-up test); see "
        "docs/output.md",
        [](SnapshotSettings& c, const Value& v, const Entry&) {
            c.output.auto_mode = v.text == "auto";
            c.output.mode = OutputMode::file_per_node;  // auto's fallback
            for (const WriteMode& m : write_modes())
                if (v.text == m.name || (v.text == "legacy" && m.mode == OutputMode::serial))
                    c.output.mode = m.mode;
        },
        [](const SnapshotSettings& c) {
            return word(c.output.auto_mode ? "auto" : word_of(c.output.mode));
        }));
    t.push_back(choice(
        "config", "output-format", "binary|text", "binary",
        "binary (little-endian) or fixed-width text that reads back exactly",
        [](SnapshotSettings& c, const Value& v, const Entry&) { c.output.text = v.text == "text"; },
        [](const SnapshotSettings& c) { return word(c.output.text ? "text" : "binary"); }));
    t.push_back(choice(
        "config", "output-data-type", "float64|float32", "float64",
        "precision of the written spin components",
        [](SnapshotSettings& c, const Value& v, const Entry&) {
            c.output.single_precision = v.text == "float32";
        },
        [](const SnapshotSettings& c) {
            return word(c.output.single_precision ? "float32" : "float64");
        }));
    t.push_back(row(
        "config", "output-nodes", K::text, D::none, 0, 0, "one per node",
        "I/O groups (file-per-node) or writer ranks (sorted, hdf5), 1 to the rank "
        "count; auto = the fastest count in a start-up test (file-per-node)",
        [](SnapshotSettings& c, const Value& v, const Entry& e) {
            if (v.text == "auto") {
                c.output.auto_nodes = true;
                return;
            }
            long long n = 0;
            const char* end = v.text.data() + v.text.size();
            const auto r = std::from_chars(v.text.data(), end, n);
            if (r.ec != std::errc() || r.ptr != end || n < 1 || n > 10000000)
                entry_error(e,
                            "expected a whole number from 1 to 10000000, or auto; "
                            "got '" +
                                v.text + "'");
            c.output.output_nodes = static_cast<int>(n);
            c.output.auto_nodes = false;
        },
        [](const SnapshotSettings& c) {  // 0: unset, one per node
            return c.output.auto_nodes         ? word("auto")
                   : c.output.output_nodes > 0 ? word(std::to_string(c.output.output_nodes))
                                               : none;
        }));
    t.push_back(row(
        "config", "mpi-io-hints", K::text, D::none, 0, 0, "none",
        "MPI-IO hints, key=value pairs separated by commas (cb_nodes=4,...)",
        [](SnapshotSettings& c, const Value& v, const Entry& e) {
            for (std::size_t start = 0; start <= v.text.size();) {
                std::size_t comma = v.text.find(',', start);
                if (comma == std::string::npos) comma = v.text.size();
                const std::string pair = v.text.substr(start, comma - start);
                const std::size_t eq = pair.find('=');
                if (eq == std::string::npos || eq == 0 || eq + 1 == pair.size())
                    entry_error(e, "hint '" + pair + "' is not key=value");
                start = comma + 1;
            }
            c.output.mpi_io_hints = v.text;
        },
        [](const SnapshotSettings& c) {
            return c.output.mpi_io_hints.empty() ? none : word(c.output.mpi_io_hints);
        }));
}

// Which atoms they hold: the output box and the materials.
void add_selection_rows(std::vector<KeywordSpec>& t) {
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        t.push_back(row(
            "config", "atoms-minimum-" + axis, K::real, D::none, 0, 1, "0",
            "write atoms at or above this fraction of the system size along " + axis,
            [a](SnapshotSettings& c, const Value& v, const Entry&) {
                c.output.box_min[a] = v.real;
            },
            [a](const SnapshotSettings& c) { return number(c.output.box_min[a]); }));
        t.push_back(row(
            "config", "atoms-maximum-" + axis, K::real, D::none, 0, 1, "1",
            "write atoms at or below this fraction of the system size along " + axis,
            [a](SnapshotSettings& c, const Value& v, const Entry&) {
                c.output.box_max[a] = v.real;
            },
            [a](const SnapshotSettings& c) { return number(c.output.box_max[a]); }));
    }
    t.push_back(row(
        "config", "atoms-materials", K::text, D::none, 0, 0, "all",
        "write only these materials: comma-separated indices (1,3)",
        [](SnapshotSettings& c, const Value& v, const Entry& e) {
            c.output.materials.clear();
            for (std::size_t start = 0; start <= v.text.size();) {
                std::size_t comma = v.text.find(',', start);
                if (comma == std::string::npos) comma = v.text.size();
                const std::string item = v.text.substr(start, comma - start);
                int m = 0;
                const auto res = std::from_chars(item.data(), item.data() + item.size(), m);
                if (res.ec != std::errc() || res.ptr != item.data() + item.size() || m < 1 ||
                    m > static_cast<int>(c.materials.size()))
                    entry_error(e, "'" + item + "' is not a material index from 1 to " +
                                       std::to_string(c.materials.size()));
                c.output.materials.push_back(m - 1);
                start = comma + 1;
            }
        },
        [](const SnapshotSettings& c) {
            std::string list;
            for (int m : c.output.materials)
                list += (list.empty() ? "" : ",") + std::to_string(m + 1);
            return list.empty() ? none : word(list);
        }));
}

// The writes themselves: piece size, fsync, the background writer and its timeout.
void add_pipeline_rows(std::vector<KeywordSpec>& t) {
    t.push_back(row(
        "config", "output-piece-size", K::real, D::data_size, 4096, 1073741824.0, "64 MiB",
        "largest single write or sorted batch (at most 1 GiB)",
        [](SnapshotSettings& c, const Value& v, const Entry&) {
            c.output.piece_bytes = static_cast<std::int64_t>(v.real);
        },
        [](const SnapshotSettings& c) { return number(double(c.output.piece_bytes)); }));
    t.push_back(row(
        "config", "output-sync", K::flag, D::none, 0, 0, "off",
        "fsync every data file before its metadata is written",
        [](SnapshotSettings& c, const Value&, const Entry&) { c.output.sync = true; },
        [](const SnapshotSettings& c) { return flag_if(c.output.sync); }));
    t.push_back(choice(
        "config", "output-asynchronous", "true|false", "true",
        "write snapshots in a background thread while the time loop goes on "
        "(needs MPI_THREAD_MULTIPLE; synchronous, with a warning, without it)",
        [](SnapshotSettings& c, const Value& v, const Entry&) {
            c.output.asynchronous = v.text == "true";
        },
        [](const SnapshotSettings& c) { return word(c.output.asynchronous ? "true" : "false"); }));
    t.push_back(row(
        "config", "output-buffers", K::integer, D::none, 1, 64, "1",
        "asynchronous snapshots in flight at most (each holds 24 bytes per written "
        "atom); the loop waits for the oldest when all are busy",
        [](SnapshotSettings& c, const Value& v, const Entry&) {
            c.output.buffers = static_cast<int>(v.integer);
        },
        [](const SnapshotSettings& c) { return whole(c.output.buffers); }));
    t.push_back(row(
        "config", "output-timeout", K::text, D::none, 0, 0, "10m",
        "end the job, naming the file, when a snapshot or checkpoint write has not finished "
        "after this long, or after 1 s per MB written if that is longer (a rank stuck inside "
        "the I/O library would hang the job for ever): 10m, 90s, 1h",
        [](SnapshotSettings& c, const Value& v, const Entry& e) {
            const double s = parse_duration(v.text);
            if (s <= 0)
                entry_error(e, "expected a duration such as 10m, 90s or 1h, not '" + v.text + "'");
            c.output.timeout = s;
        },
        [](const SnapshotSettings& c) { return duration_text(c.output.timeout); }));
}

void add_rows(std::vector<KeywordSpec>& t) {
    add_when_rows(t);
    add_mode_rows(t);
    add_selection_rows(t);
    add_pipeline_rows(t);
}

// HDF5 holds binary records only; the output box is not empty.
void check(SnapshotSettings& c, const Seen& seen, std::vector<std::string>&) {
    if (c.output.mode == OutputMode::hdf5 && c.output.text)
        fail(seen.at("config:output-format"),
             "text records cannot go into HDF5 files: use binary with config:output-mode = hdf5");
    for (int a = 0; a < 3; ++a) {
        const std::string axis(1, "xyz"[a]);
        if (c.output.box_min[a] > c.output.box_max[a]) {
            const Entry* max = given(seen, "config:atoms-maximum-" + axis);
            fail(max ? *max : seen.at("config:atoms-minimum-" + axis),
                 "the output box is empty: config:atoms-minimum-" + axis +
                     " is above config:atoms-maximum-" + axis);
        }
    }
}

// Snapshot options the chosen mode (or no snapshots at all) ignores: a warning each, since an
// accepted keyword should have its effect.
void warn(const SnapshotSettings& c, const Seen& seen, std::vector<std::string>& warnings) {
    auto warn = [&](const char* key, const std::string& why) {
        warn_if_given(seen, warnings, key, why);
    };
    const OutputMode m = c.output.mode;
    const std::string mode = "with config:output-mode = " + std::string(write_mode(m).name);
    if (!c.output.atoms) {
        for (const char* key : {"config:output-mode", "config:output-nodes", "config:mpi-io-hints",
                                "config:atoms-output-rate", "config:output-format",
                                "config:output-asynchronous", "config:output-buffers"})
            warn(key, "without config:atoms (no snapshots are written)");
        return;
    }
    if (c.output.auto_nodes && !c.output.auto_mode && m != OutputMode::file_per_node)
        warn("config:output-nodes", mode + " (= auto tests group counts of file-per-node)");
    if (c.output.auto_mode) {  // every mode is a candidate: each option applies to some
        if (!c.output.asynchronous)
            warn("config:output-buffers", "with config:output-asynchronous = false");
        return;
    }
    if (!write_mode(m).io_groups)
        warn("config:output-nodes", mode +
                                        " (it sets the I/O processes of file-per-node, sorted "
                                        "and hdf5)");
    if (!write_mode(m).mpi_io)
        warn("config:mpi-io-hints", mode + " (it writes with POSIX calls, not MPI-IO)");
    if (!c.output.asynchronous)
        warn("config:output-buffers", "with config:output-asynchronous = false");
}

}  // namespace

SectionOf<SnapshotSettings> snapshot_section() {
    return {"snapshots", add_rows, check, warn};
}

}  // namespace miniasd
