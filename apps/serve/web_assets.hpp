// The page's files and the bundled examples, embedded into the executable
// at build time (cmake/embed_files.cmake writes web_assets.cpp from web/
// and examples/), so `nonolab serve` is one file.
#pragma once

#include <cstddef>
#include <string_view>

namespace nonolab::cli::serve {

struct EmbeddedFile {
    const char* path;  ///< "/index.html", "/examples/heart.non"
    const unsigned char* data;
    std::size_t size;
};

/// Every embedded file; the last entry has path == nullptr.
const EmbeddedFile* embedded_files();

/// The file at `path`, or nullptr.
const EmbeddedFile* find_embedded(std::string_view path);

}  // namespace nonolab::cli::serve
