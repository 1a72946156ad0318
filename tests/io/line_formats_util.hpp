// Small helpers for the tests of the line-oriented clue formats.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io_test_util.hpp"
#include "core/grid.hpp"
#include "core/picture.hpp"
#include "core/puzzle.hpp"
#include "io/text.hpp"

namespace nonolab::test {

/// A path under ../shared/benchmarks.
inline std::filesystem::path bench_path(const std::string& rel) {
    return std::filesystem::path(NONOLAB_SHARED_DIR) / "benchmarks" / rel;
}

/// Skips the current test when a benchmark file or folder is absent.
#define NONOLAB_SKIP_IF_ABSENT(path)                                                 \
    do {                                                                             \
        if (!std::filesystem::exists(path))                                          \
            GTEST_SKIP() << "benchmark data not present: " << (path).string()        \
                         << " (the shared benchmarks folder is not installed here)"; \
    } while (0)

inline std::string slurp(const std::filesystem::path& p) {
    return io::read_file_text(p.string());
}

/// Files of `dir` (not recursive unless asked) whose name ends with `suffix`, sorted.
inline std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir,
                                                   const std::string& suffix,
                                                   bool recursive = false) {
    std::vector<std::filesystem::path> out;
    auto take = [&](const std::filesystem::directory_entry& e) {
        const std::string name = e.path().filename().string();
        if (e.is_regular_file() && name.size() >= suffix.size() &&
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
            out.push_back(e.path());
    };
    if (recursive)
        for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) take(e);
    else
        for (const auto& e : std::filesystem::directory_iterator(dir)) take(e);
    std::sort(out.begin(), out.end());
    return out;
}

/// Runs `f` and returns the ParseError it throws, or nullopt if it throws none.
template <class F>
std::optional<ParseError> parse_error_of(F&& f) {
    try {
        f();
    } catch (const ParseError& e) {
        return e;
    }
    return std::nullopt;
}

/// Black-and-white clues from lists of lengths.
inline std::vector<Clue> bw_clues(const std::vector<std::vector<int>>& lists) {
    std::vector<Clue> out;
    for (const auto& l : lists) out.push_back(bw_clue(l));
    return out;
}

/// A complete black-and-white grid from text rows: '#' or '1' filled, anything else empty.
inline Grid picture(const std::vector<std::string>& rows) {
    const int h = static_cast<int>(rows.size());
    const int w = h ? static_cast<int>(rows[0].size()) : 0;
    Grid g(w, h, kEmpty);
    for (int r = 0; r < h; ++r)
        for (int c = 0; c < w && c < static_cast<int>(rows[r].size()); ++c)
            if (rows[r][c] == '#' || rows[r][c] == '1') g.set(r, c, kFilled);
    return g;
}

/// The puzzle whose clues are read off a text picture.
inline Puzzle puzzle_of(const std::vector<std::string>& rows) {
    return puzzle_from_picture(picture(rows));
}

inline bool contains(const std::string& haystack, const std::string& needle) {
    return haystack.find(needle) != std::string::npos;
}

}  // namespace nonolab::test

/// Expects `expr` to throw a ParseError at `line` whose message contains `text`.
#define EXPECT_PARSE_ERROR(expr, line_no, text)                                   \
    do {                                                                          \
        const auto err_ = ::nonolab::test::parse_error_of([&] { (void)(expr); }); \
        ASSERT_TRUE(err_.has_value()) << "no ParseError from " #expr;             \
        EXPECT_EQ(err_->line(), (line_no)) << err_->what();                       \
        EXPECT_TRUE(::nonolab::test::contains(err_->message(), (text)))           \
            << "message '" << err_->message() << "' lacks '" << (text) << "'";    \
    } while (0)
