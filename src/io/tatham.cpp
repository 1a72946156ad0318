// STUB: to be replaced by the real reader.
#include "io/tatham.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_tatham(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the tatham reader is not written yet");
}

std::string write_tatham(const std::vector<Puzzle>&) {
    throw WriteError("the tatham writer is not written yet");
}

int sniff_tatham(std::string_view) { return 0; }

}  // namespace nonolab::io
