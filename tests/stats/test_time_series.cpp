#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "stats/observables.hpp"
#include "stats/time_series.hpp"

using namespace miniasd;

TEST(Observables, MagnetisationIsMomentWeightedAndEnergiesPerAtom) {
    // Two materials: 2 atoms of mu=1 along +z, 1 atom of mu=2 along -z (sums of mu S).
    std::vector<double> sums = {0,      0,      2 * 1.0, 2.0,  // material 1: sum mu S, sum mu
                                0,      0,      -2.0,    2.0,  // material 2
                                -3e-21, -6e-22, 0.0};          // exchange, anisotropy, field (J)
    const Observables o = finish_observables(sums, 2, 3);
    EXPECT_DOUBLE_EQ(o.m[2], 0.0);  // compensated ferrimagnet
    EXPECT_DOUBLE_EQ(o.material_m[0][2], 1.0);
    EXPECT_DOUBLE_EQ(o.material_m[1][2], -1.0);
    EXPECT_DOUBLE_EQ(o.material_m[1][3], 1.0);
    EXPECT_DOUBLE_EQ(o.exchange, -1e-21);
    EXPECT_DOUBLE_EQ(o.total, (-3e-21 - 6e-22) / 3);
}

TEST(TimeSeries, HeaderNamesEveryColumnAndRowsRoundTripDoubles) {
    char* buf = nullptr;
    std::size_t len = 0;
    std::FILE* f = open_memstream(&buf, &len);
    TimeSeriesTable t(f,
                      {Column::time_steps, Column::real_time, Column::magnetisation,
                       Column::material_magnetisation, Column::total_energy},
                      {"Fe", "Gd"});
    t.write_header();
    StatsRow r;
    r.step = 42;
    r.time = 4.2e-15;
    r.obs.m = {0.1, 0.2, 1.0 / 3.0};
    r.obs.m_length = std::sqrt(0.05 + 1.0 / 9.0);
    r.obs.material_m = {{1, 0, 0, 1}, {0, 0, -1, 1}};
    r.obs.total = -2.5e-20;
    t.write_row(r);
    std::fclose(f);
    std::istringstream in(std::string(buf, len));
    std::free(buf);
    std::string header, row;
    std::getline(in, header);
    std::getline(in, row);
    EXPECT_EQ(header,
              "# time-steps real-time[s] mx my mz |m| Fe:mx Fe:my Fe:mz Fe:|m| Gd:mx Gd:my Gd:mz "
              "Gd:|m| E_total[J/atom]");
    std::istringstream fields(row);
    std::vector<double> v;
    for (double x; fields >> x;)
        v.push_back(x);
    ASSERT_EQ(v.size(), 15u);
    EXPECT_EQ(v[0], 42);
    EXPECT_EQ(v[1], 4.2e-15);
    EXPECT_EQ(v[4], 1.0 / 3.0);  // exact round trip
    EXPECT_EQ(v[12], -1);
    EXPECT_EQ(v[14], -2.5e-20);
    EXPECT_EQ(t.column_names().size(), 15u);
}
