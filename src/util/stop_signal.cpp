#include "util/stop_signal.hpp"

#include <csignal>

namespace miniasd {

namespace {
volatile std::sig_atomic_t received = 0;
extern "C" void on_stop_signal(int sig) {
    received = sig;
}
}  // namespace

void install_stop_signals() {
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;  // system calls in progress (file writes) resume
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGUSR1, &sa, nullptr);
}

int stop_signal() {
    return received;
}

void raise_stop_signal(int sig) {
    received = sig;
}

}  // namespace miniasd
