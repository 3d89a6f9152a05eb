#include "output/write_modes.hpp"

namespace miniasd {

const std::vector<WriteMode>& write_modes() {
    static const std::vector<WriteMode> modes = {
        {OutputMode::serial, "serial", false, false},
        {OutputMode::file_per_process, "file-per-process", false, false},
        {OutputMode::mpi_io, "mpi-io", false, true},
        {OutputMode::file_per_node, "file-per-node", true, false},
        {OutputMode::sorted, "sorted", true, true},
        {OutputMode::hdf5, "hdf5", true, true},
    };
    return modes;
}

const WriteMode& write_mode(OutputMode m) {
    return write_modes()[static_cast<std::size_t>(m)];
}

const char* word_of(OutputMode m) {
    return write_mode(m).name;
}

}  // namespace miniasd
