// The builders of keyword-table rows (keyword_rows.hpp).
#include "input/keyword_rows.hpp"

namespace miniasd::keyword_rows {

KeywordSpec row(std::string section, std::string name, K kind, D dim, double min, double max,
                std::string def, std::string doc, Apply apply, Read read) {
    KeywordSpec s{
        std::move(section), std::move(name),  false, false, kind, dim, min, max, "", std::move(def),
        std::move(doc),     std::move(apply), "",    {},    {},   ""};
    if (read) s.read = [read](const Config& c, int, int) { return read(c); };
    return s;
}

KeywordSpec choice(std::string section, std::string name, std::string choices, std::string def,
                   std::string doc, Apply apply, Read read) {
    KeywordSpec s = row(std::move(section), std::move(name), K::choice, D::none, 0, 0,
                        std::move(def), std::move(doc), std::move(apply), std::move(read));
    s.choices = std::move(choices);
    return s;
}

KeywordSpec mat(std::string name, K kind, D dim, double min, double max, std::string def,
                std::string doc, std::function<void(MaterialConfig&, const Value&, const Entry&)> f,
                MaterialRead read) {
    KeywordSpec s = row(
        "material", std::move(name), kind, dim, min, max, std::move(def), std::move(doc),
        [f](Config& c, const Value& v, const Entry& e) {
            f(c.materials[static_cast<std::size_t>(e.section_index - 1)], v, e);
        },
        written_elsewhere);
    s.material_indexed = true;
    if (read)
        s.read = [read](const Config& c, int i, int) {
            return read(c.materials[static_cast<std::size_t>(i)]);
        };
    return s;
}

[[noreturn]] void entry_error(const Entry& e, const std::string& what) {
    throw InputError(e.file, e.line, e.key(), what);
}

}  // namespace miniasd::keyword_rows
