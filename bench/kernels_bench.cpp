// Google Benchmark micro-benchmarks of the innermost kernels, one core, data in cache:
// the thermal-noise generator and the exchange field. They isolate what llg_throughput measures
// as a whole, to guide optimisation. Run: build/bench/kernels_bench
#include <benchmark/benchmark.h>

#include <numeric>
#include <vector>

#include "hamiltonian/exchange.hpp"
#include "parallel/process_grid.hpp"
#include "run/config/config.hpp"
#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/materials.hpp"
#include "util/gaussian.hpp"
#include "util/philox_block.hpp"
#include "util/random.hpp"

using namespace miniasd;

namespace {

void philox_block(benchmark::State& state) {
    std::vector<std::int64_t> ids(philox_block_size);
    std::iota(ids.begin(), ids.end(), 1000);
    PhiloxBlock out;
    std::uint64_t step = 0;
    for (auto _ : state) {
        philox4x32_block(1, 1, ++step, ids.data(), philox_block_size, out);
        benchmark::DoNotOptimize(out.w[0][7]);
    }
    state.SetItemsProcessed(state.iterations() * philox_block_size);  // atoms
}
BENCHMARK(philox_block);

void thermal_normals(benchmark::State& state) {
    const std::int64_t n = 4096;
    std::vector<std::int64_t> ids(n);
    std::iota(ids.begin(), ids.end(), 0);
    std::vector<double> x(n), y(n), z(n);
    std::uint64_t step = 0;
    const ZigguratTables tables = make_ziggurat_tables();
    for (auto _ : state) {
        standard_normals3(tables, 1, RandomStream::thermal_field, ++step, ids.data(), n, x.data(),
                          y.data(), z.data());
        benchmark::DoNotOptimize(x[5]);
    }
    state.SetItemsProcessed(state.iterations() * n);  // atoms (three normals each)
}
BENCHMARK(thermal_normals);

// The ziggurat's fast path alone, one block of Philox words (items: normals).
void ziggurat_fast_path(benchmark::State& state) {
    std::vector<std::int64_t> ids(philox_block_size);
    std::iota(ids.begin(), ids.end(), 0);
    PhiloxBlock words;
    philox4x32_block(1, 1, 1, ids.data(), philox_block_size, words);
    std::vector<double> scale(philox_block_size, 1.0), g(philox_block_size);
    std::uint64_t miss[philox_block_size / 64];
    const ZigguratTables z = make_ziggurat_tables();
    for (auto _ : state) {
        for (int c = 0; c < 3; ++c)
            ziggurat_fast_block(z, words.w[c], philox_block_size, scale.data(), g.data(), miss);
        benchmark::DoNotOptimize(g[5]);
        benchmark::DoNotOptimize(miss[1]);
    }
    state.SetItemsProcessed(state.iterations() * 3 * philox_block_size);
}
BENCHMARK(ziggurat_fast_path);

void exchange_field(benchmark::State& state) {
    Config c;
    c.structure.crystal = CrystalStructure::bcc;
    const double side = double(state.range(0)) * 2.87e-10;  // cells per axis
    c.structure.system_size = {side, side, side};
    c.structure.unit_cell = {2.87e-10, 2.87e-10, 2.87e-10};
    c.structure.periodic = {true, true, true};
    c.materials.resize(1);
    c.materials[0].moment = 2.22 * 9.274e-24;
    c.materials[0].exchange = {7.05e-21};
    const Lattice l = make_lattice(c);
    parallel::ProcessGrid g;
    g.cells = l.cells;
    g.periodic = l.periodic;
    const LocalSystem sys = build_local_system(l, g, MaterialMap(c, l));
    std::vector<double> sx(sys.n_storage(), 0.0), sy(sys.n_storage(), 0.0),
        sz(sys.n_storage(), 1.0);
    sz[sys.null_atom] = 0;
    const Exchange ex(sys, {7.05e-21}, {c.materials[0].moment}, sys.width);
    std::vector<double> hx(512), hy(512), hz(512);
    for (auto _ : state) {
        for (std::int64_t b = 0; b < sys.n_owned; b += 512) {
            const std::int64_t e = std::min(sys.n_owned, b + 512);
            ex.add_field({sx.data(), sy.data(), sz.data()}, b, e,
                         {hx.data(), hy.data(), hz.data()});
        }
        benchmark::DoNotOptimize(hx[3]);
    }
    state.SetItemsProcessed(state.iterations() * sys.n_owned);  // atoms
}
// 16 cells: short stencil runs, in L2; 48 cells (221 184 atoms): long runs, in L3.
BENCHMARK(exchange_field)->Arg(16)->Arg(48)->Arg(80);

}  // namespace

BENCHMARK_MAIN();
