#include "run/loop_observers.hpp"

#include <stdexcept>
#include <utility>

namespace miniasd {

namespace {

const char* moment_words(LoopMoment m) {
    switch (m) {
        case LoopMoment::before_step:
            return "before a step";
        case LoopMoment::sample:
            return "at a sample";
        case LoopMoment::row:
            return "after a row";
        case LoopMoment::after_step:
            return "after a step";
    }
    return "?";
}

}  // namespace

Rhythm Rhythm::every_n(LoopMoment m, std::int64_t n, const char* unit) {
    if (n <= 0) throw std::invalid_argument("a rhythm's period must be positive");
    Rhythm r;
    r.moment = m;
    r.every = n;
    r.words =
        n == 1 ? std::string("every ") + unit : "every " + std::to_string(n) + " " + unit + "s";
    return r;
}

Rhythm Rhythm::decided(LoopMoment m, std::function<bool(std::int64_t)> when, std::string words) {
    Rhythm r;
    r.moment = m;
    r.when = std::move(when);
    r.words = std::move(words);
    return r;
}

void LoopObservers::add(std::string name, Rhythm rhythm, Act act) {
    entries_.push_back({std::move(name), std::move(rhythm), std::move(act)});
}

void LoopObservers::notify(LoopMoment m, std::int64_t count) const {
    for (const Entry& e : entries_)
        if (e.rhythm.moment == m && e.rhythm.due(count)) e.act(count);
}

std::string LoopObservers::schedule() const {
    std::string s;
    for (const Entry& e : entries_) {
        if (!s.empty()) s += "; ";
        s += e.name + " (" + moment_words(e.rhythm.moment) + ", " + e.rhythm.words + ")";
    }
    return s;
}

}  // namespace miniasd
