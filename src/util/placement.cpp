#include "util/placement.hpp"
#include "util/environment.hpp"

#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

namespace miniasd {

namespace {
const char* bind_name(omp_proc_bind_t b) {
    switch (b) {
        case omp_proc_bind_false:
            return "false";
        case omp_proc_bind_true:
            return "true";
        case omp_proc_bind_close:
            return "close";
        case omp_proc_bind_spread:
            return "spread";
        default:
            return "primary";  // omp_proc_bind_master / omp_proc_bind_primary
    }
}

int allowed_cpus() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) != 0) return 0;
    return CPU_COUNT(&set);
}
}  // namespace

ThreadPlacement local_placement() {
    ThreadPlacement p;
    char host[256] = {0};
    if (gethostname(host, sizeof host - 1) != 0) std::snprintf(host, sizeof host, "unknown");
    p.host = host;
    p.proc_bind = bind_name(omp_get_proc_bind());
    p.places = omp_get_num_places();
    const int n = omp_get_max_threads();
    p.cpu.assign(static_cast<std::size_t>(n), -1);
    p.allowed.assign(static_cast<std::size_t>(n), 0);
#pragma omp parallel num_threads(n)
    {
        const auto t = static_cast<std::size_t>(omp_get_thread_num());
        p.cpu[t] = sched_getcpu();
        p.allowed[t] = allowed_cpus();
    }
    return p;
}

std::string ThreadPlacement::encode() const {
    std::ostringstream s;
    s << host << '|' << proc_bind << '|' << places << '|';
    for (std::size_t t = 0; t < cpu.size(); ++t)
        s << (t ? "," : "") << cpu[t] << ':' << allowed[t];
    return s.str();
}

ThreadPlacement ThreadPlacement::decode(const std::string& text) {
    ThreadPlacement p;
    std::istringstream s(text);
    std::string places, threads;
    std::getline(s, p.host, '|');
    std::getline(s, p.proc_bind, '|');
    std::getline(s, places, '|');
    std::getline(s, threads);
    p.places = std::atoi(places.c_str());
    std::istringstream t(threads);
    std::string item;
    while (std::getline(t, item, ',')) {
        const std::size_t colon = item.find(':');
        p.cpu.push_back(std::atoi(item.substr(0, colon).c_str()));
        p.allowed.push_back(colon == std::string::npos ? 0 : std::atoi(item.c_str() + colon + 1));
    }
    return p;
}

std::string environment_or_unset(EnvVar v) {
    return environment(v).value_or("(unset)");
}

PlacementSummary summarise(const std::vector<ThreadPlacement>& ranks) {
    PlacementSummary s;
    std::map<std::string, int> per_host;
    std::map<std::pair<std::string, int>, int> on_cpu;  // (host, cpu) -> threads
    for (const ThreadPlacement& p : ranks) {
        ++per_host[p.host];
        for (std::size_t t = 0; t < p.cpu.size(); ++t) {
            if (p.allowed[t] > 1) s.unbound = true;
            if (p.allowed[t] == 1 && p.cpu[t] >= 0 && ++on_cpu[{p.host, p.cpu[t]}] == 2 &&
                s.shared_cpu.empty())
                s.shared_cpu =
                    "two bound threads share CPU " + std::to_string(p.cpu[t]) + " of " + p.host;
        }
    }
    s.hosts = static_cast<int>(per_host.size());
    s.min_ranks_per_host = s.max_ranks_per_host = per_host.empty() ? 0 : per_host.begin()->second;
    for (const auto& [host, n] : per_host) {
        s.min_ranks_per_host = std::min(s.min_ranks_per_host, n);
        s.max_ranks_per_host = std::max(s.max_ranks_per_host, n);
    }
    return s;
}

int threads_for_work(long long atoms_per_rank, int allowed) {
    const long long by_work = std::max(1LL, atoms_per_rank / min_atoms_per_thread);
    return static_cast<int>(std::max(1LL, std::min<long long>(allowed, by_work)));
}

HostFacts host_facts() {
    HostFacts h;
    std::ifstream in("/proc/cpuinfo");
    std::set<std::pair<std::string, std::string>> cores;
    std::string line, physical;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string key = line.substr(0, colon), value = line.substr(colon + 1);
        key.erase(key.find_last_not_of(" \t") + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        if (key == "model name" && h.cpu_model == "unknown") h.cpu_model = value;
        if (key == "physical id") physical = value;
        if (key == "core id") cores.insert({physical, value});
    }
    h.cores = cores.empty() ? static_cast<int>(std::thread::hardware_concurrency())
                            : static_cast<int>(cores.size());
    return h;
}

}  // namespace miniasd
