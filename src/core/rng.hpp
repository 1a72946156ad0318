// Rng: the one random stream every randomised method draws from.
//
// Why not std::uniform_int_distribution: the standard fixes mt19937's output
// but leaves the distributions to each library, so the same seed could give
// different runs under another standard library. Everything here is defined
// bit for bit, so a seed reproduces a run on any machine.
//
// The generator is xoshiro256** (Blackman & Vigna 2018), seeded through
// SplitMix64 so that nearby seeds (1, 2, 3...) give unrelated streams.
#pragma once

#include <cstdint>

namespace nonolab {

/// SplitMix64 step: a good 64-bit mixer, used for seeding and seed derivation.
inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// The seed of one work unit, derived from the run's master seed and the
/// unit's stable id, so results never depend on scheduling order.
inline std::uint64_t derive_seed(std::uint64_t master, std::uint64_t unit_id) {
    std::uint64_t s = master ^ (unit_id * 0xD1B54A32D192ED03ull);
    splitmix64(s);
    return splitmix64(s);
}

class Rng {
  public:
    explicit Rng(std::uint64_t seed = 1) { reseed(seed); }

    void reseed(std::uint64_t seed) {
        std::uint64_t sm = seed;
        for (auto& w : s_) w = splitmix64(sm);
    }

    /// 64 uniformly random bits.
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    /// Uniform integer in [0, n), n >= 1. Lemire's multiply-shift with
    /// rejection, so it is exactly uniform and needs no division usually.
    std::uint32_t below(std::uint32_t n) {
        std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
        auto low = static_cast<std::uint32_t>(m);
        if (low < n) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
            while (low < threshold) {
                m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }

    /// Uniform double in [0, 1), 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    /// True with probability p.
    bool chance(double p) { return uniform() < p; }

  private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

}  // namespace nonolab
