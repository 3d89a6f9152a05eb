// A term driven by the electrical current (the spin torques): its strength is the current's
// fraction of the full one, which an electrical pulse ramps (run/programs/electrical_pulse.cpp) and
// Hamiltonian::set_current passes to every such term.
#pragma once

namespace miniasd {

class CurrentDriven {
  public:
    virtual ~CurrentDriven() = default;
    virtual double current() const = 0;  // of the full current, 0..1
    virtual void set_current(double fraction) = 0;
};

}  // namespace miniasd
