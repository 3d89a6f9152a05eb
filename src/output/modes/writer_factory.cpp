// The one place that turns config:output-mode into a writer.
#include "output/modes/writer.hpp"
#include "output/modes/writers.hpp"
#include "util/error.hpp"

namespace miniasd {

std::unique_ptr<SnapshotWriter> make_writer(const SnapshotSection& o, const parallel::Comm& comm,
                                            bool verbose) {
    switch (o.mode) {
        case OutputMode::serial:
            return std::make_unique<SerialWriter>(comm, o);
        case OutputMode::file_per_process:
            return std::make_unique<FilePerProcessWriter>(comm, o);
        case OutputMode::mpi_io:
            return std::make_unique<MpiIoWriter>(comm, o, verbose);
        case OutputMode::file_per_node:
            return std::make_unique<FilePerNodeWriter>(comm, o);
        case OutputMode::sorted:
            return std::make_unique<SortedWriter>(comm, o, verbose);
        case OutputMode::hdf5:
            return std::make_unique<Hdf5Writer>(comm, o);
    }
    throw Error("unknown config:output-mode");  // unreachable: the parser knows every mode
}

}  // namespace miniasd
