// The geodesic nudged elastic band's settings (sim:program = gneb; integrate/gneb.hpp): a
// configuration section (input/section.hpp), read from the keywords in gneb_keywords.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "system/system_settings.hpp"
#include "util/fields.hpp"
#include "util/vec3.hpp"

namespace miniasd {

template <class T>
struct SectionOf;

struct GnebSection {
    std::int64_t images = 10;       // the chain's images, end points included
    Vec3 final_direction{0, 0, 0};  // the final state, uniform (zero: not given)
    std::string final_file;         // or the final state from a spin file ("": not given)
    bool relax_end_points = true;   // minimise both end points before the chain moves
    double spring_constant = 1.602176634e-22;  // J/rad^2 (1 meV/rad^2, Spirit's default)
    bool climbing = true;                      // the highest image climbs once the path has settled
    bool falling = false;                      // images at minima along the path fall into them
    double tolerance = 1e-6;  // T: converged when every image's largest |force| / mu is below
    std::int64_t interpolations = 10;  // points per segment of the interpolated path
    MINIASD_FIELDS(images, final_direction, final_file, relax_end_points, spring_constant, climbing,
                   falling, tolerance, interpolations);
};
MINIASD_SIZE_GUARD(GnebSection, 104);

// What the chain's code reads of the input: its section, over the system's.
struct GnebSettings : virtual SystemSettings {
    GnebSection gneb;
};

SectionOf<GnebSettings> gneb_section();  // gneb_keywords.cpp

}  // namespace miniasd
