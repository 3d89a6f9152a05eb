// Builders of the statistics columns' rows (columns.cpp, material_columns.cpp): a column of one
// number, one per material, and the accumulated series they read.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "stats/columns.hpp"

namespace miniasd::column_helpers {

using Ctx = RowContext;

// Columns of one number.
inline ColumnSpec one(std::string keyword, std::string doc, std::string header,
                      std::function<double(const Ctx&)> f) {
    return {std::move(keyword),
            std::move(doc),
            {std::move(header)},
            false,
            [f = std::move(f)](const Ctx& c, int, double* out) { out[0] = f(c); }};
}
inline ColumnSpec one_per_material(std::string keyword, std::string doc, std::string header,
                                   std::function<double(const Ctx&, int)> f) {
    return {std::move(keyword),
            std::move(doc),
            {std::move(header)},
            true,
            [f = std::move(f)](const Ctx& c, int m, double* out) { out[0] = f(c, m); }};
}
inline double mean_of(const Ctx& c, int series) {
    return c.state.accumulator.total(static_cast<std::size_t>(series)).mean();
}
inline Moments moments(const Ctx& c, int series) {
    return c.state.accumulator.total(static_cast<std::size_t>(series));
}
inline int mat(int m, int q) {
    return series::material(m, q);
}

}  // namespace miniasd::column_helpers

namespace miniasd {
// Each material's columns (material_columns.cpp).
void add_material_columns(std::vector<ColumnSpec>& t);
// The height profiles' columns (height_columns.cpp).
void add_height_columns(std::vector<ColumnSpec>& t);
}  // namespace miniasd
