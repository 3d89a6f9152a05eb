// One worker thread that runs jobs in the order they were submitted, for work the caller wants
// done while it goes on (asynchronous snapshot output). Without a thread (threaded = false) a job
// runs inside submit(), so both ways share one code path.
//
// Failures: the first job that throws keeps its exception; later jobs are skipped, and wait()
// rethrows the exception for the failed job and for every job after it. Callers wait for jobs in
// submission order, so every caller that submits the same jobs learns of a failure at the same
// job (the snapshot writers agree on failures over MPI, so that is the same job on every rank).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace miniasd {

class BackgroundQueue {
  public:
    explicit BackgroundQueue(bool threaded);
    ~BackgroundQueue() { stop(); }
    BackgroundQueue(const BackgroundQueue&) = delete;
    BackgroundQueue& operator=(const BackgroundQueue&) = delete;

    // Queues `job` (or runs it now, rethrowing its exception, when not threaded); returns its
    // number, counting from 0.
    std::int64_t submit(std::function<void()> job);
    // Blocks until job `number` has finished; rethrows the first failure if it is at or before
    // `number`.
    void wait(std::int64_t number);
    bool threaded() const { return threaded_; }
    // Runs the jobs still queued (they may be collective with other processes' workers, which
    // run them too), then joins the thread; a failure there is dropped (the caller is unwinding
    // or has waited for everything). No submit() after it.
    void stop();

  private:
    void work();

    const bool threaded_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::function<void()>> jobs_;
    std::int64_t submitted_ = 0, finished_ = 0;  // jobs submitted / finished or skipped
    std::int64_t failed_at_ = -1;                // the first failed job
    std::exception_ptr failure_;
    bool stopping_ = false;
    std::thread worker_;  // last: started once the members above exist
};

}  // namespace miniasd
