// Spins from a file for the initial state (sim:initial-spin-configuration = file,
// sim:initial-spin-file; docs/physics.md, "Initial states"): an OVF 2.0 file (text, binary 4 or
// binary 8: what mumax, Spirit and OOMMF write, and miniasd-convert --to ovf), a miniASD spin
// snapshot (its .meta file, any write mode) or a checkpoint (its directory). Each atom of the
// run takes the spin at its own position: a snapshot's atom within 1e-3 A of it, or the OVF
// cell that holds it (cells coarser than the lattice are sampled, with a note). The file is read
// on one rank and its content sent to the others (SpinSource::to_bytes).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "system/lattice.hpp"
#include "system/local_system.hpp"
#include "system/spins.hpp"

namespace miniasd {

struct SpinSource {
    std::string path;
    bool grid = false;  // an OVF file's cells, else a snapshot's atoms
    // Atoms: positions (m) and spins, [n][3] each. Cells: the first cell's centre (m), the cell
    // size (m) and the counts along x, y, z; spins [nz][ny][nx][3], x fastest.
    std::vector<double> positions, spins;
    std::array<double, 3> base{}, step{};
    std::array<std::int64_t, 3> nodes{};
    // Which file a directory stood for (its newest snapshot or checkpoint), for the start-up
    // summary; not sent to the other ranks.
    std::string note;

    std::string to_bytes() const;
    static SpinSource from_bytes(const std::string& bytes);
};

// Reads the file (its kind from its name: .ovf or .omf, a .meta file, or a directory: a
// checkpoint, a directory of checkpoints or a run's output directory, whose newest complete
// checkpoint or spin snapshot is taken, saying which in `note`). Throws Error naming the file
// and what is wrong with it.
SpinSource read_spin_source(const std::string& path);

// The owned atoms' spins from the source; "" or, on the first atom with none, why (the atom's
// id and position, and the file's extent against the lattice's). `note` gets a remark for the
// start-up summary (sampled cells).
std::string spins_from_source(const SpinSource& source, const Lattice& l, const LocalSystem& sys,
                              Spins& s, std::string& note);

}  // namespace miniasd
