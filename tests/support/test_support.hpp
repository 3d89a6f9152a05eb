// Helpers shared by the tests: configurations from inline text, quiet run options, and the whole
// spin state gathered in global-id order for bitwise comparisons.
#pragma once

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "input/line_parser.hpp"
#include "run/config/config.hpp"
#include "run/config/parser.hpp"
#include "run/programs/program.hpp"
#include "run/simulation.hpp"
#include "util/error.hpp"

namespace miniasd::test {

// A configuration from the text of one input file (material keywords inline).
inline Config config_from_text(const std::string& text, const std::string& file = "test-input") {
    return build_config(split_lines(text, file), file);
}

// The message an input text is refused with (every mistake found), or "" when it is accepted.
inline std::string input_refusal(const std::string& text) {
    try {
        config_from_text(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// A configuration from an input text and the files it names (a unit-cell file), by path, read
// from memory as read_config reads files.
inline Config config_from_files(const std::string& text,
                                const std::vector<std::pair<std::string, std::string>>& files,
                                const std::string& file = "test-input") {
    return read_config(file, [&](const std::string& path) {
        if (path == file) return LoadResult{true, text, ""};
        for (const auto& [name, contents] : files)
            if (path == name) return LoadResult{true, contents, ""};
        return LoadResult{false, "", "No such file or directory"};
    });
}

// The whole text of a file ("" when it cannot be read): the bench inputs and stored outputs.
inline std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The rows of numbers of a text table (a statistics file, VAMPIRE's output), '#' lines left out.
inline std::vector<std::vector<double>> rows_of(const std::string& text) {
    std::vector<std::vector<double>> rows;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::vector<double> row;
        for (double x; words >> x;)
            row.push_back(x);
        rows.push_back(row);
    }
    return rows;
}

// No files, no screen output, no progress lines.
inline RunOptions quiet_options() {
    RunOptions o;
    o.write_files = false;
    o.progress = false;
    o.screen = nullptr;
    return o;
}

// Collective over the simulation's ranks: every spin component in global-id order,
// x0 y0 z0 x1 y1 z1 ... (ids ascending; a particle cut leaves gaps in the ids), delivered to every
// rank.
inline std::vector<double> gather_spins(const Simulation& sim) {
    const LocalSystem& sys = sim.system();
    std::vector<std::int64_t> ids(sys.gid.begin(), sys.gid.begin() + sys.n_owned);
    std::vector<double> values;
    for (std::int64_t i = 0; i < sys.n_owned; ++i)
        for (const std::vector<double>* c : {&sim.spins().x, &sim.spins().y, &sim.spins().z})
            values.push_back((*c)[i]);
    const std::vector<std::int64_t> all_ids = sim.comm().all_gather(ids);
    const std::vector<double> all_values = sim.comm().all_gather(values);
    std::vector<std::size_t> order(all_ids.size());
    for (std::size_t k = 0; k < order.size(); ++k)
        order[k] = k;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return all_ids[a] < all_ids[b]; });
    std::vector<double> out;
    out.reserve(all_values.size());
    for (std::size_t k : order)
        for (int c = 0; c < 3; ++c)
            out.push_back(all_values[3 * k + c]);
    return out;
}

// The last statistics sample's series, the accumulated moments of every series and the total
// moment: what a bitwise comparison of two runs' statistics compares (exact sums make them
// independent of the decomposition and of the device).
inline std::vector<double> statistics_of(const Simulation& sim) {
    std::vector<double> out = sample_series(sim.last_sample(), sim.state().field_direction);
    const Accumulator& acc = sim.state().accumulator;
    for (std::size_t k = 0; k < acc.series(); ++k) {
        const Moments m = acc.total(k);
        out.insert(out.end(), {m.n, m.s1, m.s2, m.s4});
    }
    out.push_back(sim.total_moment());
    return out;
}

// Collective over the world. Runs the input's program on the first `ranks` ranks of the world
// with `threads` OpenMP threads and calls f(sim) there; the other ranks wait at a barrier.
// Returns the message of an Error thrown on those ranks ("" when none): catching it keeps the
// waiting ranks from hanging.
template <typename F>
std::string run_on_first_ranks(int ranks, int threads, const Config& config, F&& f) {
    const parallel::Comm world = parallel::Comm::world();
    const parallel::Comm sub = world.split(world.rank() < ranks ? 0 : -1, world.rank());
    std::string error;
    if (sub.valid()) {
        omp_set_num_threads(threads);
        try {
            Simulation sim(sub, config, quiet_options());
            run_program(sim);
            f(sim);
        } catch (const Error& e) {
            error = e.what();
        }
    }
    world.barrier();
    return error;
}
template <typename F>
std::string run_on_first_ranks(int ranks, int threads, const std::string& input, F&& f) {
    return run_on_first_ranks(ranks, threads, config_from_text(input), std::forward<F>(f));
}

}  // namespace miniasd::test
