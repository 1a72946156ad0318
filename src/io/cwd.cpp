// STUB: to be replaced by the real reader.
#include "io/cwd.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_cwd(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the cwd reader is not written yet");
}

std::string write_cwd(const std::vector<Puzzle>&) {
    throw WriteError("the cwd writer is not written yet");
}

}  // namespace nonolab::io
