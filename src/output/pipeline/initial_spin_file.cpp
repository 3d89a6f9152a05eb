#include "output/pipeline/initial_spin_file.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "system/local_system.hpp"
#include "system/spins.hpp"
#include "util/error.hpp"

namespace miniasd {

SpinSource load_spin_source(const parallel::Comm& comm, const std::string& path,
                            std::string& note) {
    int status = 0;
    std::string bytes;
    if (comm.is_root()) try {
            const SpinSource s = read_spin_source(path);
            note = s.note;
            bytes = s.to_bytes();
        } catch (const Error& e) {
            status = 1;
            bytes = e.what();
        }
    comm.broadcast(status, bytes);
    if (status != 0) throw Error(bytes);
    return SpinSource::from_bytes(bytes);
}

void check_spin_source_covers(const parallel::Comm& comm, const SpinSource& source,
                              const Lattice& l, const std::string& path, std::string& note) {
    constexpr std::int64_t chunk = 1000000;
    const std::int64_t ids = l.id_space(), ranks = comm.size(), me = comm.rank();
    const std::int64_t begin = ids * me / ranks, end = ids * (me + 1) / ranks;
    std::string why;
    for (std::int64_t from = begin; from < end && why.empty(); from += chunk) {
        LocalSystem part;  // only the ids spins_from_source reads
        for (std::int64_t g = from; g < std::min(end, from + chunk); ++g) {
            std::int64_t cx, cy, cz;
            int site;
            l.decode(g, cx, cy, cz, site);
            if (l.present(cx, cy, cz, site)) part.gid.push_back(g);
        }
        part.n_owned = static_cast<std::int64_t>(part.gid.size());
        Spins s;
        s.resize(part.n_owned);
        why = spins_from_source(source, l, part, s, note);
    }
    // The first failing rank's message (ranks hold ascending ids: the lowest atom reported).
    comm.throw_if_any(why.empty() ? why : "sim:initial-spin-file '" + path + "': " + why);
}

}  // namespace miniasd
