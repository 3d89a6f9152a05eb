// The exchange: keywords and exchange-matrix-<k>-nn have an effect or are refused, by name: a
// shell's constant without exchange:function = shell, a decay parameter without the exponential,
// any of them with a unit-cell file, a shell beyond exchange:interaction-range; the per-category-
// pair keywords (exchange:nn-cutoff-range[a][b], ...) name categories the crystal has.
#include <gtest/gtest.h>

#include "support/test_support.hpp"
#include "system/lattice.hpp"

using namespace miniasd;

namespace {

const std::string sc = "create:crystal-structure = sc\nmaterial[1]:atomic-spin-moment = 2 !muB\n";
const std::string bcc = "create:crystal-structure = bcc\nmaterial[1]:atomic-spin-moment = 2 !muB\n";

std::string error_of(const std::string& text) {
    try {
        make_lattice(test::config_from_files(text, {{"c.ucf",
                                                     "3 3 3\n1 0 0\n0 1 0\n0 0 1\n1\n"
                                                     "0 0 0 0\n0 isotropic\n"}}));
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

TEST(ExchangeKeywords, AreRefusedWhereTheyHaveNoEffect) {
    struct Case {
        std::string text, expected;
    } cases[] = {
        {sc + "material[1]:exchange-matrix-2nd-nn[1] = 1e-21\n",
         "keyword 'material[1]:exchange-matrix-2nd-nn[1]': has an effect only with "
         "exchange:function = shell"},
        {sc + "exchange:decay-length = 0.5\n",
         "keyword 'exchange:decay-length': has an effect only with exchange:function = "
         "exponential"},
        {sc + "exchange:function = exponential\nexchange:rkkykf = 2\n",
         "keyword 'exchange:rkkykf': has an effect only with exchange:function = RKKY"},
        {"material:unit-cell-file = c.ucf\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
         "exchange:interaction-range = 2\n",
         "keyword 'exchange:interaction-range': has no effect with material:unit-cell-file"},
        // The per-category-pair keywords: two indices, within the crystal's exchange categories
        // (bcc has one unless create:crystal-sublattice-materials), one value per pair.
        {sc + "exchange:function = material-exponential\n",
         "categories 1 and 1 are bonded, but "
         "exchange:unit-cell-category-exchange-parameters[1][1] = A, B, C is not given"},
        {sc + "exchange:nn-cutoff-range[1][2] = 1.2\n",
         "keyword 'exchange:nn-cutoff-range[1][2]': category index 2 out of range: crystal sc "
         "has 1 exchange category"},
        {bcc + "exchange:interaction-cutoff-range[2][1] = 1.5\n",
         "category index 2 out of range: crystal bcc has 1 exchange category (one per sublattice "
         "with create:crystal-sublattice-materials)"},
        {bcc +
             "create:crystal-sublattice-materials\nexchange:interaction-cutoff-range[2][1] = 1.5\n",
         ""},
        {bcc + "create:crystal-sublattice-materials\nexchange:nn-cutoff-range[1][2] = 1.1\n"
               "exchange:nn-cutoff-range[2][1] = 1.2\n",
         "keyword 'exchange:nn-cutoff-range[2][1]': differs from exchange:nn-cutoff-range[1][2]"},
        {bcc + "create:crystal-sublattice-materials\nexchange:nn-cutoff-range[1][2] = 1.1\n"
               "exchange:nn-cutoff-range[2][1] = 1.1\n",
         ""},
        {sc + "exchange:function = exponential\n"
              "exchange:unit-cell-category-exchange-parameters[1][1] = 1, 0.4, 0\n",
         "has an effect only with exchange:function = material-exponential"},
        {sc + "exchange:function = material-exponential\n"
              "exchange:unit-cell-category-exchange-parameters[1][1] = 1\n",
         "expected three numbers A, B, C"},
        {sc + "exchange:function = material-exponential\n"
              "exchange:unit-cell-category-exchange-parameters[1][1] = 1, 0, 0\n",
         "A must be 0 to 1e4 and B 0.001 to 100"},
        {sc + "exchange:nn-cutoff-range = 1.2\n", "needs two category indices"},
        {sc + "exchange:nn-cutoff-range[1] = 1.2\n", "needs two category indices"},
        {sc + "exchange:nn-cutoff-range[0][1] = 1.2\n", "needs two category indices, each 1"},
        {sc + "exchange:interaction-range[1][1] = 2\n",
         "takes at most one index after the keyword"},
        {sc + "exchange:interaction-cutoff-range[1][1] = 0.5\n", "out of range"},
        {sc + "create:single-spin\nexchange:nn-cutoff-range[1][1] = 2\n",
         "has no effect with create:single-spin"},
        {"material:unit-cell-file = c.ucf\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
         "exchange:nn-cutoff-range[1][1] = 2\n",
         "keyword 'exchange:nn-cutoff-range[1][1]': has no effect with material:unit-cell-file"},
        {"material:unit-cell-file = c.ucf\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
         "create:crystal-sublattice-materials\n",
         "keyword 'create:crystal-sublattice-materials': conflicts with material:unit-cell-file"},
        // Scaled weights need bonds within the pair's nearest-neighbour radius: bcc's same-
        // sublattice bonds have none until nn-cutoff-range reaches them (VAMPIRE zeroes them).
        {bcc + "create:crystal-sublattice-materials\nexchange:function = exponential\n"
               "exchange:interaction-range = 1.2\n",
         "the bonds of categories [1][1] have none within their nearest-neighbour radius"},
        {bcc + "create:crystal-sublattice-materials\nexchange:function = exponential\n"
               "exchange:interaction-range = 1.2\nexchange:nn-cutoff-range[1][1] = 1.16\n",
         "set exchange:nn-cutoff-range[2][2] to at least 1.1547"},
        {bcc + "exchange:function = exponential\nexchange:interaction-range = 1.2\n", ""},
        {sc + "exchange:dmi-cutoff-range = 3\n",
         "keyword 'exchange:dmi-cutoff-range': has no effect: no material has a nonzero "
         "dmi-constant"},
        {sc + "create:single-spin\nmaterial[1]:dmi-constant[1] = 1e-22\n",
         "keyword 'material[1]:dmi-constant[1]': has no effect with create:single-spin"},
        {sc + "material[1]:non-magnetic = keep\n",
         "every material is non-magnetic (kept or removed): the statistics would have no atoms"},
        {sc + "material[1]:non-magnetic\n",
         "every material is non-magnetic (kept or removed): the statistics would have no atoms"},
        {sc + "exchange:function = shell\nexchange:interaction-range = 1.2\n"
              "material[1]:exchange-matrix-2nd-nn[1] = 1e-21\n",
         "material[i]:exchange-matrix-2nd-nn is set, but exchange:interaction-range = 1.200000 "
         "reaches 1 shell(s) of this crystal"},
        {sc + "exchange:function = shell\nexchange:interaction-range = 1.5\n"
              "material[1]:exchange-matrix-2nd-nn[1] = 1e-21\n",
         ""},
        // Biquadratic constants of further shells, as the bilinear ones.
        {sc + "material[1]:biquadratic-exchange-matrix-2nd-nn[1] = 1e-21\n",
         "keyword 'material[1]:biquadratic-exchange-matrix-2nd-nn[1]': has an effect only with "
         "exchange:function = shell"},
        {sc + "exchange:function = shell\nexchange:interaction-range = 1.5\n"
              "material[1]:biquadratic-exchange-matrix-3rd-nn[1] = 1e-21\n",
         "material[i]:biquadratic-exchange-matrix-3rd-nn is set, but exchange:interaction-range "
         "= 1.500000 reaches 2 shell(s) of this crystal"},
        {"material:unit-cell-file = c.ucf\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
         "material[1]:biquadratic-exchange-matrix-2nd-nn[1] = 1e-21\n",
         "has no effect with material:unit-cell-file"},
        {sc + "exchange:function = shell\nexchange:interaction-range = 1.5\n"
              "material:num-materials = 2\nmaterial[2]:atomic-spin-moment = 1 !muB\n"
              "material[1]:biquadratic-exchange-matrix-2nd-nn[2] = 1e-21\n"
              "material[2]:biquadratic-exchange-matrix-2nd-nn[1] = 2e-21\n",
         "keyword 'material[2]:biquadratic-exchange-matrix-2nd-nn[1]': differs from "
         "material[1]:biquadratic-exchange-matrix-2nd-nn[2]"},
        {sc + "exchange:function = shell\nexchange:interaction-range = 1.5\n"
              "material[1]:biquadratic-exchange-matrix-2nd-nn[1] = 1e-21\n",
         ""},
        // VAMPIRE's vectorial exchange-matrix: one number or three, symmetric in all three, and
        // only where it has an effect.
        {sc + "material[1]:exchange-matrix[1] = 1e-21, 2e-21\n",
         "expected one number or three comma-separated numbers (x, y, z)"},
        {sc + "material[1]:exchange-matrix[1] = 1e-21, 2e-21, 5e-18\n",
         "out of range: expected -1e-18 <= value <= 1e-18 J (each of the three numbers)"},
        {sc + "material[1]:exchange-matrix[1] = 1, 2, 3 !zJ\n", ""},
        {sc + "material:num-materials = 2\nmaterial[2]:atomic-spin-moment = 1 !muB\n"
              "material[1]:exchange-matrix[2] = 1e-21, 1e-21, 2e-21\n"
              "material[2]:exchange-matrix[1] = 1e-21, 2e-21, 1e-21\n",
         "keyword 'material[2]:exchange-matrix[1]': differs from material[1]:exchange-matrix[2] "
         "in its x, y or z part"},
        {sc + "exchange:function = shell\nexchange:interaction-range = 1.5\n"
              "material:num-materials = 2\nmaterial[2]:atomic-spin-moment = 1 !muB\n"
              "material[1]:exchange-matrix-2nd-nn[2] = 1e-21, 1e-21, 2e-21\n"
              "material[2]:exchange-matrix-2nd-nn[1] = 1e-21, 2e-21, 1e-21\n",
         "keyword 'material[2]:exchange-matrix-2nd-nn[1]': differs from "
         "material[1]:exchange-matrix-2nd-nn[2] (in its x, y or z part, where vectorial)"},
        {sc + "exchange:function = shell\nexchange:interaction-range = 1.5\n"
              "material[1]:exchange-matrix-2nd-nn[1] = 1e-21, 2e-21\n",
         "expected one number or three comma-separated numbers (x, y, z)"},
        {"material:unit-cell-file = c.ucf\nmaterial[1]:atomic-spin-moment = 2 !muB\n"
         "material[1]:exchange-matrix[1] = 1e-21\n",
         "keyword 'material[1]:exchange-matrix[1]': has no effect: the unit-cell file gives its "
         "couplings in joules (isotropic)"},
    };
    for (const Case& c : cases) {
        const std::string m = error_of(c.text);
        if (c.expected.empty())
            EXPECT_EQ(m, "") << c.text;
        else
            EXPECT_NE(m.find(c.expected), std::string::npos) << "got: " << m << "\nfor:\n"
                                                             << c.text;
    }
}

// VAMPIRE's -8th-nn keyword fills the 7th shell's slot; here it is the 8th shell's.
TEST(ExchangeKeywords, EveryShellKeywordSetsItsOwnShell) {
    std::string text = sc + "exchange:function = shell\n";
    for (int k = 0; k < further_exchange_shells; ++k)
        text += "material[1]:" + further_exchange_keyword(k) + "[1] = " + std::to_string(k + 1) +
                "e-22\n";
    const Config c = test::config_from_text(text);
    for (int k = 0; k < further_exchange_shells; ++k)
        for (const double part : c.materials[0].further_exchange[k][0])
            EXPECT_DOUBLE_EQ(part, (k + 1) * 1e-22) << k;
    EXPECT_EQ(further_exchange_keyword(6), "exchange-matrix-8th-nn");
}

}  // namespace
