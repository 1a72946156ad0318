// Sets of puzzles with some broken ones, in every format that marks where
// each puzzle starts, for the "one record per puzzle" tests of the library
// (tests/io), the CLI (tests/apps) and the server (tests/serve).
//
// Puzzle i (0-based) of a set is the (i+2) x (i+2) puzzle whose every clue
// is a single 1, so its size tells where it stood in the file. A broken
// puzzle has a syntax error that the format's reader must refuse (a token
// that is not a number, or a missing section), never clues that merely
// disagree, since those describe a puzzle with no solution rather than an
// unreadable one.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace nonolab::test_util {

/// A set as file text, and the line of each broken puzzle's error.
struct PuzzleSet {
    std::string text;
    std::vector<int> bad_lines;  ///< one per broken puzzle, in file order
};

/// One multi-puzzle format: how to write a set with broken puzzles.
struct SetFormat {
    const char* name;      ///< the format's registry name
    const char* file;      ///< a file name that selects it (extension, or content for .txt)
    const char* expected;  ///< a fragment of the broken puzzle's error message
    std::function<PuzzleSet(const std::vector<bool>& broken)> make;
};

namespace sets_detail {

/// Lines with their numbers, remembering where the broken puzzles fail.
struct Writer {
    PuzzleSet set;
    int line = 0;
    void add(const std::string& text, bool bad = false) {
        set.text += text + "\n";
        ++line;
        if (bad) set.bad_lines.push_back(line);
    }
};

inline std::string repeat(const std::string& s, int n, const std::string& sep = "") {
    std::string out;
    for (int i = 0; i < n; ++i) out += (i ? sep : "") + s;
    return out;
}

/// Calls each(i, n, broken) for every puzzle i of size n = i + 2.
template <class Each>
PuzzleSet write_set(const std::vector<bool>& broken, Each&& each,
                    const std::function<void(Writer&)>& head = nullptr,
                    const std::function<void(Writer&)>& tail = nullptr) {
    Writer w;
    if (head) head(w);
    for (size_t i = 0; i < broken.size(); ++i) each(w, static_cast<int>(i), int(i) + 2, broken[i]);
    if (tail) tail(w);
    return w.set;
}

}  // namespace sets_detail

/// Every multi-puzzle text format, each with a syntax error for its broken puzzles.
inline std::vector<SetFormat> set_formats() {
    using sets_detail::repeat;
    using sets_detail::write_set;
    using sets_detail::Writer;
    std::vector<SetFormat> out;
    out.push_back({"taai", "set.taai", "expected a run length", [](const std::vector<bool>& b) {
                       return write_set(b, [](Writer& w, int i, int n, bool bad) {
                           w.add("$" + std::to_string(i + 1));
                           for (int k = 0; k < n; ++k) w.add("1");
                           for (int k = 0; k < n; ++k) w.add(bad && k == 0 ? "x" : "1", bad && !k);
                       });
                   }});
    out.push_back({"xml", "set.xml", "expected a run length", [](const std::vector<bool>& b) {
                       return write_set(
                           b,
                           [](Writer& w, int, int n, bool bad) {
                               const std::string one = "<line><count>1</count></line>";
                               const std::string first =
                                   bad ? "<line><count>x</count></line>" : one;
                               w.add("<puzzle type=\"grid\"><clues type=\"rows\">" + first +
                                         repeat(one, n - 1) + "</clues><clues type=\"columns\">" +
                                         repeat(one, n) + "</clues></puzzle>",
                                     bad);
                           },
                           [](Writer& w) {
                               w.add("<?xml version=\"1.0\"?>");
                               w.add("<puzzleset>");
                           },
                           [](Writer& w) { w.add("</puzzleset>"); });
                   }});
    out.push_back({"json", "set.json", "found only rows", [](const std::vector<bool>& b) {
                       return write_set(
                           b,
                           [&b](Writer& w, int i, int n, bool bad) {
                               const std::string clues = "[" + repeat("[1]", n, ", ") + "]";
                               const bool last = static_cast<size_t>(i) + 1 == b.size();
                               // Broken: the columns are missing.
                               w.add("{\"rows\": " + clues +
                                         (bad ? std::string() : ", \"columns\": " + clues) + "}" +
                                         (last ? "" : ","),
                                     bad);
                           },
                           [](Writer& w) { w.add("["); }, [](Writer& w) { w.add("]"); });
                   }});
    out.push_back({"clues", "set.clues", "expected a run length", [](const std::vector<bool>& b) {
                       return write_set(b, [](Writer& w, int i, int n, bool bad) {
                           w.add("puzzle " + std::to_string(i + 1));
                           w.add("size: " + std::to_string(n) + "x" + std::to_string(n));
                           w.add("rows:");
                           for (int k = 0; k < n; ++k) w.add(bad && k == 0 ? "x" : "1", bad && !k);
                           w.add("columns:");
                           for (int k = 0; k < n; ++k) w.add("1");
                       });
                   }});
    out.push_back({"non", "set.nonpack", "run", [](const std::vector<bool>& b) {
                       return write_set(b, [](Writer& w, int i, int n, bool bad) {
                           if (i > 0) w.add("====");
                           w.add("width " + std::to_string(n));
                           w.add("height " + std::to_string(n));
                           w.add("rows");
                           for (int k = 0; k < n; ++k) w.add(bad && k == 0 ? "x" : "1", bad && !k);
                           w.add("columns");
                           for (int k = 0; k < n; ++k) w.add("1");
                       });
                   }});
    out.push_back({"spoj", "set.txt", "expected a run length", [](const std::vector<bool>& b) {
                       return write_set(
                           b,
                           [](Writer& w, int, int n, bool bad) {
                               w.add(std::to_string(n) + " " + std::to_string(n));
                               for (int k = 0; k < n; ++k)
                                   w.add(bad && k == 0 ? "x 0" : "1 0", bad && !k);
                               for (int k = 0; k < n; ++k) w.add("1 0");
                           },
                           [&b](Writer& w) { w.add(std::to_string(b.size())); });
                   }});
    out.push_back({"rosetta", "set.txt", "expected a clue word", [](const std::vector<bool>& b) {
                       return write_set(b, [](Writer& w, int i, int n, bool bad) {
                           if (i > 0) w.add("");
                           w.add((bad ? "a " : "A ") + repeat("A", n - 1, " "), bad);
                           w.add(repeat("A", n, " "));
                       });
                   }});
    out.push_back({"picross", "set.txt", "expected a run length", [](const std::vector<bool>& b) {
                       return write_set(b, [](Writer& w, int i, int n, bool bad) {
                           w.add("GRID p" + std::to_string(i + 1));
                           w.add("ROWS");
                           for (int k = 0; k < n; ++k)
                               w.add(bad && k == 0 ? "[ x ]" : "[ 1 ]", bad && !k);
                           w.add("COLUMNS");
                           for (int k = 0; k < n; ++k) w.add("[ 1 ]");
                       });
                   }});
    return out;
}

/// The broken-puzzle patterns every test runs: one broken puzzle first, in
/// the middle and last, two broken, and all but one broken.
inline std::vector<std::vector<bool>> broken_patterns() {
    return {{true, false, false},
            {false, true, false},
            {false, false, true},
            {true, false, true, false},
            {true, true, false}};
}

}  // namespace nonolab::test_util
