// Internal to src/input: collects the mistakes of one input so all of them are reported in one
// run. One mistake per line (a line that failed once is not reported again by a later pass), and
// a check about a keyword whose own line already failed is dropped as a consequence, not a cause.
#pragma once

#include <algorithm>
#include <cstddef>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "util/error.hpp"

namespace miniasd {

class Mistakes {
  public:
    static constexpr std::size_t cap = 25;  // listed; more are counted

    // Runs f; an InputError it throws is recorded instead of propagated.
    template <class F>
    bool check(F&& f) {
        try {
            f();
            return true;
        } catch (const InputError& e) {
            add(e);
            return false;
        }
    }

    void add(const InputError& e) {
        if (e.line() > 0 && !lines_.insert({e.file(), e.line()}).second) return;
        if (!e.keyword().empty() && failed_keys_.count(e.keyword()) && e.line() == 0) return;
        failed_keys_.insert(e.keyword());
        if (list_.size() < cap)
            list_.push_back(e);
        else
            ++dropped_;
    }

    bool empty() const { return list_.empty(); }

    // One mistake is thrown as itself; several as InputErrors, in reading order: the main file
    // first, then each material file, by line.
    void throw_if_any(const std::string& main_file) {
        if (list_.empty()) return;
        if (list_.size() == 1 && dropped_ == 0) throw list_.front();
        std::stable_sort(list_.begin(), list_.end(), [&](const InputError& a, const InputError& b) {
            return std::make_tuple(a.file() != main_file, a.file(), a.line()) <
                   std::make_tuple(b.file() != main_file, b.file(), b.line());
        });
        throw InputErrors(list_, dropped_);
    }

  private:
    std::vector<InputError> list_;
    std::size_t dropped_ = 0;
    std::set<std::pair<std::string, int>> lines_;
    std::set<std::string> failed_keys_;
};

}  // namespace miniasd
