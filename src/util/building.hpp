// What this thread is building, so that running out of memory names it: a std::bad_alloc that
// reaches main says "out of memory while building the exchange term's tables" instead of only
// "std::bad_alloc". Scopes nest; the innermost names the structure. The scopes close as the
// exception unwinds the stack, so the innermost one an exception leaves records itself
// (failed_in) for the handler in main.
#pragma once

#include <exception>
#include <string>
#include <utility>

namespace miniasd {

class Building {
  public:
    explicit Building(std::string what)
        : what_(std::move(what)), previous_(current()), exceptions_(std::uncaught_exceptions()) {
        current() = what_.c_str();
    }
    ~Building() {
        if (std::uncaught_exceptions() > exceptions_ && failed().empty()) failed() = what_;
        current() = previous_;
    }
    Building(const Building&) = delete;
    Building& operator=(const Building&) = delete;
    // The innermost scope an exception left ("" if none), for the handler that caught it.
    static const std::string& failed_in() { return failed(); }

  private:
    static const char*& current() {
        thread_local const char* what = nullptr;
        return what;
    }
    static std::string& failed() {
        thread_local std::string what;
        return what;
    }
    std::string what_;
    const char* previous_;
    int exceptions_;
};

// f() inside a Building scope named `what` (for member initialisers: the result is f()'s own).
template <class F>
decltype(auto) building(std::string what, F&& f) {
    const Building scope(std::move(what));
    return std::forward<F>(f)();
}

}  // namespace miniasd
