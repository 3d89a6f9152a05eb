// VAMPIRE's field-sweep program reads its sweep from a file named `field-sweep` (beside the input
// file): one segment per line, "H_start H_end increment steps" (fields in T along
// sim:applied-field-unit-vector, steps per field), '#' lines and blank lines skipped, the
// segments run in the file's order. Read on rank 0 and broadcast with the input (parser.cpp),
// parsed here on every rank from the same text; every mistake names the file and line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace miniasd {

struct FieldSweepSegment {
    double start = 0, end = 0;  // T
    double increment = 0;       // T, > 0 (its sign in the file is ignored, as VAMPIRE's)
    std::int64_t steps = 0;     // time steps at each field
    int line = 0;               // in the file, for messages
    bool operator==(const FieldSweepSegment& o) const {
        return start == o.start && end == o.end && increment == o.increment && steps == o.steps;
    }
};

struct FieldSweepFile {
    std::string path;  // as resolved against the input file's directory; "" = none read
    std::vector<FieldSweepSegment> segments;
    bool given() const { return !path.empty(); }
    bool operator==(const FieldSweepFile& o) const {
        return path == o.path && segments == o.segments;
    }
};

// The file's segments; throws InputError (or InputErrors, one per bad line) naming file and line.
FieldSweepFile parse_field_sweep_file(const std::string& text, const std::string& path);

// A segment's fields in VAMPIRE's order: start, start + increment, ... up to and including the
// first field at or beyond the end (VAMPIRE stops after the field that reaches or passes it, so
// a span that is not a whole number of increments ends one increment past the end). Fields are
// start + k increment (not a running sum: 0.1 ten times is 0.9999999999999999), with the same
// 1e-9-increment tolerance as the loops' sweeps; a segment with start = end is one field.
std::vector<double> field_sweep_points(const FieldSweepSegment& s);

// The steps a field sweep runs: each segment's fields times its steps, and `equilibration` steps
// before each segment (as a double: a check against a limit must not overflow).
double field_sweep_steps(const FieldSweepFile& f, std::int64_t equilibration);

// The file's contents as a digest for the checkpoint's fingerprint (a changed file refuses a
// continued run, like a changed unit-cell file).
std::uint64_t digest(const FieldSweepFile& f);

}  // namespace miniasd
