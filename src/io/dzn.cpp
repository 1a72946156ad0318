// MiniZinc data files (.dzn) for Håkan Kjellerstrand's nonogram models
// (github.com/hakank/hakank, minizinc/nonogram*.mzn). A file is a list of
// assignments `name = value;` with `%` line comments (and `/* */` blocks):
//
//     rows = 8;  row_rule_len = 2;
//     row_rules = array2d(1..rows, 1..row_rule_len, [0,1, 0,2, 4,4, ...]);
//     cols = 13; col_rule_len = 2;
//     col_rules = array2d(1..cols, 1..col_rule_len, [0,2, 2,1, ...]);
//
// Each rule is padded to the common length with zeros on the LEFT; we also
// accept zeros on the right, but a zero between two runs is an error. The
// rule arrays may also be written as a flat `[...]` list (split with
// *_rule_len) or as a MiniZinc 2-D literal `[| 0,1 | 0,2 |]`. Other
// variables are ignored; a file without row_rules/col_rules (for example
// the automaton-encoded *_aut.dzn twins) is refused as unsupported.
#include "io/dzn.hpp"

#include <map>
#include <optional>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "io/text.hpp"

namespace nonolab::io {

namespace {

enum class Tok { Ident, Int, Punct, String, End };

struct Token {
    Tok kind = Tok::End;
    std::string_view text;
    int line = 0;
    long long value = 0;  // for Int
};

bool is_ident_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_ident_char(char c) {
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

std::string show(const Token& t) {
    if (t.kind == Tok::End) return "the end of the file";
    return "'" + std::string(t.text.substr(0, 40)) + "'";
}

std::vector<Token> tokenize(std::string_view s, const std::string& source) {
    std::vector<Token> out;
    int line = 1;
    size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '\n') {
            ++line, ++i;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ++i;
        } else if (c == '%') {
            while (i < s.size() && s[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
            const int start = line;
            i += 2;
            while (i + 1 < s.size() && !(s[i] == '*' && s[i + 1] == '/')) {
                if (s[i] == '\n') ++line;
                ++i;
            }
            if (i + 1 >= s.size())
                throw ParseError(source, start,
                                 "expected '*/' to close this comment, got the end of the file");
            i += 2;
        } else if (is_ident_start(c)) {
            const size_t b = i;
            while (i < s.size() && is_ident_char(s[i])) ++i;
            out.push_back({Tok::Ident, s.substr(b, i - b), line, 0});
        } else if (c >= '0' && c <= '9') {
            const size_t b = i;
            long long v = 0;
            while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
                if (v < 1000000000LL) v = v * 10 + (s[i] - '0');
                ++i;
            }
            out.push_back({Tok::Int, s.substr(b, i - b), line, v});
        } else if (c == '"') {
            const size_t b = i++;
            while (i < s.size() && s[i] != '"' && s[i] != '\n') ++i;
            if (i >= s.size() || s[i] != '"')
                throw ParseError(source, line, "expected a closing '\"' on this line");
            ++i;
            out.push_back({Tok::String, s.substr(b, i - b), line, 0});
        } else if (c == '.' && i + 1 < s.size() && s[i + 1] == '.') {
            out.push_back({Tok::Punct, s.substr(i, 2), line, 0});
            i += 2;
        } else if (std::string_view("=;,()[]|{}+-*:<>").find(c) != std::string_view::npos) {
            out.push_back({Tok::Punct, s.substr(i, 1), line, 0});
            ++i;
        } else {
            throw ParseError(source, line,
                             "expected MiniZinc data (name = value;), got the character '" +
                                 std::string(1, c) + "'");
        }
    }
    out.push_back({Tok::End, {}, line, 0});
    return out;
}

// One `name = ...;` statement: the tokens of its value, [begin, end).
struct Assignment {
    int line = 0;
    size_t begin = 0;
    size_t end = 0;
};

class DznParser {
  public:
    DznParser(std::string_view content, const std::string& source)
        : source_(source), toks_(tokenize(strip_bom(content), source)) {}

    Puzzle parse() {
        collect_assignments();
        if (vars_.empty())
            throw ParseError(source_, 0,
                             "expected MiniZinc data (name = value;), got no assignments");
        const bool has_rows = vars_.count("row_rules") != 0;
        const bool has_cols = vars_.count("col_rules") != 0;
        if (!has_rows && !has_cols) {
            std::string names;
            for (const auto& [name, a] : vars_) names += (names.empty() ? "" : ", ") + name;
            throw UnsupportedError(
                source_, first_line_,
                "expected the arrays row_rules and col_rules of hakank's nonogram model, found "
                "neither (variables: " +
                    names +
                    "); automaton-encoded and other nonogram data layouts are not supported");
        }
        std::vector<Clue> rows, cols;
        if (has_rows) rows = rules("row_rules", "row_rule_len", "rows");
        if (has_cols) cols = rules("col_rules", "col_rule_len", "cols");
        if (!has_rows || !has_cols)
            throw ParseError(
                source_, vars_.at(has_rows ? "row_rules" : "col_rules").line,
                std::string("expected an assignment to ") +
                    (has_rows ? "col_rules (the column rules)" : "row_rules (the row rules)") +
                    " as well, found none in the file");
        const int height = static_cast<int>(rows.size());
        const int width = static_cast<int>(cols.size());
        return build_puzzle(source_, first_line_, 0, width, height, std::move(rows),
                            std::move(cols));
    }

  private:
    const Token& at(size_t i) const { return toks_[i < toks_.size() ? i : toks_.size() - 1]; }

    [[noreturn]] void fail(const Token& t, const std::string& expected) const {
        throw ParseError(source_, t.line, "expected " + expected + ", got " + show(t));
    }

    void expect_punct(size_t& i, std::string_view p, const std::string& what) const {
        if (at(i).kind != Tok::Punct || at(i).text != p) fail(at(i), what);
        ++i;
    }

    void collect_assignments() {
        size_t i = 0;
        while (at(i).kind != Tok::End) {
            const Token& name = at(i);
            if (name.kind != Tok::Ident)
                fail(name, "a variable name at the start of an assignment");
            if (first_line_ == 0) first_line_ = name.line;
            ++i;
            expect_punct(i, "=", "'=' after '" + std::string(name.text) + "'");
            const size_t begin = i;
            int depth = 0;
            while (at(i).kind != Tok::End &&
                   !(depth == 0 && at(i).kind == Tok::Punct && at(i).text == ";")) {
                if (at(i).kind == Tok::Punct &&
                    (at(i).text == "(" || at(i).text == "[" || at(i).text == "{"))
                    ++depth;
                if (at(i).kind == Tok::Punct &&
                    (at(i).text == ")" || at(i).text == "]" || at(i).text == "}"))
                    --depth;
                ++i;
            }
            // MiniZinc lets the last item omit its ';', but not an unclosed bracket.
            if (at(i).kind == Tok::End && depth != 0)
                throw ParseError(source_, name.line,
                                 "expected a closing bracket and ';' to end the assignment of '" +
                                     std::string(name.text) + "', got the end of the file");
            if (i == begin) fail(at(i), "a value for '" + std::string(name.text) + "'");
            const std::string key(name.text);
            if (auto it = vars_.find(key); it != vars_.end())
                throw ParseError(source_, name.line,
                                 "'" + key + "' is assigned twice (first at line " +
                                     std::to_string(it->second.line) + ")");
            vars_[key] = Assignment{name.line, begin, i};
            if (at(i).kind != Tok::End) ++i;  // ';'
        }
    }

    // The integer value of a variable (its value may name another variable).
    std::optional<int> int_var(const std::string& name, int depth = 0) const {
        auto it = vars_.find(name);
        if (it == vars_.end()) return std::nullopt;
        const Assignment& a = it->second;
        if (a.end - a.begin != 1)
            fail(at(a.begin), "a single integer as the value of '" + name + "'");
        return int_value(at(a.begin), depth + 1);
    }

    int int_value(const Token& t, int depth) const {
        if (t.kind == Tok::Int) {
            if (t.value > kMaxSide) fail(t, "a size of at most " + std::to_string(kMaxSide));
            return static_cast<int>(t.value);
        }
        if (t.kind == Tok::Ident && depth < 8) {
            if (auto v = int_var(std::string(t.text), depth)) return *v;
            fail(t, "an integer or the name of an integer variable defined in the file");
        }
        fail(t, "an integer");
    }

    // `lo..hi` starting at token i; returns hi after checking lo == 1.
    int range(size_t& i) const {
        const Token& lo = at(i);
        if (int_value(lo, 0) != 1) fail(lo, "an index range starting at 1");
        ++i;
        expect_punct(i, "..", "'..' in an index range");
        const int hi = int_value(at(i), 0);
        ++i;
        return hi;
    }

    struct Cell {
        int value;
        int line;
    };

    // Integers of a `[ ... ]` list (or `[| .. | .. |]`), `row_breaks` receives
    // the number of values before each '|' row separator of a 2-D literal.
    std::vector<Cell> list(size_t& i, size_t end, std::vector<size_t>* row_breaks) const {
        expect_punct(i, "[", "'[' to open the list of rule values");
        bool two_d = false;
        if (at(i).kind == Tok::Punct && at(i).text == "|") two_d = true, ++i;
        std::vector<Cell> out;
        while (i < end) {
            const Token& t = at(i);
            if (t.kind == Tok::Punct && t.text == "]") {
                ++i;
                return out;
            }
            if (t.kind == Tok::Punct && t.text == "|" && two_d) {
                if (row_breaks) row_breaks->push_back(out.size());
                ++i;
                continue;
            }
            if (t.kind == Tok::Punct && t.text == ",") {
                ++i;
                continue;
            }
            if (t.kind == Tok::Punct && t.text == "-") fail(t, "a non-negative run length");
            if (t.kind != Tok::Int) fail(t, "a run length (a non-negative integer)");
            if (t.value > kMaxSide) fail(t, "a run length of at most " + std::to_string(kMaxSide));
            out.push_back({static_cast<int>(t.value), t.line});
            ++i;
        }
        fail(at(i), "']' to close the list of rule values");
    }

    std::vector<Clue> rules(const char* name, const char* len_name, const char* count_name) {
        const Assignment& a = vars_.at(name);
        size_t i = a.begin;
        int count = -1, len = -1;
        std::vector<Cell> cells;
        const Token& head = at(i);
        if (head.kind == Tok::Ident && head.text == "array2d") {
            ++i;
            expect_punct(i, "(", "'(' after array2d");
            count = range(i);
            expect_punct(i, ",", "',' between the index ranges of array2d");
            len = range(i);
            expect_punct(i, ",", "',' before the list of rule values");
            cells = list(i, a.end, nullptr);
            expect_punct(i, ")", "')' to close array2d");
        } else if (head.kind == Tok::Punct && head.text == "[") {
            std::vector<size_t> breaks;
            cells = list(i, a.end, &breaks);
            if (!breaks.empty()) {
                // [| a, b | c, d |]: each '|' ends one rule.
                len = static_cast<int>(breaks[0]);
                for (size_t b = 1; b < breaks.size(); ++b)
                    if (breaks[b] - breaks[b - 1] != static_cast<size_t>(len))
                        fail(head,
                             std::string("rules of equal length in the 2-D literal of ") + name);
                if (breaks.back() != cells.size())
                    fail(head, std::string("'|]' right after the last rule of ") + name);
                if (len > 0) count = static_cast<int>(breaks.size());
            }
        } else {
            fail(head, std::string("array2d(...) or a [...] list as the value of ") + name);
        }
        if (i != a.end) fail(at(i), std::string("';' after the value of ") + name);

        // The declared sizes, when present, must agree with the array.
        if (auto declared = int_var(len_name)) {
            if (len >= 0 && *declared != len)
                throw ParseError(source_, a.line,
                                 std::string(name) + " has rules of length " + std::to_string(len) +
                                     " but " + len_name + " = " + std::to_string(*declared));
            len = *declared;
        }
        if (len <= 0)
            throw ParseError(source_, a.line,
                             std::string("expected ") + len_name +
                                 " (the padded rule length, at least 1) to be defined");
        if (cells.size() % static_cast<size_t>(len) != 0)
            throw ParseError(source_, a.line,
                             std::string(name) + " holds " + std::to_string(cells.size()) +
                                 " values, expected a multiple of " + len_name + " = " +
                                 std::to_string(len));
        const int found = static_cast<int>(cells.size() / static_cast<size_t>(len));
        if (count >= 0 && count != found)
            throw ParseError(source_, a.line,
                             std::string(name) + " is declared with " + std::to_string(count) +
                                 " rules but holds " + std::to_string(found));
        if (auto declared = int_var(count_name); declared && *declared != found)
            throw ParseError(source_, a.line,
                             std::string(name) + " holds " + std::to_string(found) + " rules but " +
                                 count_name + " = " + std::to_string(*declared));
        if (found < 1 || found > kMaxSide)
            throw ParseError(source_, a.line,
                             std::string("expected between 1 and ") + std::to_string(kMaxSide) +
                                 " rules in " + name + ", got " + std::to_string(found));

        std::vector<Clue> out(static_cast<size_t>(found));
        const char* what = name[0] == 'r' ? "row" : "column";
        for (int r = 0; r < found; ++r) {
            const Cell* rule = cells.data() + static_cast<size_t>(r) * len;
            int b = 0, e = len;
            while (b < e && rule[b].value == 0) ++b;
            while (e > b && rule[e - 1].value == 0) --e;
            for (int k = b; k < e; ++k) {
                if (rule[k].value == 0)
                    throw ParseError(
                        source_, rule[k].line,
                        std::string("expected zeros only as padding around the runs of ") + what +
                            " " + std::to_string(r + 1) + ", got a 0 between two runs");
                out[r].push_back(Run{rule[k].value, kFilled});
            }
        }
        return out;
    }

    const std::string& source_;
    std::vector<Token> toks_;
    std::map<std::string, Assignment> vars_;
    int first_line_ = 0;
};

}  // namespace

std::vector<Puzzle> read_dzn(std::string_view content, const std::string& source) {
    DznParser parser(content, source);
    return {parser.parse()};
}

int sniff_dzn(std::string_view content) {
    // Lines of the form `row_rules = ...` / `col_rules = ...` (an assignment,
    // not a mention in prose).
    bool rows = false, cols = false, sizes = false;
    for (const TextLine& l : split_lines(content.substr(0, 65536))) {
        const std::string_view t = trim(l.text);
        auto assigns = [&](std::string_view name) {
            if (t.substr(0, name.size()) != name) return false;
            const std::string_view rest = trim(t.substr(name.size()));
            return !rest.empty() && rest[0] == '=';
        };
        rows = rows || assigns("row_rules");
        cols = cols || assigns("col_rules");
        sizes = sizes || assigns("row_rule_len") || assigns("col_rule_len");
    }
    if (rows && cols) return 100;
    if (rows || cols || sizes) return 60;
    return 0;
}

}  // namespace nonolab::io
