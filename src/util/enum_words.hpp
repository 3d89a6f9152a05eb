// An enumeration's input words, written once: the keyword's choices, the parser's lookup, the
// describe() text and every message that names a setting read the same table.
#pragma once

#include <array>
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
    for (const auto& w : words) {
        const std::string_view word(w.word);
        if (word.size() != text.size()) continue;
        bool equal = true;
        for (std::size_t i = 0; i < word.size() && equal; ++i)
            equal = (word[i] | 0x20) == (text[i] | 0x20) || word[i] == text[i];
        if (equal) return w.value;
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
