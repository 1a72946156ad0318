// STUB: to be replaced by the real reader.
#include "io/keen.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_keen(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the keen reader is not written yet");
}

int sniff_keen(std::string_view) { return 0; }

}  // namespace nonolab::io
