// STUB: to be replaced by the real reader.
#include "io/clues.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_clues(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the clues reader is not written yet");
}

std::string write_clues(const std::vector<Puzzle>&) {
    throw WriteError("the clues writer is not written yet");
}

int sniff_clues(std::string_view) { return 0; }

}  // namespace nonolab::io
