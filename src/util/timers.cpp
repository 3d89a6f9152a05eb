#include "util/timers.hpp"

#include <cstdio>

namespace miniasd {

int Timers::add(const std::string& name) {
    int id = find(name);
    if (id >= 0) return id;
    names_.push_back(name);
    seconds_.push_back(0.0);
    started_.push_back(Clock::now());
    return size() - 1;
}

int Timers::find(const std::string& name) const {
    for (int i = 0; i < size(); ++i)
        if (names_[i] == name) return i;
    return -1;
}

double wall_seconds() {
    return std::chrono::duration<double>(Timers::Clock::now().time_since_epoch()).count();
}

std::string format_duration(double seconds) {
    char buf[32];
    if (seconds < 0) seconds = 0;
    if (seconds < 60) {
        std::snprintf(buf, sizeof buf, "%.1fs", seconds);
    } else if (seconds < 3600) {
        int s = static_cast<int>(seconds);
        std::snprintf(buf, sizeof buf, "%dm%02ds", s / 60, s % 60);
    } else {
        int m = static_cast<int>(seconds / 60);
        std::snprintf(buf, sizeof buf, "%dh%02dm", m / 60, m % 60);
    }
    return buf;
}

}  // namespace miniasd
