// The printed forms of a make-unique answer (exact/make_unique.hpp): the JSON
// object that /api/make-unique returns and `nonolab make-unique --json`
// prints one per line, the text of `nonolab make-unique`, and the lock list
// both front ends read. One definition, so the CLI and the server agree.
//
//   {"goal":"logic","status":"unique","grade":"search","goal_met":false,
//    "width":15,"height":15,"solutions":[[...]],"differ":[[r,c],...],
//    "suggestions":[{"changes":[{"row":1,"col":13,"value":"#"}],
//                    "picture":["..", ...],"grade":"probing","cost":0}],
//    "candidates":225,"seed_cells":213,"checked":31,"total":25425,"complete":false}
//
// Rows and columns in the JSON and in lock=R:C are 0-based (as "differ");
// the text and a --lock file count from 1, as people do. "grade" is the
// grade's word (line, probing, search) for a unique puzzle, null otherwise.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/puzzle.hpp"
#include "exact/make_unique.hpp"

namespace nonolab::batch {

nlohmann::json make_unique_json(const exact::MakeUniqueResult& m, const Puzzle& puzzle,
                                exact::FixGoal goal);

/// The verdict, then each suggestion (1-based cells) with its grade.
std::string make_unique_text(const exact::MakeUniqueResult& m, const Puzzle& puzzle,
                             exact::FixGoal goal, const std::string& source, int index);

/// A --lock file: one "row col" pair per line, 1-based, '#' starts a
/// comment, blank lines ignored (a comma may stand for the space). Throws
/// std::invalid_argument naming file:line for anything else.
std::vector<exact::CellPos> read_lock_file(const std::string& path);

/// The server's lock=R:C,R:C (0-based). Throws std::invalid_argument.
std::vector<exact::CellPos> parse_lock_list(const std::string& text);

}  // namespace nonolab::batch
