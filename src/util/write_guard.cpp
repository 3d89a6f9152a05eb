#include "util/write_guard.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <thread>

namespace miniasd {

namespace {

using Clock = std::chrono::steady_clock;

struct Armed {
    Clock::time_point deadline;
    double seconds;
    std::string what;
};

// One watcher thread per process, started by the first guard and joined at exit.
class Watcher {
  public:
    static Watcher& get() {
        static Watcher w;
        return w;
    }
    std::uint64_t arm(double seconds, std::string what) {
        std::lock_guard<std::mutex> lock(m_);
        if (!thread_.joinable()) thread_ = std::thread([this] { watch(); });
        const auto wait =
            std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
        armed_[++next_] = Armed{Clock::now() + wait, seconds, std::move(what)};
        cv_.notify_all();
        return next_;
    }
    void disarm(std::uint64_t id) {
        std::lock_guard<std::mutex> lock(m_);
        armed_.erase(id);
    }
    int rank = -1;
    void (*end_job)(int) = nullptr;

  private:
    ~Watcher() {
        {
            std::lock_guard<std::mutex> lock(m_);
            stop_ = true;
        }
        cv_.notify_all();
        if (thread_.joinable()) thread_.join();
    }
    void watch() {
        std::unique_lock<std::mutex> lock(m_);
        while (!stop_) {
            if (armed_.empty()) {
                cv_.wait(lock);
                continue;
            }
            const auto first = std::min_element(
                armed_.begin(), armed_.end(),
                [](const auto& a, const auto& b) { return a.second.deadline < b.second.deadline; });
            // A copy: the wait releases the lock, and a disarm may erase the entry meanwhile.
            const Clock::time_point deadline = first->second.deadline;
            if (Clock::now() < deadline) {
                cv_.wait_until(lock, deadline);
                continue;
            }
            std::fprintf(stderr,
                         "miniasd: error on rank %d: %s has not finished after %.0f s: a rank is "
                         "stuck in the I/O library (a full disk or an unreachable file system?); "
                         "ending the job (config:output-timeout sets the limit)\n",
                         rank, first->second.what.c_str(), first->second.seconds);
            std::fflush(stderr);
            std::fflush(stdout);
            if (end_job) end_job(1);
            std::_Exit(1);
        }
    }
    std::mutex m_;
    std::condition_variable cv_;
    std::thread thread_;
    std::map<std::uint64_t, Armed> armed_;
    std::uint64_t next_ = 0;
    bool stop_ = false;
};

}  // namespace

WriteGuard::WriteGuard(double seconds, std::string what)
    : id_(Watcher::get().arm(seconds, std::move(what))) {}

WriteGuard::~WriteGuard() {
    Watcher::get().disarm(id_);
}

void WriteGuard::configure(int rank, void (*end_job)(int)) {
    Watcher::get().rank = rank;
    Watcher::get().end_job = end_job;
}

double WriteGuard::deadline_for(double timeout, std::int64_t bytes) {
    return std::max(timeout, double(bytes) / 1e6);
}

}  // namespace miniasd
