// Shards: how `nonolab generate` cuts a dataset into independent pieces.
//
// A BoardSource numbers its boards 0 .. count-1. Shard k (1-based) takes the
// source boards [(k-1)·shard_size, k·shard_size) and is a pure function of
// (source options, ShardOptions, k): random sources draw it from the stream
// seeded with derive_seed(seed, k), enumerations take exactly that
// slice. So shards can run in any order, on any thread or machine (the batch
// runner of src/batch/batch.hpp: unit id u = shard u+1), and generating
// shards 1..3 together gives the same boards as generating each alone.
//
// Per source board, in this order: the optional uniqueness check (the exact
// solver with max_solutions = 2; a board is kept only when it proves
// "unique"), then the optional eight reflections of section 2.2 (uniqueness
// is invariant under them, so one check covers all eight).
//
//   gen::ShardOptions so;  so.shard_size = 1000;  so.seed = 7;
//   const gen::BoardSource src = gen::noise_source({}, 5000);
//   for (std::uint64_t k = 1; k <= gen::shard_count(src, so); ++k)
//       gen::run_shard(src, so, k, [&](const Grid& b, const gen::BoardInfo&) { ...; return true;
//       });
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "core/grid.hpp"
#include "core/puzzle.hpp"
#include "core/rng.hpp"
#include "exact/exact_solver.hpp"
#include "gen/board_sink.hpp"
#include "nn/reflection.hpp"

namespace nonolab::gen {

/// A numbered stream of boards that can be produced slice by slice.
struct BoardSource {
    std::string name;         ///< what it is, for reports ("noise 10x10", "all 5x5", ...)
    std::uint64_t count = 0;  ///< source boards in all (before reflections and filtering)
    /// Boards [first, last) to `sink`. `seed` is the shard's own seed
    /// (derive_seed(master, k)); random sources use it and last - first,
    /// enumerations use the range. Returns false when the sink stopped it.
    std::function<bool(std::uint64_t first, std::uint64_t last, std::uint64_t seed,
                       const BoardSink& sink)>
        produce;
    /// Optional: a label for source board i ("cat.png otsu-inv"); empty = none.
    std::function<std::string(std::uint64_t i)> label;
    /// The colours the boards' cells index (0 = background); black and
    /// white for every source but random colour boards.
    Palette palette = black_and_white_palette();
};

/// A source of `count` random boards: a shard of m boards is the first m
/// boards of the stream boards(seed, m, sink) seeded with the shard's seed.
/// What noise and figures both are.
BoardSource seeded_source(
    std::string name, std::uint64_t count,
    std::function<bool(std::uint64_t seed, std::uint64_t m, const BoardSink& sink)> boards);

/// How one board of a drawn source is made: into `board` (its size fixed,
/// its cells overwritten), from `rng`.
using DrawBoard = std::function<void(Grid& board, Rng& rng)>;

/// `count` boards of `width` x `height` into `sink`, each drawn into one
/// reused grid with an Rng seeded by `seed`; false when the sink stopped it.
bool draw_boards(int width, int height, std::uint64_t seed, std::uint64_t count,
                 const DrawBoard& draw, const BoardSink& sink);

/// "KIND WxH", the name of a source of random boards.
std::string sized_name(const std::string& kind, int width, int height);

/// seeded_source over draw_boards, named by sized_name (noise and random
/// colour boards).
BoardSource drawn_source(const std::string& kind, int width, int height, std::uint64_t count,
                         DrawBoard draw);

/// Largest number of rows one dataset file may hold (io::read_npz's limit).
inline constexpr std::uint64_t kMaxShardRows = 1000000;

struct ShardOptions {
    std::uint64_t shard_size = 100000;  ///< source boards per shard (before x8 and filtering)
    std::uint64_t seed = 1;             ///< master seed; shard k draws from derive_seed(seed, k)
    bool reflections = false;           ///< emit all 8 reflections of each board (section 2.2)
    bool unique_only = false;           ///< keep only boards whose puzzle is proven unique
    bool check = false;                 ///< run the uniqueness check for every board (reporting)
    double timeout_seconds = 10;        ///< exact-solver budget per board; a timeout is not kept
                                        ///< by unique_only; <= 0 means none

    /// Throws std::invalid_argument naming the bad field (shard_size 0, or
    /// rows per shard above kMaxShardRows).
    void validate() const;
};

/// What the sink learns about each board it receives.
struct BoardInfo {
    std::uint64_t item = 0;                          ///< source board number (0-based)
    nn::Reflection reflection = nn::Reflection::rc;  ///< rc = the source board itself
    const exact::ExactResult* verdict = nullptr;     ///< set when the board was checked
};

/// Receives the shard's boards; returns false to stop.
using ShardSink = std::function<bool(const Grid& board, const BoardInfo& info)>;

/// Counts for one shard (or, summed, for a run).
struct ShardStats {
    std::uint64_t generated = 0;  ///< source boards produced
    std::uint64_t emitted = 0;    ///< boards handed to the sink (reflections included)
    std::uint64_t unique = 0;     ///< checked boards proven unique
    std::uint64_t multiple = 0;   ///< checked boards with two solutions found
    std::uint64_t timeouts = 0;   ///< checked boards without a verdict in time
    bool stopped = false;         ///< the sink or `cancel` cut the shard short

    ShardStats& operator+=(const ShardStats& o);
};

/// Shards needed for the whole source (ceil(count / shard_size)).
std::uint64_t shard_count(const BoardSource& source, const ShardOptions& options);

/// Source boards [first, last) of shard k (1-based).
std::pair<std::uint64_t, std::uint64_t> shard_range(const BoardSource& source,
                                                    const ShardOptions& options, std::uint64_t k);

/// Runs shard k (1 <= k <= shard_count). `cancel` (optional) stops it
/// between boards and interrupts a running uniqueness check. Throws
/// std::invalid_argument for a bad k or options; a source's own errors
/// (an unreadable image) pass through.
ShardStats run_shard(const BoardSource& source, const ShardOptions& options, std::uint64_t k,
                     const ShardSink& sink, const std::atomic<bool>* cancel = nullptr);

}  // namespace nonolab::gen
