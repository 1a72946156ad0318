// The SAT engines' own executables (cadical, kissat), built from the same
// sources as the library (cmake/sat_engines.cmake), put first on PATH, so
// the tests that run `cadical` as a competitor or a model checker run the
// engine nonolab links, not whatever else a PATH holds.
#pragma once

#include <cstdlib>
#include <string>

namespace nonolab {

inline void put_built_engines_on_path() {
#ifdef NONOLAB_SAT_BIN_DIR
    const char* path = std::getenv("PATH");
    const std::string dir = NONOLAB_SAT_BIN_DIR;
    const std::string now = path ? path : "";
    if (now.rfind(dir + ":", 0) != 0) setenv("PATH", (dir + ":" + now).c_str(), 1);
#endif
}

}  // namespace nonolab
