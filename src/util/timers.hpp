// Named wall-clock timers for the phases of a run. Each rank accumulates its own
// seconds; parallel/report.hpp reduces them to min/avg/max over ranks.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace miniasd {

class Timers {
  public:
    using Clock = std::chrono::steady_clock;

    // Registers a region and returns its id; ids are dense and stable for the run.
    int add(const std::string& name);
    int find(const std::string& name) const;  // -1 if absent

    void start(int id) { started_[id] = Clock::now(); }
    void stop(int id) {
        seconds_[id] += std::chrono::duration<double>(Clock::now() - started_[id]).count();
    }
    void add_seconds(int id, double s) { seconds_[id] += s; }  // measured elsewhere (threads)

    int size() const { return static_cast<int>(names_.size()); }
    const std::string& name(int id) const { return names_[id]; }
    double seconds(int id) const { return seconds_[id]; }  // s, accumulated on this rank

  private:
    std::vector<std::string> names_;
    std::vector<double> seconds_;
    std::vector<Clock::time_point> started_;
};

// Times one scope into a region.
class ScopedTimer {
  public:
    ScopedTimer(Timers& t, int id) : timers_(t), id_(id) { timers_.start(id_); }
    ~ScopedTimer() { timers_.stop(id_); }
    ScopedTimer(const ScopedTimer&) = delete;
    ScopedTimer& operator=(const ScopedTimer&) = delete;

  private:
    Timers& timers_;
    int id_;
};

// Seconds since an arbitrary fixed point, for rates and ETAs.
double wall_seconds();

// "2h03m", "4m05s", "12.3s": a short human duration.
std::string format_duration(double seconds);

}  // namespace miniasd
