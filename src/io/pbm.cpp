// STUB: to be replaced by the real reader.
#include "io/pbm.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_pbm(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the pbm reader is not written yet");
}

int sniff_pbm(std::string_view) { return 0; }

}  // namespace nonolab::io
