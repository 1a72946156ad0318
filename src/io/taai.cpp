// STUB: to be replaced by the real reader.
#include "io/taai.hpp"

#include "core/error.hpp"

namespace nonolab::io {

std::vector<Puzzle> read_taai(std::string_view, const std::string& source) {
    throw UnsupportedError(source, 0, "the taai reader is not written yet");
}

std::string write_taai(const std::vector<Puzzle>&) {
    throw WriteError("the taai writer is not written yet");
}

int sniff_taai(std::string_view) { return 0; }

}  // namespace nonolab::io
