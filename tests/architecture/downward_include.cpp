// Compiled with the exact layer's include root (tests/architecture/CMakeLists.txt):
// exact may use line and core, so this must build.
#include "core/puzzle.hpp"
#include "line/bitset_line_solver.hpp"

int nonolab_layer_probe_downward() {
    return 0;
}
