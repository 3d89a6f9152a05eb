// The exact dipolar field's cost (issue 23's speed goals), side by side in one run:
//   1. one field evaluation (dipole/dipole_solver.hpp) against the bare FFTW transforms it needs:
//      3 s forward and 3 s inverse real 3-D transforms of the padded grid (s sites per cell), by
//      FFTW's own 3-D plans with the same flag (FFTW_ESTIMATE), on one rank's whole grid;
//   2. the LLG time step with the dipolar field (dipole:field-update-rate = --rate) against the
//      same step without it, alternated A B A B, medians;
//   3. the solver's memory per atom (kernel, grids, message buffers, routes) and the transposes'
//      bytes per evaluation.
// The system: bcc Fe as bench/llg_throughput's standard problem, with open boundaries, or with
// --periodic periodic along x, y and z (the Ewald kernel, an unpadded grid), n x n x n cells (40:
// 128 000 atoms; 80: 1 024 000). The set-up line times the kernel's construction.
//
//   build/bench/dipole_bench --cells 80 --repeats 3
//   build/bench/dipole_bench --cells 64 --periodic
//   mpirun -n 2 build/bench/dipole_bench --cells 40
#include <fftw3.h>
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "dipole/dipole_solver.hpp"
#include "input/line_parser.hpp"
#include "parallel/environment.hpp"
#include "run/config/parser.hpp"
#include "run/simulation.hpp"
#include "stepping_time.hpp"

using namespace miniasd;

namespace {

Config iron(int cells, bool periodic, const std::string& extra) {
    const std::string text =
        std::string(periodic ? "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\n"
                               "create:periodic-boundaries-z\n"
                             : "") +
        "create:crystal-structure = bcc\ndimensions:unit-cell-size = 2.87 !A\n"
        "dimensions:system-size = " +
        std::to_string(2.87 * cells) +
        " !A\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\n"
        "material[1]:exchange-matrix[1] = 7.05e-21 !J\n"
        "material[1]:damping-constant = 0.1\n"
        "material[1]:initial-spin-direction = 0.2,0,1\n"
        "sim:time-step = 1e-16 !s\nsim:temperature = 300\n" +
        extra;
    return build_config(split_lines(text, "dipole-bench"), "dipole-bench");
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

}  // namespace

int main(int argc, char** argv) {
    parallel::Environment env(&argc, &argv);
    const parallel::Comm world = parallel::Comm::world();
    CLI::App app{"The exact dipolar field's cost against bare FFTW and against no dipolar field"};
    int cells = 40, repeats = 3, rate = 100;
    long long steps = 0;
    bool bare = true, stepping = true, periodic = false;
    app.add_option("--cells", cells, "bcc cells per axis (40: 128 000 atoms, 80: 1 024 000)");
    app.add_option("--repeats", repeats, "timed repeats (medians are reported)");
    app.add_option("--rate", rate, "dipole:field-update-rate of the time-step comparison");
    app.add_option("--steps", steps, "steps per repeat (default: about 2.5e7 atom-steps)");
    app.add_flag("!--no-bare", bare, "skip the bare FFTW transforms");
    app.add_flag("!--no-steps", stepping, "skip the time-step comparison");
    app.add_flag("--periodic", periodic, "periodic along x, y and z (the Ewald kernel)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return world.is_root() ? app.exit(e) : 1;
    }
    const Config c = iron(cells, periodic, "");
    const Lattice l = make_lattice(c);
    const parallel::Decomposition d = parallel::decompose(world, l.cells, l.periodic);
    const LocalSystem sys = build_local_system(l, d.grid, MaterialMap(c, l));
    double t0 = now();
    dipole::DipoleSolver solver(l, sys, d.comm);
    const double setup = world.max(now() - t0);
    std::vector<double> m(std::size_t(3 * sys.n_owned)), b(m.size());
    for (std::int64_t i = 0; i < sys.n_owned; ++i) {
        m[std::size_t(3 * i)] = 0.2 * c.materials[0].moment;
        m[std::size_t(3 * i + 2)] = c.materials[0].moment;
    }
    solver.field(m.data(), b.data());  // warm-up
    const std::int64_t sent_before = solver.transpose_bytes();
    std::vector<double> field_s;
    for (int r = 0; r < repeats; ++r) {
        world.barrier();
        t0 = now();
        solver.field(m.data(), b.data());
        field_s.push_back(world.max(now() - t0));
    }
    const double sent = double(solver.transpose_bytes() - sent_before) / repeats;
    const double atoms = double(sys.n_global);
    const double bytes = world.max(double(solver.bytes()));
    const auto& p = solver.padded();
    const int grids = 3 * l.sites();

    // The bare transforms: FFTW's 3-D r2c and c2r plans of the padded grid, `grids` of each.
    double bare_s = 0, bare_min_s = 0;
    if (bare && world.is_root()) {
        const std::size_t real_n = std::size_t(p[0]) * p[1] * p[2];
        const std::size_t cplx_n = std::size_t(p[0] / 2 + 1) * p[1] * p[2];
        double* r = fftw_alloc_real(real_n);
        fftw_complex* k = fftw_alloc_complex(cplx_n);
        fftw_plan fwd = fftw_plan_dft_r2c_3d(p[2], p[1], p[0], r, k, FFTW_ESTIMATE);
        fftw_plan bwd = fftw_plan_dft_c2r_3d(p[2], p[1], p[0], k, r, FFTW_ESTIMATE);
        std::fill(r, r + real_n, 1e-3);
        std::vector<double> each;
        for (int rep = 0; rep <= repeats; ++rep) {
            t0 = now();
            for (int g = 0; g < grids; ++g) {
                fftw_execute(fwd);
                fftw_execute(bwd);
            }
            if (rep > 0) each.push_back(now() - t0);  // the first warms up
        }
        bare_s = median(each);
        bare_min_s = *std::min_element(each.begin(), each.end());
        fftw_destroy_plan(fwd);
        fftw_destroy_plan(bwd);
        fftw_free(r);
        fftw_free(k);
    }
    if (world.is_root()) {
        std::printf("# bcc cells=%d %s atoms=%.0f ranks=%d threads=%d grid=%dx%dx%d grids=%d\n",
                    cells, periodic ? "periodic" : "open", atoms, world.size(),
                    omp_get_max_threads(), p[0], p[1], p[2], grids);
        std::printf("# set-up (the kernel) %.3f s; field evaluation median %.4f s\n", setup,
                    median(field_s));
        if (bare)
            std::printf(
                "# bare FFTW (%d r2c + %d c2r 3-D, one core): %.4f s; evaluation / bare "
                "= %.2f (at %d rank(s) x %d thread(s))\n",
                grids, grids, bare_s, median(field_s) / bare_s, world.size(),
                omp_get_max_threads());
        if (bare)  // on a shared machine the fastest repeats are the least disturbed
            std::printf("# fastest repeat: evaluation %.4f s, bare %.4f s, ratio %.2f\n",
                        *std::min_element(field_s.begin(), field_s.end()), bare_min_s,
                        *std::min_element(field_s.begin(), field_s.end()) / bare_min_s);
        std::printf(
            "# memory of the solver: %.0f B per atom (the fullest rank: %.1f MB); "
            "transposes: %.1f MB sent per evaluation by rank 0\n",
            bytes * world.size() / atoms, bytes / 1e6, sent / 1e6);
    }

    std::vector<double> with, without;
    if (stepping) {
        RunOptions quiet;
        quiet.write_files = false;
        quiet.progress = false;
        quiet.screen = nullptr;
        Simulation a(world, iron(cells, periodic, ""), quiet);
        Simulation bsim(world,
                        iron(cells, periodic,
                             "dipole:solver = atomistic\ndipole:field-update-rate = " +
                                 std::to_string(rate) + "\n"),
                        quiet);
        if (steps <= 0) steps = std::max<long long>(rate, static_cast<long long>(2.5e7 / atoms));
        Phase phase;
        phase.temperature = phase.equilibration_temperature = 300;
        phase.equilibration_steps = steps;
        phase.steps = 0;
        a.run(phase);  // warm-up
        bsim.run(phase);
        for (int r = 0; r < repeats; ++r)
            for (Simulation* s : {&a, &bsim}) {
                const double before = bench::stepping_seconds(s->timers());
                s->run(phase);
                const double spent = world.max(bench::stepping_seconds(s->timers()) - before);
                (s == &a ? without : with).push_back(1e9 * spent / (atoms * double(steps)));
            }
        if (world.is_root())
            std::printf(
                "# time step (ns per atom-step, medians of %d, alternated): without "
                "%.2f, with the dipolar field every %d steps %.2f: ratio %.3f\n",
                repeats, median(without), rate, median(with), median(with) / median(without));
    }
    if (world.is_root())
        std::printf(
            "result atoms=%.0f ranks=%d evaluation_s=%.4f bare_fftw_s=%.4f "
            "bytes_per_atom=%.0f step_ratio=%.3f\n",
            atoms, world.size(), median(field_s), bare_s, bytes * world.size() / atoms,
            with.empty() ? 0.0 : median(with) / median(without));
    return 0;
}
