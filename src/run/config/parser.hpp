// From input files to a validated Config. Pure: the files arrive through a loader, so tests feed
// text from memory and the program feeds text that rank 0 read and broadcast
// (input/read_broadcast.hpp). Every rank parses the same text and so reaches the same verdict with
// no communication.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "input/line_parser.hpp"
#include "input/text_loader.hpp"
#include "run/config/config.hpp"
#include "util/error.hpp"

namespace miniasd {

// Reads the main input file and every material file it names, and builds the configuration.
// Throws Error (unreadable main file), InputError (one mistake) or InputErrors (several: every
// mistake in the files is found in one call, up to a cap).
Config read_config(const std::string& input_path, const TextLoader& load);

// Builds a configuration from already-split entries (all files). `input_file` names the main file
// for messages about missing keywords; `earlier` holds mistakes already found (malformed lines),
// reported together with the ones found here.
// `cell` is the unit-cell file that material:unit-cell-file names, already read and parsed
// (read_config does both); an entry naming one without it is an error.
Config build_config(const std::vector<Entry>& entries, const std::string& input_file,
                    const std::vector<InputError>& earlier = {},
                    const UnitCellFile* cell = nullptr);

}  // namespace miniasd
