#include "io/puzzle_slots.hpp"

namespace nonolab::io {

PuzzleSlot failed_slot(const ParseError& error, int line, std::string name) {
    const bool unsupported = dynamic_cast<const UnsupportedError*>(&error) != nullptr;
    return PuzzleSlot{std::move(name), line, ParseError(error), unsupported};
}

std::vector<Puzzle> puzzles_or_first_error(std::vector<PuzzleSlot> slots) {
    std::vector<Puzzle> puzzles;
    puzzles.reserve(slots.size());
    for (PuzzleSlot& s : slots) {
        if (const auto* e = std::get_if<ParseError>(&s.result)) {
            // Thrown again as what it was, so callers can still tell a
            // refused variant (UnsupportedError) from a broken file.
            if (s.unsupported) throw UnsupportedError(e->source(), e->line(), e->message());
            throw *e;
        }
        puzzles.push_back(std::move(std::get<Puzzle>(s.result)));
    }
    return puzzles;
}

}  // namespace nonolab::io
