// The builders of keyword-table rows, for the rows of every configuration section
// (input/section.hpp), each in its feature's keyword file (integrate/relax_keywords.cpp). A
// builder returns a Draft: the row with its store and read functions as written, which becomes
// the Keyword<T> of the section's settings T where the file adds it to its table. Not for use
// outside a section's keyword file.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "input/keyword_table.hpp"
#include "util/enum_words.hpp"
#include "util/error.hpp"

namespace miniasd::keyword_rows {

using D = Dimension;
using K = ValueKind;
inline constexpr double big = 1e15;  // "no upper limit" for counts

// The values a row's reader gives back (Keyword::read); `none`: no line is written.
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
inline constexpr std::nullptr_t written_elsewhere = nullptr;

// A row with its store (apply(settings, value, entry)) and read (read(settings, i, j)) as
// written; `readable` false: no read. Converts to the Keyword<T> of any settings T the functions
// accept.
template <class Apply, class Read>
struct Draft {
    KeywordRow row;
    Apply apply;
    Read read;
    bool readable;
    template <class T>
    operator Keyword<T>() const {  // NOLINT(google-explicit-constructor): the table's push_back
        Keyword<T> k;
        static_cast<KeywordRow&>(k) = row;
        k.apply = apply;
        if (readable) k.read = read;
        return k;
    }
};

namespace detail {
template <class Read>
bool present(const Read& read) {
    if constexpr (std::is_same_v<Read, std::nullptr_t>)
        return false;
    else if constexpr (std::is_constructible_v<bool, const Read&>)
        return static_cast<bool>(read);
    else
        return true;
}
// The reader of a row without material indices, as read(settings, i, j).
template <class Read>
auto unindexed(Read read) {
    return [read = std::move(read)](const auto& c, int, int) -> std::optional<Value> {
        if constexpr (std::is_same_v<Read, std::nullptr_t>)
            return std::nullopt;
        else
            return read(c);
    };
}
// A row's fields, as every builder takes them.
inline KeywordRow fields(std::string section, std::string name, K kind, D dim, double min,
                         double max, std::string def, std::string doc) {
    KeywordRow r;
    r.section = std::move(section);
    r.name = std::move(name);
    r.kind = kind;
    r.dimension = dim;
    r.min = min;
    r.max = max;
    r.default_text = std::move(def);
    r.doc = std::move(doc);
    return r;
}
}  // namespace detail

template <class Apply, class Read>
auto row(std::string section, std::string name, K kind, D dim, double min, double max,
         std::string def, std::string doc, Apply apply, Read read) {
    KeywordRow r = detail::fields(std::move(section), std::move(name), kind, dim, min, max,
                                  std::move(def), std::move(doc));
    const bool readable = detail::present(read);
    auto reader = detail::unindexed(std::move(read));
    return Draft<Apply, decltype(reader)>{std::move(r), std::move(apply), std::move(reader),
                                          readable};
}

template <class Apply, class Read>
auto choice(std::string section, std::string name, std::string choices, std::string def,
            std::string doc, Apply apply, Read read) {
    auto d = row(std::move(section), std::move(name), K::choice, D::none, 0, 0, std::move(def),
                 std::move(doc), std::move(apply), std::move(read));
    d.row.choices = std::move(choices);
    return d;
}

// A material[i]: keyword; `f` receives the material and `read` reads it (settings that hold the
// materials: system/system_settings.hpp).
template <class Store, class MaterialRead>
auto mat(std::string name, K kind, D dim, double min, double max, std::string def, std::string doc,
         Store f, MaterialRead read) {
    KeywordRow r = detail::fields("material", std::move(name), kind, dim, min, max, std::move(def),
                                  std::move(doc));
    r.material_indexed = true;
    auto apply = [f = std::move(f)](auto& c, const Value& v, const Entry& e) {
        f(c.materials[static_cast<std::size_t>(e.section_index - 1)], v, e);
    };
    const bool readable = detail::present(read);
    auto reader = [read = std::move(read)](const auto& c, int i, int) -> std::optional<Value> {
        if constexpr (std::is_same_v<MaterialRead, std::nullptr_t>)
            return std::nullopt;
        else
            return read(c.materials[static_cast<std::size_t>(i)]);
    };
    return Draft<decltype(apply), decltype(reader)>{std::move(r), std::move(apply),
                                                    std::move(reader), readable};
}
[[noreturn]] void entry_error(const Entry& e, const std::string& what);

// For enum_choice's `always`: describe() writes the setting even at its default.
inline constexpr auto always = [](const auto&) { return true; };

// A choice whose words are an enumeration's table (util/enum_words.hpp). `field(c)` is the setting
// it stores; describe() writes the line when the setting is not `def`, or when `always(c)` says
// so (a setting that is shown with the feature that uses it).
template <class E, std::size_t N, class Field, class Always = std::nullptr_t>
auto enum_choice(std::string section, std::string name, const EnumWords<E, N>& words, E def,
                 std::string doc, Field field, Always shown = nullptr) {
    return choice(
        std::move(section), std::move(name), choices_of(words), word_of(words, def), std::move(doc),
        [&words, field](auto& c, const Value& v, const Entry& e) {
            const std::optional<E> value = value_of(words, v.text);
            if (!value) entry_error(e, "not one of " + choices_of(words));
            field(c) = *value;
        },
        [&words, def, field, shown](const auto& c) -> std::optional<Value> {
            bool at_default = field(c) == def;
            if constexpr (!std::is_same_v<Always, std::nullptr_t>)
                at_default = at_default && !shown(c);
            if (at_default) return none;
            return word(word_of(words, field(c)));
        });
}

// "11h50m", "1d2h", "90m", "3600s", "3600" (seconds) or Slurm's "[D-]HH:MM[:SS]" in seconds;
// -1 if not a duration. duration_text gives the form describe() writes ("3600s").
double parse_duration(const std::string& text);
std::optional<Value> duration_text(double seconds);

}  // namespace miniasd::keyword_rows
