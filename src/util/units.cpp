#include "util/units.hpp"

namespace miniasd {

const std::vector<Unit>& unit_table() {
    using D = Dimension;
    namespace c = constants;
    static const std::vector<Unit> table = {
        {"A", D::length, 1e-10},
        {"Angstrom", D::length, 1e-10},
        {"nm", D::length, 1e-9},
        {"m", D::length, 1.0},
        {"J", D::energy, 1.0},
        {"J/atom", D::energy, 1.0},  // VAMPIRE's unit of its triaxial anisotropy vectors
        {"eV", D::energy, c::electron_volt},
        {"meV", D::energy, 1e-3 * c::electron_volt},
        {"zJ", D::energy, 1e-21},
        {"muB", D::moment, c::bohr_magneton},
        {"Hz", D::frequency, 1.0},
        {"kHz", D::frequency, 1e3},
        {"MHz", D::frequency, 1e6},
        {"GHz", D::frequency, 1e9},
        {"THz", D::frequency, 1e12},
        {"J/T", D::moment, 1.0},
        {"T", D::field, 1.0},
        {"mT", D::field, 1e-3},
        {"Oe", D::field, 1e-4},  // mu0 * 1 Oe in tesla
        {"s", D::time, 1.0},
        {"ns", D::time, 1e-9},
        {"ps", D::time, 1e-12},
        {"fs", D::time, 1e-15},
        {"K", D::temperature, 1.0},
        {"B", D::data_size, 1.0},
        {"KiB", D::data_size, 1024.0},
        {"MiB", D::data_size, 1048576.0},
        {"GiB", D::data_size, 1073741824.0},
        {"TiB", D::data_size, 1099511627776.0},
        {"MB", D::data_size, 1e6},
        {"GB", D::data_size, 1e9},
        {"TB", D::data_size, 1e12},
        {"A/m2", D::current_density, 1.0},
        {"A/cm2", D::current_density, 1e4},
        {"MA/cm2", D::current_density, 1e10},
    };
    return table;
}

const Unit* find_unit(std::string_view name) {
    for (const Unit& u : unit_table())
        if (u.name == name) return &u;
    return nullptr;
}

std::string_view si_unit_name(Dimension d) {
    switch (d) {
        case Dimension::length:
            return "m";
        case Dimension::energy:
            return "J";
        case Dimension::moment:
            return "J/T";
        case Dimension::field:
            return "T";
        case Dimension::time:
            return "s";
        case Dimension::temperature:
            return "K";
        case Dimension::data_size:
            return "B";
        case Dimension::current_density:
            return "A/m2";
        case Dimension::frequency:
            return "Hz";
        case Dimension::none:
            break;
    }
    return "";
}

std::string_view default_unit_name(Dimension d) {
    switch (d) {
        case Dimension::length:
            return "A";
        case Dimension::moment:
            return "muB";
        default:
            return si_unit_name(d);
    }
}

std::string_view dimension_name(Dimension d) {
    switch (d) {
        case Dimension::length:
            return "length";
        case Dimension::energy:
            return "energy";
        case Dimension::moment:
            return "magnetic moment";
        case Dimension::field:
            return "magnetic field";
        case Dimension::time:
            return "time";
        case Dimension::temperature:
            return "temperature";
        case Dimension::data_size:
            return "data size";
        case Dimension::current_density:
            return "current density";
        case Dimension::frequency:
            return "frequency";
        case Dimension::none:
            break;
    }
    return "dimensionless";
}

std::string unit_names(Dimension d) {
    std::string out;
    for (const Unit& u : unit_table()) {
        if (u.dimension != d) continue;
        if (!out.empty()) out += ", ";
        out += u.name;
    }
    return out;
}

}  // namespace miniasd
