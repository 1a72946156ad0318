#include "batch/unit_key_set.hpp"

// xxHash (Debian: libxxhash-dev) compiled into this file alone, so the
// executable, its plugins and the Python module need no libxxhash at run
// time (the start-up rule of apps/CMakeLists.txt).
#define XXH_INLINE_ALL
#include <xxhash.h>

namespace nonolab::batch {

UnitKeySet::Digest UnitKeySet::digest(std::string_view key) {
    const XXH128_hash_t h = XXH3_128bits(key.data(), key.size());
    return Digest{h.low64, h.high64};
}

std::size_t UnitKeySet::count_common(const UnitKeySet& other) const {
    const UnitKeySet& small = size() <= other.size() ? *this : other;
    const UnitKeySet& large = size() <= other.size() ? other : *this;
    std::size_t n = 0;
    for (const Digest& d : small.digests_) n += large.digests_.count(d);
    return n;
}

}  // namespace nonolab::batch
