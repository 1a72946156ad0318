// Helpers shared by the line-oriented black-and-white clue formats (TAAI,
// .nin, .mk, .cwd, Keen, R C, SPOJ, picross-solver): one clue per line as a
// list of integers, sizes from a header or from line counts.
//
// Every function either returns a value or throws ParseError naming the line;
// the scan_* variants never throw and are meant for the sniffers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/limits.hpp"
#include "core/puzzle.hpp"
#include "io/clue_tokens.hpp"
#include "io/text.hpp"

namespace nonolab::io {

/// A clue together with the line it came from (for error messages).
struct ClueLine {
    Clue clue;
    int line = 0;
};

/// Skips blank lines from `pos`, then reads a header of exactly two grid
/// sizes (e.g. "height width"), leaving `pos` after it. `names` is how the
/// header is described in errors ("height width"), `first`/`second` how each
/// number is ("a height", "a width"). Returns {first, second}.
std::pair<int, int> read_size_header(const std::vector<TextLine>& lines, size_t& pos,
                                     std::string_view seps, const std::string& source,
                                     const char* names, const char* first, const char* second);

/// One black-and-white clue: integers separated by any of `seps`; a blank
/// text or a lone "0" is the empty clue (for_each_run, clue_tokens.hpp,
/// says what is refused); a clue too long for its line is read (the puzzle
/// then has no solution).
Clue parse_bw_clue(std::string_view text, std::string_view seps, const std::string& source,
                   int line);

/// What a sniffer needs to know about a clue line, without throwing.
struct ClueScan {
    long total = 0;  ///< sum of the runs
    int need = 0;    ///< cells needed (runs plus gaps)
};

/// Like parse_bw_clue but returns nullopt instead of throwing.
std::optional<ClueScan> scan_bw_clue(std::string_view text, std::string_view seps);

/// Two non-negative integers separated by spaces or tabs, nothing else.
std::optional<std::pair<int, int>> scan_two_ints(std::string_view text);

/// Reads `count` clue lines starting at lines[pos] and advances pos past them.
/// Blank lines are empty clues; lines for which `skip` returns true (comments)
/// are passed over. Throws "expected <count> <what> clues, ..." when the file ends early.
std::vector<ClueLine> read_clue_block(const std::vector<TextLine>& lines, size_t& pos, int count,
                                      const char* what, std::string_view seps,
                                      const std::string& source,
                                      bool (*skip)(std::string_view) = nullptr);

/// Skips blank lines (and `skip` lines) from pos; throws "expected the end of the
/// file after <after>, got '...'" if anything else follows.
void expect_only_blank(const std::vector<TextLine>& lines, size_t pos, const char* after,
                       const std::string& source, bool (*skip)(std::string_view) = nullptr);

/// Builds a black-and-white puzzle from located clues: a clue too long for its
/// line is reported at that clue's line, other inconsistencies (totals) at
/// `start_line`. `index` > 0 prefixes messages with "puzzle <index>: ".
Puzzle finish_bw_puzzle(const std::string& source, int start_line, int index,
                        std::vector<ClueLine> rows, std::vector<ClueLine> columns,
                        PuzzleInfo info = {});

/// "3 1 2" joined by `sep`, or "0" for the empty clue.
std::string bw_clue_text(const Clue& clue, char sep);

/// Throws WriteError unless every puzzle is black-and-white.
void require_black_and_white(const std::vector<Puzzle>& puzzles, const char* format);

/// Throws WriteError unless there is exactly one puzzle.
void require_single(const std::vector<Puzzle>& puzzles, const char* format);

/// Sniffer helper (never throws): from lines[pos], `first` clue lines, then one
/// line for which `separator` is true (when given), then `second` clue lines,
/// then only blank lines (anything, if `allow_trailing`). Lines for which
/// `skip` is true are ignored. True when
/// all of them parse, first-block clues fit `second` cells, second-block clues
/// fit `first` cells and both blocks fill the same number of cells.
bool scan_counted_blocks(const std::vector<TextLine>& lines, size_t pos, int first, int second,
                         std::string_view seps, bool (*separator)(std::string_view) = nullptr,
                         bool (*skip)(std::string_view) = nullptr, bool allow_trailing = false);

/// True when the line's first non-blank character is '#'.
bool is_hash_comment(std::string_view text);

}  // namespace nonolab::io
