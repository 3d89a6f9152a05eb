// sim:program = domain-wall (programs.hpp): VAMPIRE's wall program. Its profile files are
// VAMPIRE's dw-<step>.txt, one per sample, named by the step, so a continued run writes those
// after its checkpoint again, identically.
#include <cstdio>

#include "run/program_host.hpp"
#include "run/programs/programs.hpp"
#include "util/error.hpp"

namespace miniasd {

std::string domain_wall_text(const WallSlices& w, std::int64_t step) {
    std::string text = "# domain-wall profile at step " + std::to_string(step) +
                       ": slice (floor(x / sim:domain-wall-discretisation)), material (from 0), "
                       "mean spin x, y, z, atoms\n";
    char line[160];
    for (std::int64_t slice = 0; slice < w.slices; ++slice)
        for (std::int64_t m = 0; m < w.materials; ++m) {
            const auto k = std::size_t(slice * w.materials + m);
            if (w.atoms[k] == 0) continue;
            std::snprintf(line, sizeof line, "%lld\t%lld\t%.10g\t%.10g\t%.10g\t%lld\n",
                          static_cast<long long>(slice), static_cast<long long>(m), w.mean[k][0],
                          w.mean[k][1], w.mean[k][2], static_cast<long long>(w.atoms[k]));
            text += line;
        }
    return text;
}

void DomainWallProgram::run(ProgramHost& sim) {
    const Config& c = sim.config();
    if (!sim.continued()) sim.place_domain_wall();
    Phase p = time_series_phase(c);
    p.on_sample = [&sim](RunState& s) {
        const std::string text = domain_wall_text(sim.domain_wall_slices(), s.step);
        std::string path;
        std::FILE* out = sim.open_output_file("dw-" + std::to_string(s.step) + ".txt", path);
        if (!out) return;
        const bool failed =
            std::fwrite(text.data(), 1, text.size(), out) != text.size() || std::fflush(out) != 0;
        std::fclose(out);
        if (failed) throw LocalError("writing the domain-wall profile '" + path + "' failed");
    };
    sim.plan_rows(rows_of_phase(p.equilibration_steps, c.sim.total_steps, c.sim.steps_increment,
                                c.columns.rate));
    sim.run(p);
}

}  // namespace miniasd
