// Compiled with the exact layer's include root (tests/architecture/CMakeLists.txt):
// meta sits above exact, so this include must not be found and the build
// must fail. If it ever builds, the layer plan is no longer enforced.
#include "meta/genetic_core.hpp"

int nonolab_layer_probe_upward() {
    return 0;
}
