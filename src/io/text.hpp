// Shared helpers for the text readers: line splitting with BOM/CRLF handling,
// 1-based line numbers, and integer parsing that reports where it failed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace nonolab::io {

/// One physical line of the input, without its terminator.
struct TextLine {
    int number = 0;         ///< 1-based line number in the file
    std::string_view text;  ///< CR stripped; BOM stripped from line 1
};

/// Splits a whole file into lines. Accepts LF, CRLF and a missing final newline;
/// removes a leading UTF-8 BOM.
std::vector<TextLine> split_lines(std::string_view content);

/// Removes a leading UTF-8 BOM if present.
std::string_view strip_bom(std::string_view content);

/// Leading and trailing spaces, tabs, CR and LF removed.
std::string_view trim(std::string_view s);

/// '0' to '9' (not locale-dependent, unlike std::isdigit).
inline bool ascii_digit(char c) {
    return c >= '0' && c <= '9';
}

/// True when the line holds nothing but whitespace.
bool is_blank(std::string_view s);

/// The first line at or after `pos` that is not blank (lines.size() if none).
inline std::size_t skip_blank(const std::vector<TextLine>& lines, std::size_t pos) {
    while (pos < lines.size() && is_blank(lines[pos].text)) ++pos;
    return pos;
}

/// The separators of the whitespace-separated formats (most clue readers).
inline constexpr std::string_view kBlanks = " \t";

/// True for a line that is a single "-" (between blocks in .nonogen and
/// nonograms.org files).
bool is_dash_line(std::string_view s);

/// Splits on any of the characters in `seps`, dropping empty pieces.
std::vector<std::string_view> split_any(std::string_view s, std::string_view seps);

/// Parses a non-negative decimal integer occupying all of `token`; nullopt otherwise.
std::optional<int> parse_int(std::string_view token);

/// Like parse_int but throws ParseError(source, line, "expected <what>, got '<token>'").
int expect_int(std::string_view token, const std::string& source, int line, const char* what);

/// Lower-cased copy (ASCII only).
std::string to_lower(std::string_view s);

/// True if `s` starts with `prefix`, compared case-insensitively.
bool starts_with_nocase(std::string_view s, std::string_view prefix);

/// Reads a whole file; throws ParseError(path, 0, "cannot open ...") on failure.
std::string read_file_text(const std::string& path);

/// Writes via a temporary file and rename, so a failure never leaves a partial file.
void write_file_atomic(const std::string& path, std::string_view content);

/// `s` with &, <, > and " replaced by XML entities (for SVG and XML text).
std::string xml_escape(std::string_view s);

}  // namespace nonolab::io

#include "core/puzzle.hpp"

namespace nonolab::io {

/// Builds a Puzzle, turning a PuzzleError into a ParseError located at `line`
/// (the line where this puzzle starts) so every reader reports bad clues the
/// same way: "file:line: puzzle 3: row 2 clue ... needs 9 cells ...".
Puzzle build_puzzle(const std::string& source, int line, int index, int width, int height,
                    std::vector<Clue> rows, std::vector<Clue> columns,
                    Palette palette = black_and_white_palette(), PuzzleInfo info = {});

}  // namespace nonolab::io
