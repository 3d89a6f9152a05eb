// POV-Ray scenes of a frame: each point an arrow (a shaft and a cone) along its vector, coloured
// by its z component on a blue-grey-red scale with a colour bar; a camera that frames the box from
// above a front corner, z up. Coordinates alone become spheres coloured by material.
#pragma once

#include <string>

#include "frame.hpp"

namespace miniasd::convert {

struct PovOptions {
    int width = 1024, height = 768;  // pixels, for the camera's aspect ratio and --render
};

std::string to_povray(const Frame& f, const PovOptions& o);

// Runs `povray` on `scene` to make `png`; throws Error with POV-Ray's message when it is missing
// or fails.
void render_povray(const std::string& scene, const std::string& png, const PovOptions& o);

// The colour of a z component in [-1, 1] on the scene's scale (blue -1, grey 0, red +1), rgb 0-1.
Vec3 sz_colour(double sz);

}  // namespace miniasd::convert
