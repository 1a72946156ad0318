// STUB: to be replaced by the real reader.
#include "io/pzl.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_pzl(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the pzl reader is not written yet");
}

int sniff_pzl(std::string_view) { return 0; }

}  // namespace nonolab::io
