// STUB: to be replaced by the real reader.
#include "io/mk.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_mk(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the mk reader is not written yet");
}

std::string write_mk(const std::vector<Puzzle>&) {
    throw WriteError("the mk writer is not written yet");
}

int sniff_mk(std::string_view) { return 0; }

}  // namespace nonolab::io
