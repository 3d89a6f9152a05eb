// The whole-configuration checks of the prepared initial states (input_checks.hpp): each
// state's parameters are given with it and only with it, and what it needs is there.
#include "input/input_checks.hpp"

#include "util/error.hpp"

namespace miniasd::input_checks {

namespace {

struct StateKeys {
    Config::InitialState state;
    const char* name;
    std::vector<std::string> keys;
};

}  // namespace

void check_initial_state(const Config& c, const std::map<std::string, Entry>& seen) {
    using S = Config::InitialState;
    std::vector<std::string> second;
    for (std::size_t i = 0; i < c.materials.size(); ++i)
        second.push_back("material[" + std::to_string(i + 1) +
                         "]:domain-wall-second-magnetisation-vector");
    const StateKeys states[] = {
        {S::skyrmion,
         "skyrmion",
         {"sim:initial-skyrmion-centre", "sim:initial-skyrmion-radius",
          "sim:initial-skyrmion-helicity", "sim:initial-skyrmion-polarity"}},
        {S::spiral,
         "spiral",
         {"sim:initial-spiral-wave-vector", "sim:initial-spiral-axis",
          "sim:initial-spiral-cone-angle"}},
        {S::domain_wall, "domain-wall", second},
        {S::file, "file", {"sim:initial-spin-file"}},
    };
    for (const StateKeys& s : states)
        for (const std::string& key : s.keys) {
            const auto it = seen.find(key);
            if (it != seen.end() && c.initial_state != s.state)
                fail(it->second, std::string("has an effect only with "
                                             "sim:initial-spin-configuration = ") +
                                     s.name);
        }
    // VAMPIRE's wall keywords belong to its domain-wall program, which miniASD does not have:
    // here they place the initial wall only.
    // The axis also says where the domain-wall columns look.
    const bool wall_columns = shows_column(c, "domain-wall-");
    for (const char* key :
         {"sim:domain-wall-axis", "sim:domain-wall-position", "sim:domain-wall-width"}) {
        const auto it = seen.find(key);
        if (wall_columns && std::string(key) == "sim:domain-wall-axis") continue;
        if (it != seen.end() && c.initial_state != S::domain_wall)
            fail(it->second,
                 "places a wall only with sim:initial-spin-configuration = domain-wall "
                 "(VAMPIRE's domain-wall program, which uses it too, is not implemented; "
                 "sim:domain-wall-axis also sets the axis of the domain-wall columns)");
    }
    const auto state = seen.find("sim:initial-spin-configuration");
    if (state == seen.end()) return;
    if (c.initial_state == S::file && c.initial_spin_file.empty())
        fail(state->second,
             "file needs sim:initial-spin-file (an OVF 2.0 file, a spin snapshot's .meta file "
             "or a checkpoint's directory)");
    if (c.initial_state == S::skyrmion && !(c.skyrmion_radius > 0))
        fail(state->second, "skyrmion needs sim:initial-skyrmion-radius (a length, e.g. 2 !nm)");
    if (c.initial_state == S::spiral && !seen.count("sim:initial-spiral-wave-vector"))
        fail(state->second,
             "spiral needs sim:initial-spiral-wave-vector (qx, qy, qz in reciprocal cells, "
             "e.g. 0.1, 0, 0)");
    if (c.initial_state == S::domain_wall) {
        bool wall = false;
        for (const MaterialConfig& m : c.materials)
            wall =
                wall || m.random_initial_spin || m.initial_spin != m.domain_wall_second_direction;
        if (!wall)
            fail(
                state->second,
                "every material's domain-wall-second-magnetisation-vector equals its "
                "initial-spin-direction, so there is no wall: give "
                "material[i]:domain-wall-second-magnetisation-vector (VAMPIRE's default is 0,0,1)");
    }
}

}  // namespace miniasd::input_checks
