#include "run/stop_policy.hpp"
#include "util/environment.hpp"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <string>

#include "util/stop_signal.hpp"
#include "util/timers.hpp"

namespace miniasd {

StopPolicy::StopPolicy(const parallel::Comm& comm, double wall_time_limit, std::int64_t atoms)
    : comm_(comm), signal_vote_(comm), wall_time_limit_(wall_time_limit), atoms_(atoms) {
    job_start_ = wall_seconds();  // last_check_ counts from here too
    if (const auto stop = environment(EnvVar::test_stop_at_step))
        test_stop_step_ = std::atoll(stop->c_str());
}

namespace {
std::string signal_name(int sig) {
    return std::string("signal ") + (sig == SIGTERM   ? "SIGTERM"
                                     : sig == SIGUSR1 ? "SIGUSR1"
                                                      : std::to_string(sig));
}
}  // namespace

void StopPolicy::before_step() {
    // Every rank counts the same steps and holds the same period: the votes line up.
    if (signal_vote_.open() || ++since_vote_ < vote_period_) return;
    since_vote_ = 0;
    signal_vote_.start(stop_signal());
}

bool StopPolicy::stop_after(std::int64_t step, double last_checkpoint_s, std::string& why) {
    if (const int sig = signal_vote_.finish(); sig != 0) {
        why = signal_name(sig);
        return true;
    }
    ++seen_;
    bool stop = seen_ >= next_check_ && check(last_checkpoint_s, why);
    if (step == test_stop_step_) {
        stop = true;
        why = "MINIASD_TEST_STOP_AT_STEP";
    }
    return stop;
}

bool StopPolicy::check(double last_checkpoint_s, std::string& why) {
    // Every rank must agree, so the elapsed time is reduced (signals have their own vote); the
    // next check comes after about a second of steps (the same count on every rank: all see the
    // same max).
    const double now = comm_.max(wall_seconds() - job_start_);
    const double per_check = now - last_check_;
    last_check_ = now;
    const double scale = per_check > 0 ? 1.0 / per_check : 2.0;
    interval_ = std::clamp<std::int64_t>(
        static_cast<std::int64_t>(double(interval_) * std::min(scale, 2.0)), 1, 1000000);
    next_check_ = seen_ + interval_;
    // A vote about every millisecond of steps (every step when steps are slower): the stop
    // comes within a millisecond and a step of the signal, and a step of a few microseconds
    // does not pay for a reduction each time.
    vote_period_ = std::max<std::int64_t>(1, interval_ / 1000);
    if (wall_time_limit_ > 0) {
        // Keep room for two more checks and a checkpoint (twice the last one's time; before the
        // first, 60 bytes per atom at 100 MB/s).
        const double estimate =
            last_checkpoint_s > 0 ? 2 * last_checkpoint_s : double(atoms_) * 60.0 / 1e8;
        if (now + 2 * per_check + estimate + 1.0 >= wall_time_limit_) {
            why = "the wall-time limit (sim:wall-time-limit = " +
                  std::to_string(static_cast<long long>(wall_time_limit_)) + " s) is near";
            return true;
        }
    }
    return false;
}

}  // namespace miniasd
