// Throughput of the LLG-Heun time step on the standard problem (issue 2): bcc Fe, a = 2.87 A,
// periodic, nearest-neighbour J = 7.05e-21 J, mu_s = 2.22 muB, k_u = 5.65e-25 J along z,
// alpha = 0.1, dt = 1e-16 s, spins along +z. Prints ns per atom-step for every repeat and their
// median, measured over the stepping phases only (field, halo, integrate; the slowest rank), and
// the machine's memory bandwidth beside it.
//
// With --shells 2 or 5 the exchange reaches bcc's first 2 or 5 shells (14 or 58 neighbours), each
// shell its own J (exchange:function = shell), or with --same-j the first shell's J on all (one
// isotropic value); it then also prints ns per neighbour. Both run the general path: the stencil
// path is unrolled for 6, 8 and 12 neighbours only. --device gpu runs the steps on a GPU (a build
// with -DMINIASD_CUDA=ON; docs/gpu.md) and prints the backend's line (bandwidth, traffic model);
// --monte-carlo times Metropolis sweeps (adaptive move) instead of LLG steps.
//
//   mpirun -n 2 build/bench/llg_throughput --cells 80 --temperature 300 --repeats 5
//   build/bench/llg_throughput --cells 30 --shells 2 --temperature 0
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <sys/resource.h>

#include "input/line_parser.hpp"
#include "integrate/heun_fusion.hpp"
#include "integrate/heun_traffic.hpp"
#include "parallel/environment.hpp"
#include "run/config/parser.hpp"
#include "run/simulation.hpp"
#include "stepping_time.hpp"
#include "util/environment.hpp"
#include "util/memory_bandwidth.hpp"

using namespace miniasd;

namespace {

// exchange: lines for `shells` shells of bcc (1: none, the standard problem's nearest neighbours).
// J of shells 2-5: 2.0, 1.2, -0.4 and 0.3 x 1e-21 J (with same_j, the first shell's 7.05e-21).
std::string shell_lines(int shells, bool same_j) {
    if (shells <= 1) return "";
    // Shell radii in units of the nearest-neighbour distance sqrt(3)/2: 1, 1.155, 1.633, 1.915, 2.
    const double range[] = {1, 1, 1.2, 1.7, 1.95, 2.01};
    std::string out = "exchange:interaction-range = " + std::to_string(range[shells]) + "\n";
    if (same_j) return out;
    out += "exchange:function = shell\n";
    const char* j[] = {"2.0e-21", "1.2e-21", "-0.4e-21", "0.3e-21"};
    for (int k = 2; k <= shells; ++k)
        out += "material[1]:" + further_exchange_keyword(k - 2) + "[1] = " + j[k - 2] + "\n";
    return out;
}

Config standard_problem(int cells, double temperature, int shells, bool same_j) {
    const std::string size = std::to_string(2.87 * cells);
    const std::string text =
        "create:crystal-structure = bcc\n"
        "create:periodic-boundaries-x\ncreate:periodic-boundaries-y\ncreate:periodic-boundaries-z\n"
        "dimensions:unit-cell-size = 2.87 !A\n"
        "dimensions:system-size = " +
        size +
        " !A\n"
        "material[1]:atomic-spin-moment = 2.22 !muB\n"
        "material[1]:exchange-matrix[1] = 7.05e-21 !J\n"
        "material[1]:second-order-uniaxial-anisotropy-constant = 5.65e-25 !J\n"
        "material[1]:damping-constant = 0.1\n"
        "material[1]:initial-spin-direction = 0,0,1\n"
        "sim:time-step = 1e-16 !s\n"
        "sim:temperature = " +
        std::to_string(temperature) + "\n" + shell_lines(shells, same_j);
    return build_config(split_lines(text, "standard-problem"), "standard-problem");
}

// Peak resident memory of this process, bytes (Linux reports kilobytes).
double peak_rss_bytes() {
    struct rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return 1024.0 * double(u.ru_maxrss);
}

// The CPU step's traffic model, and the bound the one-core triad puts on it.
void print_cpu_model(const Simulation& sim, double temperature, double gbs, bool bandwidth,
                     const std::vector<double>& sorted) {
    const bool fused = !environment_set(EnvVar::no_fused_heun) &&
                       plan_heun_fusion(sim.system(), sim.hamiltonian()).window > 0;
    const double bytes = heun_bytes_per_atom_step(sim.system().width, temperature > 0,
                                                  !sim.system().nbr.empty(), false, fused);
    std::printf("# traffic model: %.0f B per atom-step, %s Heun (bench/llg_throughput.cpp)\n",
                bytes, fused ? "fused" : "two-pass");
    if (bandwidth) {
        // 24 B per triad element as STREAM reports, 32 B as moved (see the traffic model).
        const double moved = gbs * 32.0 / 24.0;
        const double bound = bytes / moved;  // ns per atom-step at full bandwidth
        std::printf(
            "# memory bandwidth (one-core triad): %.1f GB/s (STREAM convention), %.1f "
            "GB/s moved\n",
            gbs, moved);
        std::printf(
            "# bandwidth bound: %.2f ns per atom-step per core; measured median / "
            "bound = %.2f\n",
            bound, sorted[sorted.size() / 2] * sim.comm().size() * omp_get_max_threads() / bound);
    }
}

}  // namespace

int main(int argc, char** argv) {
    parallel::Environment env(&argc, &argv);
    const parallel::Comm world = parallel::Comm::world();
    CLI::App app{"LLG-Heun throughput on the standard problem"};
    int cells = 40, repeats = 5, shells = 1;
    bool same_j = false;
    long long steps = 0;
    double temperature = 300;
    bool bandwidth = true;
    app.add_option("--cells", cells,
                   "unit cells along each axis (40: 128 000 atoms, 80: 1 024 000)");
    app.add_option("--temperature", temperature, "K");
    app.add_option("--steps", steps, "steps per repeat (default: about 2.5e7 atom-steps)");
    app.add_option("--repeats", repeats, "timed repeats (the median is reported)");
    app.add_flag("!--no-bandwidth", bandwidth, "skip the memory-bandwidth measurement");
    app.add_option("--shells", shells, "bcc shells bonded: 1, 2 or 5 (8, 14 or 58 neighbours)")
        ->check(CLI::IsMember({1, 2, 5}));
    app.add_flag("--same-j", same_j, "every shell the first's J (one isotropic value)");
    std::string device = "cpu";
    app.add_option("--device", device, "cpu, or gpu (a build with -DMINIASD_CUDA=ON)")
        ->check(CLI::IsMember({"cpu", "gpu"}));
    bool monte_carlo = false;
    app.add_flag("--monte-carlo", monte_carlo,
                 "Metropolis sweeps (adaptive move) instead of LLG steps: ns per atom-sweep");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return world.is_root() ? app.exit(e) : 1;
    }
    RunOptions quiet;
    quiet.write_files = false;
    quiet.progress = false;
    quiet.screen = nullptr;
    const double baseline = world.max(peak_rss_bytes());  // MPI, the runtime, the binary
    Config config = standard_problem(cells, temperature, shells, same_j);
    config.sim.device = device == "gpu" ? Device::gpu : Device::cpu;
    if (monte_carlo) config.sim.integrator = IntegratorKind::monte_carlo;
    Simulation sim(world, config, quiet);
    const double atoms = double(sim.system().n_global);
    if (steps <= 0) steps = std::max<long long>(5, static_cast<long long>(2.5e7 / atoms));

    Phase phase;
    phase.temperature = phase.equilibration_temperature = temperature;
    phase.equilibration_steps = steps;  // steps without statistics rows in between
    phase.steps = 0;
    sim.run(phase);  // warm-up: first touch of every array, caches, MPI connections
    std::vector<double> ns;
    for (int r = 0; r < repeats; ++r) {
        const double before = bench::stepping_seconds(sim.timers());
        sim.run(phase);
        const double spent = world.max(bench::stepping_seconds(sim.timers()) - before);
        ns.push_back(1e9 * spent / (atoms * double(steps)));
    }
    // Before the triad, whose arrays would dominate the peak.
    const double rss = world.max(peak_rss_bytes());
    const double local_atoms = world.max(double(sim.system().n_owned));
    const double gbs = bandwidth && world.is_root()
                           ? triad_bytes_per_s(std::size_t(1) << 25, 5, 1) * 24.0 / 32.0 * 1e-9
                           : 0.0;
    const std::optional<RunReport> report = sim.gather_report();  // collective
    if (world.is_root()) {
        if (config.sim.device == Device::gpu || monte_carlo)
            std::printf("# %s\n", report->integrator_summary.c_str());
        std::vector<double> sorted = ns;
        std::sort(sorted.begin(), sorted.end());
        std::printf(
            "# crystal=bcc cells=%d atoms=%.0f temperature=%g ranks=%d threads=%d steps=%lld\n",
            cells, atoms, temperature, world.size(), omp_get_max_threads(), steps);
        double w = 0;
        const double neighbours = double(sim.lattice().exchange.bonds()) / 2;  // per atom (bcc)
        // The choice make_exchange makes (hamiltonian/term_registry.cpp) for one material.
        const bool stencil = sim.lattice().exchange.uniform(w) &&
                             (neighbours == 6 || neighbours == 8 || neighbours == 12);
        std::printf("# exchange: %.0f neighbours per atom, %s path; %.2f ns per neighbour\n",
                    neighbours, stencil ? "stencil" : "general",
                    sorted[sorted.size() / 2] / neighbours);
        std::printf("# repeats (ns per atom-step):");
        for (double v : ns)
            std::printf(" %.2f", v);
        std::printf("\n");
        std::printf(
            "# memory: %.0f B per atom (peak resident memory of the fullest rank, %.1f MB, "
            "over its %.0f atoms); %.0f B per atom above the %.1f MB the process had "
            "before the system was built\n",
            rss / local_atoms, rss / 1e6, local_atoms, (rss - baseline) / local_atoms,
            baseline / 1e6);
        // The standard problem has one material; the table is read only if it was kept.
        // The CPU's traffic model and bound (the GPU's are in its summary line above).
        if (config.sim.device == Device::cpu && !monte_carlo)
            print_cpu_model(sim, temperature, gbs, bandwidth, sorted);
        std::printf(
            "result atoms=%.0f T=%g ranks=%d threads=%d neighbours=%.0f "
            "median_ns_per_atom_step=%.4f min=%.4f max=%.4f device=%s integrator=%s\n",
            atoms, temperature, world.size(), omp_get_max_threads(),
            double(sim.lattice().exchange.bonds()) / 2, sorted[sorted.size() / 2], sorted.front(),
            sorted.back(), device.c_str(), monte_carlo ? "monte-carlo" : "llg-heun");
    }
    return 0;
}
