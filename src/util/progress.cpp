#include "util/progress.hpp"

#include <algorithm>
#include <cmath>

#include "util/timers.hpp"

namespace miniasd {

Progress::Progress(std::string label, std::int64_t total_steps, std::int64_t atoms, bool active,
                   std::FILE* out, double interval_s)
    : label_(std::move(label)),
      total_(total_steps),
      atoms_(atoms),
      active_(active),
      out_(out),
      interval_(interval_s),
      start_(wall_seconds()),
      last_print_(start_) {}

void Progress::maybe_print(std::int64_t steps_done) {
    const double now = wall_seconds();
    if (now - last_print_ < interval_) return;
    last_print_ = now;
    printed_ = true;
    const double elapsed = now - start_;
    const double rate = steps_done / elapsed;  // steps/s
    const double eta = rate > 0 ? (total_ - steps_done) / rate : 0.0;
    // At most about 50 lines for a long run: the interval grows to 2% of its expected length.
    interval_ = std::max(interval_, (elapsed + eta) / 50.0);
    const double ns_per_atom_step = 1e9 * elapsed / (double(steps_done) * double(atoms_));
    std::fprintf(out_, "  %s: step %lld/%lld (%5.1f%%)  %.3g steps/s  %.2f ns/atom-step  ETA %s\n",
                 label_.c_str(), static_cast<long long>(steps_done), static_cast<long long>(total_),
                 100.0 * steps_done / total_, rate, ns_per_atom_step, format_duration(eta).c_str());
    std::fflush(out_);
}

void Progress::finish(std::int64_t steps_done) {
    if (!active_ || !printed_) return;
    std::fprintf(out_, "  %s: done, %lld steps in %s\n", label_.c_str(),
                 static_cast<long long>(steps_done),
                 format_duration(wall_seconds() - start_).c_str());
    std::fflush(out_);
}

bool ConvergenceEta::due(double value) {
    const double now = wall_seconds(), log_v = std::log(value);
    if (last_ < 0) {
        last_ = now;
        last_log_ = log_v;
        return false;
    }
    if (now - last_ < interval_) return false;
    rate_ = (last_log_ - log_v) / (now - last_);
    left_ = log_v - std::log(tolerance_);
    last_ = now;
    last_log_ = log_v;
    return true;
}

std::string ConvergenceEta::eta() const {
    return rate_ > 0 ? format_duration(left_ / rate_) : "unknown";
}

}  // namespace miniasd
