// Settings the run would take and then do nothing with, or something else than asked: directions
// that overflow or underflow, pulses shorter than a time step, skyrmions the box cannot hold.
#include <gtest/gtest.h>

#include <cmath>

#include "parser_support.hpp"
#include "run/config/parser.hpp"

using namespace miniasd;
using test::config_from_text;
using test::expect_error;
using test::material1;

// A direction of any length turns into its unit vector: one whose squared length overflows
// (it became the zero vector and turned the field off, exit 0) or underflows (it was refused as
// the zero vector) is scaled first; the material axes and initial directions read the same way.
TEST(Parser, DirectionsOfAnyLengthAreNormalisedNeverZeroed) {
    const Config c =
        config_from_text("sim:applied-field-unit-vector = 1e300,1e300,0\n" + material1 +
                         "material[1]:uniaxial-anisotropy-direction = 0,1e-300,1e-300\n"
                         "material[1]:initial-spin-direction = -1e308,0,0\n");
    const double h = 1 / std::sqrt(2.0);
    EXPECT_NEAR(c.sim.field_direction[0], h, 1e-15);
    EXPECT_NEAR(c.sim.field_direction[1], h, 1e-15);
    EXPECT_EQ(c.sim.field_direction[2], 0);
    EXPECT_NEAR(c.materials[0].anisotropy_axis[1], h, 1e-15);
    EXPECT_NEAR(c.materials[0].anisotropy_axis[2], h, 1e-15);
    EXPECT_EQ(c.materials[0].initial_spin[0], -1);
    // An ordinary vector keeps the bits it always had (x / sqrt(x^2 + y^2 + z^2)).
    const Config d = config_from_text("sim:applied-field-unit-vector = 1,2,2\n" + material1);
    EXPECT_EQ(d.sim.field_direction[1], 2.0 / 3.0);
    expect_error("sim:applied-field-unit-vector = 0,-0,0\n", 1, {"zero vector"});
}

// Settings that would be accepted and do nothing, or do something else than asked: a pulse (or a
// part of one) shorter than a time step acted for a whole step, a pulse of zero length did
// nothing; a prepared skyrmion larger than the box or overlapping another made no skyrmion.
TEST(Parser, PulsesAndSkyrmionsTheRunCannotResolveAreRefused) {
    const std::string torque =
        "sim:program = electrical-pulse\nsim:time-step = 0.1 !fs\n"
        "sim:spin-transfer-torque-polarization-unit-vector = 0,0,1\n"
        "material[1]:spin-transfer-relaxation-torque = 1 !T\n";
    expect_error(torque + "sim:electrical-pulse-time = 0 !s\n", 5,
                 {"the electrical pulse has no length", "no current would flow"});
    expect_error(
        torque +
            "sim:electrical-pulse-time = 1 !ps\n"
            "sim:electrical-pulse-rise-time = 0.05 !fs\n",
        6, {"sim:electrical-pulse-rise-time = 5e-17 s is shorter than the time step (1e-16 s)"});
    EXPECT_NO_THROW(config_from_text(torque +
                                     "sim:electrical-pulse-time = 1 !ps\n"
                                     "sim:electrical-pulse-rise-time = 0.1 !fs\n" +
                                     material1));
    const std::string laser = "sim:program = laser-pulse\nsim:time-step = 1 !fs\n";
    expect_error(laser + "sim:laser-pulse-time = 2 !fs\n", 3,
                 {"sim:laser-pulse-time = 2e-15 s is too short for the time step (1e-15 s)",
                  "a Gaussian needs a full width of at least 2.355 steps"});
    EXPECT_NO_THROW(config_from_text(laser + "sim:laser-pulse-time = 2.4 !fs\n" + material1));
    expect_error(laser +
                     "sim:laser-pulse-temporal-profile = square\n"
                     "sim:maximum-temperature = 600\nsim:laser-pulse-time = 0.5 !fs\n",
                 5, {"it would act for a whole step"});
    const std::string film =
        "dimensions:system-size-x = 6 !nm\ndimensions:system-size-y = 4 !nm\n"
        "sim:initial-spin-configuration = skyrmion\n";
    expect_error(film + "sim:initial-skyrmion-radius = 2.5 !nm\n", 4,
                 {"reaches past the box (60 x 40 A in the plane)"});
    expect_error(film +
                     "sim:initial-skyrmion-radius = 0.5 !nm\n"
                     "sim:initial-skyrmion-centre = 0.25, 0.5; 0.25, 0.5\n",
                 5, {"skyrmions 1 and 2 are 0 A apart, less than twice the radius (10 A)"});
    EXPECT_NO_THROW(config_from_text(film +
                                     "sim:initial-skyrmion-radius = 0.5 !nm\n"
                                     "sim:initial-skyrmion-centre = 0.25, 0.5; 0.75, 0.5\n" +
                                     material1));
}
