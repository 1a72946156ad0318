// See json_value.hpp. The line of a value is the line of the last character
// the parser had read when it reported the value; for a number that is the
// character after it, so a newline read there is not counted.
#include "io/json_value.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>

#include "core/error.hpp"
#include "io/text.hpp"
#include "io/text_encoding.hpp"

namespace nonolab::io {

namespace {

/// `content` with the inside of every string literal through to_utf8.
/// nlohmann's lexer refuses a string that is not UTF-8, so a file with one
/// Latin-1 title would not read at all; decoding here, per literal, is the
/// per-field rule of text_encoding.hpp. It has to happen before parsing, on
/// the raw literal: escapes are ASCII and pass through unchanged, so a title
/// mixing a raw Latin-1 byte with "\u00e9" still decodes both correctly.
/// Bytes outside strings are left alone for the parser to reject.
std::string strings_to_utf8(std::string_view content) {
    std::string out;
    out.reserve(content.size() + content.size() / 8);
    std::size_t i = 0;
    while (i < content.size()) {
        if (content[i] != '"') {
            out += content[i++];
            continue;
        }
        std::size_t end = i + 1;
        while (end < content.size() && content[end] != '"') end += content[end] == '\\' ? 2 : 1;
        end = std::min(end, content.size());  // unterminated: the parser reports it
        out += '"';
        out += to_utf8(content.substr(i + 1, end - i - 1));
        if (end < content.size()) out += '"';
        i = end + 1;
    }
    return out;
}

constexpr int kMaxDepth = 64;
constexpr size_t kMaxValues = 2'000'000;

/// Byte offsets to 1-based line numbers.
class LineIndex {
  public:
    explicit LineIndex(std::string_view text) : text_(text) {
        for (size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') newlines_.push_back(i);
    }
    /// The line of the last character read when `consumed` characters have
    /// been read. A number is only known to end when the character after it
    /// has been read, so a trailing newline is not counted.
    int line_after(size_t consumed) const {
        const size_t end = std::min(consumed, text_.size());
        if (end == 0) return 1;
        size_t at = end - 1;
        if (at > 0 && text_[at] == '\n') --at;
        return line_of(at);
    }
    int line_of(size_t offset) const {
        return static_cast<int>(std::lower_bound(newlines_.begin(), newlines_.end(), offset) -
                                newlines_.begin()) +
               1;
    }

  private:
    std::string_view text_;
    std::vector<size_t> newlines_;
};

/// A character iterator that records in *consumed how many characters it
/// has advanced past, so the SAX callbacks know where the parser is.
class CountingIterator {
  public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    CountingIterator(const char* p, const char* base, size_t* consumed)
        : p_(p), base_(base), consumed_(consumed) {}
    reference operator*() const { return *p_; }
    CountingIterator& operator++() {
        ++p_;
        if (consumed_) *consumed_ = static_cast<size_t>(p_ - base_);
        return *this;
    }
    bool operator==(const CountingIterator& o) const { return p_ == o.p_; }
    bool operator!=(const CountingIterator& o) const { return p_ != o.p_; }

  private:
    const char* p_;
    const char* base_;
    size_t* consumed_;
};

/// Builds a JsonValue tree from SAX events, refusing absurd depth or size.
class Builder : public nlohmann::json_sax<nlohmann::json> {
  public:
    Builder(const LineIndex& lines, const size_t& consumed) : lines_(lines), consumed_(consumed) {}

    using Kind = JsonValue::Kind;
    bool null() override { return add(JsonValue::of(Kind::Null)); }
    bool boolean(bool v) override { return add(JsonValue::of(Kind::Bool, v)); }
    bool number_integer(number_integer_t v) override {
        return add(JsonValue::of(Kind::Integer, v));
    }
    bool number_unsigned(number_unsigned_t v) override {
        if (v <= static_cast<number_unsigned_t>(INT64_MAX))
            return add(JsonValue::of(Kind::Integer, static_cast<std::int64_t>(v)));
        return add(JsonValue::of(Kind::Float, 0, static_cast<double>(v)));
    }
    bool number_float(number_float_t v, const string_t&) override {
        return add(JsonValue::of(Kind::Float, 0, v));
    }
    bool string(string_t& v) override {
        JsonValue j = JsonValue::of(Kind::String);
        j.text = std::move(v);
        return add(std::move(j));
    }
    bool binary(binary_t&) override { return fail("binary values are not JSON text"); }
    bool start_object(std::size_t) override { return open(JsonValue::Kind::Object); }
    bool key(string_t& k) override {
        key_ = std::move(k);
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(JsonValue::Kind::Array); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& ex) override {
        // nlohmann's message is "[json.exception...] parse error at line L, column C: what".
        std::string what = ex.what();
        const size_t col = what.find("column ");
        const size_t colon = col == std::string::npos ? col : what.find(": ", col);
        if (colon != std::string::npos) what = what.substr(colon + 2);
        error_line_ = lines_.line_after(position);
        error_ = "expected valid JSON: " + what;
        return false;
    }

    JsonValue& root() { return root_; }
    const std::string& error() const { return error_; }
    int error_line() const { return error_line_; }

  private:
    struct Open {
        JsonValue value;
        std::string key;  ///< its key in the enclosing object
    };

    int here() const { return lines_.line_after(consumed_); }

    bool fail(std::string message) {
        error_ = std::move(message);
        error_line_ = here();
        return false;
    }

    bool add(JsonValue v) {
        if (++values_ > kMaxValues)
            return fail("expected at most " + std::to_string(kMaxValues) + " JSON values");
        if (v.line == 0) v.line = here();
        if (stack_.empty()) {
            root_ = std::move(v);
        } else if (stack_.back().value.kind == JsonValue::Kind::Array) {
            stack_.back().value.items.push_back(std::move(v));
        } else {
            stack_.back().value.keys.push_back(std::move(key_));
            stack_.back().value.items.push_back(std::move(v));
        }
        return true;
    }

    bool open(JsonValue::Kind kind) {
        if (static_cast<int>(stack_.size()) >= kMaxDepth)
            return fail("expected JSON nested at most " + std::to_string(kMaxDepth) +
                        " levels deep");
        Open o;
        o.value.kind = kind;
        o.value.line = here();
        o.key = std::move(key_);
        stack_.push_back(std::move(o));
        return true;
    }

    bool close() {
        Open o = std::move(stack_.back());
        stack_.pop_back();
        key_ = std::move(o.key);
        return add(std::move(o.value));
    }

    const LineIndex& lines_;
    const size_t& consumed_;
    std::vector<Open> stack_;
    std::string key_;
    JsonValue root_;
    size_t values_ = 0;
    std::string error_;
    int error_line_ = 0;
};

}  // namespace

const char* json_kind_name(JsonValue::Kind k) {
    static const char* const names[] = {"null",     "a boolean", "an integer", "a number",
                                        "a string", "an array",  "an object"};
    return names[static_cast<int>(k)];
}

JsonValue parse_json_with_lines(std::string_view content, const std::string& source) {
    content = strip_bom(content);
    std::string decoded;  // only when some string is not UTF-8
    if (!is_utf8(content)) {
        decoded = strings_to_utf8(content);
        content = decoded;
    }
    const LineIndex lines(content);
    size_t consumed = 0;
    Builder builder(lines, consumed);
    const char* base = content.data();
    bool ok = false;
    try {
        ok = nlohmann::json::sax_parse(CountingIterator(base, base, &consumed),
                                       CountingIterator(base + content.size(), base, nullptr),
                                       &builder);
    } catch (const nlohmann::json::exception& e) {
        throw ParseError(source, lines.line_after(consumed),
                         std::string("expected valid JSON: ") + e.what());
    }
    if (!ok)
        throw ParseError(source, builder.error_line(),
                         builder.error().empty() ? "expected valid JSON" : builder.error());

    return std::move(builder.root());
}

}  // namespace nonolab::io
