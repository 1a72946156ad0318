// STUB: to be replaced by the real reader.
#include "io/nonogen.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_nonogen(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the nonogen reader is not written yet");
}

int sniff_nonogen(std::string_view) { return 0; }

}  // namespace nonolab::io
