// STUB: to be replaced by the real reader.
#include "io/non.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_non(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the non reader is not written yet");
}

std::string write_non(const std::vector<Puzzle>&) {
    throw WriteError("the non writer is not written yet");
}

int sniff_non(std::string_view) { return 0; }

}  // namespace nonolab::io
