// A small streaming JSON writer for the run's report file: objects, arrays, strings escaped per
// RFC 8259, numbers in shortest round-trip form (non-finite numbers become null, which JSON
// requires). Commas and nesting are tracked here so callers cannot produce invalid JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace miniasd {

class JsonWriter {
  public:
    // Containers: `key` is used inside an object and must be empty inside an array.
    JsonWriter& begin_object(const std::string& key = "");
    JsonWriter& begin_array(const std::string& key = "");
    JsonWriter& end();  // closes the innermost object or array

    JsonWriter& value(const std::string& key, const std::string& v);
    JsonWriter& value(const std::string& key, const char* v) { return value(key, std::string(v)); }
    JsonWriter& value(const std::string& key, double v);
    JsonWriter& value(const std::string& key, std::int64_t v);
    JsonWriter& value(const std::string& key, int v) { return value(key, std::int64_t(v)); }
    JsonWriter& value(const std::string& key, bool v);

    // The document so far; complete when every container is closed.
    const std::string& text() const { return out_; }

  private:
    void item(const std::string& key);  // comma, indentation and "key": before an item
    JsonWriter& open(const std::string& key, char opening, char closing);
    std::string out_;
    std::vector<bool> first_;    // per open container: no item yet
    std::vector<char> closers_;  // per open container: '}' or ']'
};

std::string json_escape(const std::string& s);  // with the surrounding quotes

}  // namespace miniasd
