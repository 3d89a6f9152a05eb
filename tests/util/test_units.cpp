#include <gtest/gtest.h>

#include "util/units.hpp"

using namespace miniasd;

TEST(Units, ConversionsToSI) {
    EXPECT_DOUBLE_EQ(find_unit("A")->to_si, 1e-10);
    EXPECT_DOUBLE_EQ(find_unit("nm")->to_si, 1e-9);
    EXPECT_DOUBLE_EQ(find_unit("eV")->to_si, 1.602176634e-19);
    EXPECT_DOUBLE_EQ(find_unit("meV")->to_si, 1.602176634e-22);
    EXPECT_DOUBLE_EQ(find_unit("zJ")->to_si, 1e-21);
    EXPECT_DOUBLE_EQ(find_unit("muB")->to_si, 9.2740100783e-24);
    EXPECT_DOUBLE_EQ(find_unit("mT")->to_si, 1e-3);
    EXPECT_DOUBLE_EQ(find_unit("Oe")->to_si, 1e-4);
    EXPECT_DOUBLE_EQ(find_unit("fs")->to_si, 1e-15);
    EXPECT_DOUBLE_EQ(find_unit("ps")->to_si, 1e-12);
    EXPECT_DOUBLE_EQ(find_unit("ns")->to_si, 1e-9);
    EXPECT_EQ(find_unit("furlong"), nullptr);
}

TEST(Units, EveryDimensionHasItsSIUnitInTheTable) {
    for (Dimension d : {Dimension::length, Dimension::energy, Dimension::moment, Dimension::field,
                        Dimension::time, Dimension::temperature}) {
        const Unit* si = find_unit(si_unit_name(d));
        ASSERT_NE(si, nullptr) << dimension_name(d);
        EXPECT_EQ(si->dimension, d);
        EXPECT_DOUBLE_EQ(si->to_si, 1.0);
        const Unit* def = find_unit(default_unit_name(d));
        ASSERT_NE(def, nullptr);
        EXPECT_EQ(def->dimension, d);
    }
    EXPECT_EQ(unit_names(Dimension::time), "s, ns, ps, fs");
}
