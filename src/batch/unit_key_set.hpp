// UnitKeySet: the units a resumed batch skips, named by their unit keys
// (run_record.hpp, experiment.hpp).
//
// Why digests and not the keys. A key is ~110 characters (source, index,
// method, parameters, trial, seed, limits); the network paper's Tables 3-8
// resume 1.28 M of them, and two std::set<std::string> of those cost
// ~400 MB more than their digests do (docs/results/experiment-memory.md).
// The set keeps each key's 128-bit XXH3 digest instead, ~40 bytes a key
// with the hash table's own cost. Two different keys share a digest with probability 2^-128 a pair,
// about 10^-21 for a billion units: far below the odds of a disk error, so
// a resume still never skips a unit it has not recorded.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <unordered_set>

namespace nonolab::batch {

class UnitKeySet {
  public:
    UnitKeySet() = default;
    UnitKeySet(std::initializer_list<std::string_view> keys) {
        for (std::string_view k : keys) insert(k);
    }

    void insert(std::string_view key) { digests_.insert(digest(key)); }
    bool contains(std::string_view key) const { return digests_.count(digest(key)) > 0; }
    std::size_t size() const { return digests_.size(); }
    bool empty() const { return digests_.empty(); }

    /// How many keys of this set `other` holds too.
    std::size_t count_common(const UnitKeySet& other) const;

  private:
    struct Digest {
        std::uint64_t low = 0, high = 0;
        bool operator==(const Digest& o) const { return low == o.low && high == o.high; }
    };
    struct DigestHash {  // the digest is already uniform: its low half is the hash
        std::size_t operator()(const Digest& d) const { return static_cast<std::size_t>(d.low); }
    };
    static Digest digest(std::string_view key);

    std::unordered_set<Digest, DigestHash> digests_;
};

}  // namespace nonolab::batch
