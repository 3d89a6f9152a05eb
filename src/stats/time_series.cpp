#include "stats/time_series.hpp"

#include <charconv>

namespace miniasd {

std::vector<Column> default_output_columns() {
    return {Column::time_steps,    Column::real_time,
            Column::temperature,   Column::applied_field_strength,
            Column::magnetisation, Column::mean_magnetisation_length,
            Column::total_energy};
}

TimeSeriesTable::TimeSeriesTable(std::FILE* out, std::vector<Column> columns,
                                 std::vector<std::string> material_names)
    : out_(out), columns_(std::move(columns)), materials_(std::move(material_names)) {
    for (Column c : columns_) {
        switch (c) {
            case Column::time_steps:
                names_.push_back("time-steps");
                break;
            case Column::real_time:
                names_.push_back("real-time[s]");
                break;
            case Column::temperature:
                names_.push_back("temperature[K]");
                break;
            case Column::applied_field_strength:
                names_.push_back("field[T]");
                break;
            case Column::applied_field_unit_vector:
                for (const char* n : {"field-x", "field-y", "field-z"})
                    names_.push_back(n);
                break;
            case Column::magnetisation:
                for (const char* n : {"mx", "my", "mz", "|m|"})
                    names_.push_back(n);
                break;
            case Column::magnetisation_length:
                names_.push_back("|m|");
                break;
            case Column::mean_magnetisation_length:
                names_.push_back("<|m|>");
                break;
            case Column::material_magnetisation:
                for (const std::string& m : materials_)
                    for (const char* n : {":mx", ":my", ":mz", ":|m|"})
                        names_.push_back(m + n);
                break;
            case Column::total_energy:
                names_.push_back("E_total[J/atom]");
                break;
            case Column::mean_total_energy:
                names_.push_back("<E_total>[J/atom]");
                break;
            case Column::exchange_energy:
                names_.push_back("E_exchange[J/atom]");
                break;
            case Column::anisotropy_energy:
                names_.push_back("E_anisotropy[J/atom]");
                break;
            case Column::applied_field_energy:
                names_.push_back("E_field[J/atom]");
                break;
        }
    }
}

void TimeSeriesTable::write_header() {
    if (!out_) return;
    std::string line = "#";
    for (const std::string& n : names_)
        line += " " + n;
    line += "\n";
    std::fputs(line.c_str(), out_);
    std::fflush(out_);
}

void TimeSeriesTable::write_row(const StatsRow& r) {
    if (!out_) return;
    std::string line;
    char buf[64];
    auto num = [&](double v) {
        // Shortest text that reads back to the same double.
        auto res = std::to_chars(buf, buf + sizeof buf, v);
        if (!line.empty()) line += ' ';
        line.append(buf, res.ptr);
    };
    for (Column c : columns_) {
        switch (c) {
            case Column::time_steps: {
                auto res = std::to_chars(buf, buf + sizeof buf, r.step);
                if (!line.empty()) line += ' ';
                line.append(buf, res.ptr);
                break;
            }
            case Column::real_time:
                num(r.time);
                break;
            case Column::temperature:
                num(r.temperature);
                break;
            case Column::applied_field_strength:
                num(r.field_strength);
                break;
            case Column::applied_field_unit_vector:
                for (double v : r.field_direction)
                    num(v);
                break;
            case Column::magnetisation:
                for (double v : r.obs.m)
                    num(v);
                num(r.obs.m_length);
                break;
            case Column::magnetisation_length:
                num(r.obs.m_length);
                break;
            case Column::mean_magnetisation_length:
                num(r.mean_m_length);
                break;
            case Column::material_magnetisation:
                for (const auto& m : r.obs.material_m)
                    for (double v : m)
                        num(v);
                break;
            case Column::total_energy:
                num(r.obs.total);
                break;
            case Column::mean_total_energy:
                num(r.mean_total_energy);
                break;
            case Column::exchange_energy:
                num(r.obs.exchange);
                break;
            case Column::anisotropy_energy:
                num(r.obs.anisotropy);
                break;
            case Column::applied_field_energy:
                num(r.obs.applied_field);
                break;
        }
    }
    line += '\n';
    std::fputs(line.c_str(), out_);
}

}  // namespace miniasd
