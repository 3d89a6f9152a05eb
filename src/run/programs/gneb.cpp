// sim:program = gneb: the chain (Simulation::gneb), then its energy path in two files and the
// barriers on the screen.
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "util/error.hpp"

namespace miniasd {

namespace {

void write_file(const ProgramHost& sim, const char* name, const EnergyPath& p, bool interpolated) {
    const Config& c = sim.config();
    std::string path;
    std::FILE* out = sim.open_output_file(name, path);
    if (!out) return;
    if (interpolated)
        write_interpolated_path(out, p, c.columns.energy_unit, int(c.gneb.interpolations));
    else
        write_energy_path(out, p, c.columns.energy_unit);
    const bool failed = std::fflush(out) != 0 || std::ferror(out);
    std::fclose(out);
    if (failed) throw LocalError("writing the energy path '" + path + "' failed");
}

}  // namespace

void GnebProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    sim.plan_rows(c.gneb.images);
    path_ = sim.gneb();
    write_file(sim, "energy-path", path_, false);
    write_file(sim, "energy-path-interpolated", path_, true);
    if (std::FILE* screen = sim.screen()) {
        const double j = joules_per(c.columns.energy_unit);
        const char* unit = word_of(energy_unit_words, c.columns.energy_unit);
        std::fprintf(screen,
                     "GNEB %s after %lld iterations: largest force %.4g T (tolerance %.4g T)\n",
                     path_.converged ? "converged" : "did NOT converge",
                     static_cast<long long>(path_.iterations), path_.force, c.gneb.tolerance);
        std::fprintf(screen,
                     "Energy barrier: %.10g %s forward (image %zu, %s, above image 0), %.10g %s "
                     "backward (above image %zu)\n",
                     path_.barrier_forward() / j, unit, path_.highest(),
                     path_.type[path_.highest()].c_str(), path_.barrier_backward() / j, unit,
                     path_.energy.size() - 1);
    }
    if (!path_.stopped.empty())
        throw Error("the chain stopped after " + std::to_string(path_.iterations) +
                    " iterations (" + path_.stopped +
                    "): its energy path so far is written, with a snapshot of every image; a "
                    "chain has no checkpoints yet");
}

}  // namespace miniasd
