// An enumeration's input words, written once: the keyword's choices, the parser's lookup, the
// describe() text and every message that names a setting read the same table.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace miniasd {

template <class E>
struct EnumWord {
    E value;
    const char* word;  // as the input writes it
};

template <class E, std::size_t N>
using EnumWords = std::array<EnumWord<E>, N>;

// The word of `v` ("?" if the table lacks it, which a test of each table rules out).
template <class E, std::size_t N>
constexpr const char* word_of(const EnumWords<E, N>& words, E v) {
    for (const auto& w : words)
        if (w.value == v) return w.word;
    return "?";
}

// The value whose word is `text`, compared without regard to case (the parser lowers choices).
template <class E, std::size_t N>
std::optional<E> value_of(const EnumWords<E, N>& words, std::string_view text) {
    auto lower = [](char ch) { return std::tolower(static_cast<unsigned char>(ch)); };
    for (const auto& w : words) {
        const std::string_view word(w.word);
        if (word.size() == text.size() &&
            std::equal(word.begin(), word.end(), text.begin(),
                       [&](char x, char y) { return lower(x) == lower(y); }))
            return w.value;
    }
    return std::nullopt;
}

// "a|b|c": a keyword row's choices, in the table's order.
template <class E, std::size_t N>
std::string choices_of(const EnumWords<E, N>& words) {
    std::string s;
    for (const auto& w : words) {
        if (!s.empty()) s += '|';
        s += w.word;
    }
    return s;
}

}  // namespace miniasd
