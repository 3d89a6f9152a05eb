#include "util/background_queue.hpp"

#include <omp.h>
#include <pthread.h>

#include <csignal>

namespace miniasd {

BackgroundQueue::BackgroundQueue(bool threaded) : threaded_(threaded) {
    if (threaded_) worker_ = std::thread([this] { work(); });
}

void BackgroundQueue::stop() {
    if (!worker_.joinable()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    worker_.join();
}

std::int64_t BackgroundQueue::submit(std::function<void()> job) {
    if (!threaded_) {
        job();
        return submitted_++;
    }
    std::int64_t number;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        jobs_.push_back(std::move(job));
        number = submitted_++;
    }
    changed_.notify_all();
    return number;
}

void BackgroundQueue::wait(std::int64_t number) {
    if (!threaded_) return;
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return finished_ > number; });
    if (failure_ && failed_at_ <= number) std::rethrow_exception(failure_);
}

void BackgroundQueue::work() {
    // Signals (SIGTERM, SIGUSR1 from the batch system) go to the main thread, whose handler
    // stops the run at the next check; this thread's system calls are not interrupted by them.
    sigset_t blocked;
    sigfillset(&blocked);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        sigdelset(&blocked, sig);
    pthread_sigmask(SIG_BLOCK, &blocked, nullptr);
    // The jobs' OpenMP loops (record encoding) run on this thread alone: the compute threads
    // keep their cores.
    omp_set_num_threads(1);
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
        if (jobs_.empty()) return;  // stopping, nothing left
        std::function<void()> job = std::move(jobs_.front());
        jobs_.pop_front();
        const bool skip = failure_ != nullptr;
        lock.unlock();
        std::exception_ptr error;
        if (!skip) {
            try {
                job();
            } catch (...) {
                error = std::current_exception();
            }
        }
        job = nullptr;  // release what the job captured outside the lock
        lock.lock();
        if (error) {
            failure_ = error;
            failed_at_ = finished_;
        }
        ++finished_;
        changed_.notify_all();
    }
}

}  // namespace miniasd
