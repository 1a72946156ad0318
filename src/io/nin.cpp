// STUB: to be replaced by the real reader.
#include "io/nin.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_nin(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the nin reader is not written yet");
}

std::string write_nin(const std::vector<Puzzle>&) {
    throw WriteError("the nin writer is not written yet");
}

int sniff_nin(std::string_view) { return 0; }

}  // namespace nonolab::io
