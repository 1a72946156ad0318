// Whether a stream gets 24-bit ANSI colours: only a terminal, and never when
// NO_COLOR is set to a non-empty value (https://no-color.org). CLICOLOR_FORCE
// (a non-empty value other than "0") forces colours into a pipe, for tests
// and for pagers such as `less -R`.
#pragma once

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace nonolab::cli {

inline bool colour_terminal(std::FILE* stream) {
    const char* no_colour = std::getenv("NO_COLOR");
    if (no_colour && *no_colour) return false;
    const char* force = std::getenv("CLICOLOR_FORCE");
    if (force && *force && std::strcmp(force, "0") != 0) return true;
    return isatty(fileno(stream));
}

}  // namespace nonolab::cli
