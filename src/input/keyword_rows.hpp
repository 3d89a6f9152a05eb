// The builders of keyword-table rows, for the rows of every configuration section
// (input/section.hpp): the sections that live beside their features (integrate/relax_keywords.cpp)
// and the ones still in src/input. Not for use outside a section's keyword file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "input/keyword_table.hpp"
#include "util/enum_words.hpp"
#include "util/error.hpp"

namespace miniasd::keyword_rows {

using D = Dimension;
using K = ValueKind;
using Apply = std::function<void(Config&, const Value&, const Entry&)>;
using Read = std::function<std::optional<Value>(const Config&)>;
using MaterialRead = std::function<std::optional<Value>(const MaterialConfig&)>;
inline constexpr double big = 1e15;  // "no upper limit" for counts

// The values a row's reader gives back (KeywordSpec::read); `none`: no line is written.
inline const std::optional<Value> none;
inline std::optional<Value> number(double x) {
    Value v;
    v.real = x;
    return v;
}
inline std::optional<Value> whole(long long n) {
    Value v;
    v.integer = n;
    return v;
}
inline std::optional<Value> word(std::string s) {
    Value v;
    v.text = std::move(s);
    return v;
}
inline std::optional<Value> triple(const Vec3& x) {  // real_or_triple's three numbers
    Value v;
    v.vec = x;
    v.triple = true;
    v.real = (x[0] + x[1] + x[2]) / 3;
    return v;
}
inline std::optional<Value> unit_vector(const Vec3& d) {
    Value v;
    v.vec = d;
    return v;
}
inline std::optional<Value> flag_if(bool on) {
    return on ? std::optional<Value>(Value{}) : std::nullopt;
}
// For a row with no line of its own: an alias, or a keyword whose fields other rows write
// (create:periodic-boundaries sets the three axes, each written by its own row).
inline const Read written_elsewhere = nullptr;

KeywordSpec row(std::string section, std::string name, K kind, D dim, double min, double max,
                std::string def, std::string doc, Apply apply, Read read);
KeywordSpec choice(std::string section, std::string name, std::string choices, std::string def,
                   std::string doc, Apply apply, Read read);
// A material[i]: keyword; `f` receives the material and `read` reads it.
KeywordSpec mat(std::string name, K kind, D dim, double min, double max, std::string def,
                std::string doc, std::function<void(MaterialConfig&, const Value&, const Entry&)> f,
                MaterialRead read);
[[noreturn]] void entry_error(const Entry& e, const std::string& what);

// For enum_choice's `always`: describe() writes the setting even at its default.
inline bool always(const Config&) {
    return true;
}

// A choice whose words are an enumeration's table (util/enum_words.hpp). `field(c)` is the setting
// it stores; describe() writes the line when the setting is not `def`, or when `always(c)` says
// so (a setting that is shown with the feature that uses it).
template <class E, std::size_t N, class Field>
KeywordSpec enum_choice(std::string section, std::string name, const EnumWords<E, N>& words, E def,
                        std::string doc, Field field, bool (*always)(const Config&) = nullptr) {
    return choice(
        std::move(section), std::move(name), choices_of(words), word_of(words, def), std::move(doc),
        [&words, field](Config& c, const Value& v, const Entry& e) {
            const std::optional<E> value = value_of(words, v.text);
            if (!value) entry_error(e, "not one of " + choices_of(words));
            field(c) = *value;
        },
        [&words, def, field, always](const Config& c) -> std::optional<Value> {
            if (field(c) == def && !(always && always(c))) return none;
            return word(word_of(words, field(c)));
        });
}

// "11h50m", "1d2h", "90m", "3600s", "3600" (seconds) or Slurm's "[D-]HH:MM[:SS]" in seconds;
// -1 if not a duration. duration_text gives the form describe() writes ("3600s").
double parse_duration(const std::string& text);
std::optional<Value> duration_text(double seconds);

}  // namespace miniasd::keyword_rows
