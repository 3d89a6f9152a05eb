// The registry of local terms' kernels: one row per term, its name and its view type. From it
// come KernelId, TermView (a tagged union of the views, trivially copyable: what a device gets
// one per term) and the three per-atom dispatchers, field_at, energy_at and energy_change_at over
// a TermView, which call the term's own kernel with no virtual call. Adding a term: its header in
// src/kernels/ and one row here (docs/architecture.md, "Adding a term").
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernels/anisotropy_forms.hpp"
#include "kernels/biquadratic.hpp"
#include "kernels/cubic_anisotropy.hpp"
#include "kernels/current_torque.hpp"
#include "kernels/dmi.hpp"
#include "kernels/exchange.hpp"
#include "kernels/four_spin.hpp"
#include "kernels/held_field.hpp"
#include "kernels/kitaev.hpp"
#include "kernels/material_field.hpp"
#include "kernels/neel_anisotropy.hpp"
#include "kernels/spin_torque.hpp"
#include "kernels/tensor_exchange.hpp"
#include "kernels/uniaxial_anisotropy.hpp"
#include "kernels/zeeman.hpp"
#include "util/device.hpp"

// X(name, view type): every local term's kernel.
#define MINIASD_LOCAL_KERNELS(X)                   \
    X(exchange, ExchangeView)                      \
    X(tensor_exchange, TensorExchangeView)         \
    X(uniaxial_anisotropy, UniaxialAnisotropyView) \
    X(cubic_anisotropy, CubicAnisotropyView)       \
    X(anisotropy_forms, AnisotropyFormsView)       \
    X(neel_anisotropy, NeelAnisotropyView)         \
    X(zeeman, ZeemanView)                          \
    X(material_field, MaterialFieldView)           \
    X(dmi, DmiView)                                \
    X(biquadratic, BiquadraticView)                \
    X(kitaev, KitaevView)                          \
    X(four_spin, FourSpinView)                     \
    X(spin_torque, SpinTorqueView)                 \
    X(current_torque, CurrentTorqueView)           \
    X(held_field, HeldFieldView)

namespace miniasd::kernels {

enum class KernelId : int {
#define MINIASD_KERNEL_ID(name, View) name,
    MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_ID)
#undef MINIASD_KERNEL_ID
};

// The kernels' names in the registry's order, for messages and tests.
inline const char* kernel_name(KernelId id) {
    switch (id) {
#define MINIASD_KERNEL_NAME(name, View) \
    case KernelId::name:                \
        return #name;
        MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_NAME)
#undef MINIASD_KERNEL_NAME
    }
    return "?";
}

// A view is copied to a device as bytes: raw pointers and numbers, nothing that owns memory.
#define MINIASD_KERNEL_COPYABLE(name, View) \
    static_assert(std::is_trivially_copyable_v<View>, #View " must be trivially copyable");
MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_COPYABLE)
#undef MINIASD_KERNEL_COPYABLE

// One local term's kernel and view.
struct TermView {
    KernelId id;
    union {
#define MINIASD_KERNEL_MEMBER(name, View) View name;
        MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_MEMBER)
#undef MINIASD_KERNEL_MEMBER
    };
#define MINIASD_KERNEL_CONSTRUCTOR(name, View) \
    MINIASD_HD TermView(const View& v) : id(KernelId::name), name(v) {}
    MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_CONSTRUCTOR)
#undef MINIASD_KERNEL_CONSTRUCTOR
};

static_assert(std::is_trivially_copyable_v<TermView>, "TermView must be trivially copyable");

// Adds the term's field at owned atom i (T) to (hx, hy, hz).
MINIASD_HD inline void field_at(std::int64_t i, const TermView& t, const SpinView& s, double& hx,
                                double& hy, double& hz) {
    switch (t.id) {
#define MINIASD_KERNEL_FIELD(name, View) \
    case KernelId::name:                 \
        return field_at(i, t.name, s, hx, hy, hz);
        MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_FIELD)
#undef MINIASD_KERNEL_FIELD
    }
}

// The term's energy attributed to owned atom i (J): pair terms give each atom half of each pair.
MINIASD_HD inline double energy_at(std::int64_t i, const TermView& t, const SpinView& s) {
    switch (t.id) {
#define MINIASD_KERNEL_ENERGY(name, View) \
    case KernelId::name:                  \
        return energy_at(i, t.name, s);
        MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_ENERGY)
#undef MINIASD_KERNEL_ENERGY
    }
    return 0;
}

// The change of the term's energy (J) when owned atom i goes from `from` to `to`, every other
// spin as in s: pair terms count each of i's pairs whole.
MINIASD_HD inline double energy_change_at(std::int64_t i, const TermView& t, const SpinView& s,
                                          const double* from, const double* to) {
    switch (t.id) {
#define MINIASD_KERNEL_CHANGE(name, View) \
    case KernelId::name:                  \
        return energy_change_at(i, t.name, s, from, to);
        MINIASD_LOCAL_KERNELS(MINIASD_KERNEL_CHANGE)
#undef MINIASD_KERNEL_CHANGE
    }
    return 0;
}

}  // namespace miniasd::kernels
