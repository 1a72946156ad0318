// JSON text parsed into a small tree whose values remember their line, so
// that a reader can point at the offending value ("file:12: expected a run
// length, got \"x\""). nlohmann's SAX parser does the lexing; it reads
// through an iterator that records how far it got, and each value is given
// the line it ended on. Used by the JSON puzzle reader (io/json.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace nonolab::io {

/// A parsed JSON value that remembers its line.
struct JsonValue {
    enum class Kind { Null, Bool, Integer, Float, String, Array, Object };
    Kind kind = Kind::Null;
    int line = 0;
    std::int64_t integer = 0;
    double number = 0;
    std::string text;
    std::vector<JsonValue> items;   ///< array elements, or object member values
    std::vector<std::string> keys;  ///< object member keys, parallel to items
    // (Not a vector of pair<string, JsonValue>: a pair of an incomplete type is
    // rejected by libc++/clang, while a vector of one is allowed since C++17.)

    static JsonValue of(Kind k, std::int64_t i = 0, double d = 0) {
        JsonValue v;
        v.kind = k, v.integer = i, v.number = d;
        return v;
    }
    const JsonValue* get(std::string_view key) const {
        for (size_t i = 0; i < keys.size(); ++i)
            if (keys[i] == key) return &items[i];
        return nullptr;
    }
};

/// "null", "a string", "an array", ... for messages.
const char* json_kind_name(JsonValue::Kind kind);

/// Parses a whole JSON text (a UTF-8 BOM is skipped). Throws
/// ParseError(source, line, "expected valid JSON: ...") on a syntax error,
/// and refuses nesting deeper than 64 levels or more than 2,000,000 values.
JsonValue parse_json_with_lines(std::string_view content, const std::string& source);

}  // namespace nonolab::io
