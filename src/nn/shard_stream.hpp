// Streamed training data (issue 28, "5x5 without a 10-minute load"): the
// boards of a data spec read shard by shard while training runs, instead of
// io::load_dataset's whole set in memory (33.2 M 5x5 boards took 591 s to
// load). Used by `nonolab train --stream` (nn/torch/trainer.hpp).
//
// The plan (plan_shards) reads only the shards' .npy headers: how many
// boards each holds, so the batches per epoch, the validation hold-out and
// any resume position are known before a single board is read.
//
// Order of an epoch, all from its seed (so the same seed gives the same
// batches, and a resume at any batch continues them exactly):
//   - the epoch is cut into W = ceil(shards / kWindowShards) windows, and
//     each training board goes to the window a seeded hash of (epoch, its
//     global index) names: a window is a uniform random W-th of the whole
//     set, a stripe across every shard. (A window of whole shards is not:
//     generate --all writes boards in enumeration order, so one shard holds
//     nearly one first row, and a first 5x5 run learnt one window at a time,
//     docs/network.md, "Streamed training".)
//   - the samples of a window (board x reflection) are shuffled together;
//   - the epoch is the windows' samples one after another; batch b is
//     samples [b*B, (b+1)*B) of it, across a window boundary if need be.
// The windows' sizes come from the hashes alone (one pass over the indices,
// nothing read), so resuming at sample s skips whole windows and starts
// inside the window that holds s.
//
// Cost: every window reads every shard and keeps its stripe, so an epoch
// reads the data W times. From the page cache (the 1.8 GB of 5x5 shards fit)
// that is about a second a window against an hour of training an epoch; data
// larger than memory would be read from disk W times (docs/network.md).
//
// Memory: a background thread reads (and decodes) the next window while the
// current one trains, one shard file at a time; it starts a window only once
// the window before it has been taken. So at most two windows (each about
// kWindowShards shards' worth of boards) and one shard file are in memory
// (resident_boards() counts them), plus the held-out boards.
//
// Validation hold-out: board g (its 0-based position in the spec, as in
// io::load_dataset) is held out when a seeded hash of g falls below the
// --validation share. It needs no pass over the data, spreads the held-out
// boards over every shard (the 5x5 shards run in enumeration order, so the
// first shard's boards would be a biased sample) and holds for every epoch.
// The held-out boards are kept by the first window a stream reads (it reads
// every shard); a stream with nothing left to read (a resume at an epoch's
// very end) leaves them to be read at the epoch's end (docs/network.md).
//
// Errors (a shard missing, truncated, corrupt, or x and y that disagree)
// name the file and what was expected; one met on the background thread is
// rethrown to the thread that takes the next samples.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "io/nonodataset.hpp"

namespace nonolab::nn {

/// A window holds about this many shards' worth of boards.
constexpr int kWindowShards = 2;

/// One shard pair of the plan and which of its boards the spec keeps.
struct PlannedShard {
    std::string x_file, y_file;
    std::size_t rows = 0;  ///< boards in the files
    // The spec part's filter (io::DatasetSpec's stride and slice): raw
    // position p in the part passes the stride when every == 0 or
    // (p mod every == every_rest) == every_keep; the passing boards are
    // then numbered, and ordinals in [slice_begin, slice_end) are kept.
    std::size_t every = 0, every_rest = 0;
    bool every_keep = true;
    std::size_t slice_begin = 0, slice_end = 0;
    std::size_t raw_before = 0;    ///< the part's boards in the files before this shard
    std::size_t pass_before = 0;   ///< of those, boards that pass the stride
    std::size_t global_first = 0;  ///< global index (in the whole spec) of its first kept board
    std::size_t kept = 0;          ///< boards kept (training + held out)
    std::size_t train = 0;         ///< kept boards not held out for validation
};

/// A spec resolved to shards, with counts and the hold-out rule.
struct ShardPlan {
    std::string spec;
    int n = 0;  ///< board side
    std::vector<PlannedShard> shards;
    double validation = 0;  ///< held-out share
    std::uint64_t validation_seed = 0;
    std::size_t train_boards = 0, validation_boards = 0;
    /// True when board g (global index) is held out.
    bool held_out(std::size_t g) const;
};

/// Plans `spec` (one spec or a '+' union, with strides and slices) from the
/// shards' headers. Throws ParseError naming the file for a missing or
/// truncated shard, or x and y whose counts or sizes disagree;
/// std::invalid_argument for a spec that cannot stream (one that removes
/// test boards by content, nonodataset:*/train, needs them all in memory).
ShardPlan plan_shards(const std::string& spec, const io::DatasetOptions& options, double validation,
                      std::uint64_t seed);

/// Boards in memory now (in windows and in shard files being read), and the
/// most at once since the last reset (tests check the bound).
std::size_t resident_boards();
std::size_t peak_resident_boards();
void reset_peak_resident_boards();

/// The held-out boards of every shard, gathered as the shards stream by.
class ValidationBoards {
  public:
    explicit ValidationBoards(const ShardPlan& plan);
    /// Shard k's held-out boards, if not kept yet.
    void keep(std::size_t k, io::Dataset boards);
    /// All of them (reads the shards not seen yet, e.g. skipped by a resume).
    const io::Dataset& all();

  private:
    const ShardPlan& plan_;
    std::vector<std::optional<io::Dataset>> by_shard_;
    io::Dataset all_;
    bool complete_ = false;
};

/// One training sample: a board's clues and cells, valid until the next take().
struct StreamSample {
    const std::uint8_t* clues = nullptr;
    const std::uint8_t* board = nullptr;
    int reflection = 0;
    std::uint64_t id = 0;  ///< global board index * reflections + reflection
};

/// The samples of one epoch in their seeded order, read ahead on a thread.
class ShardStream {
  public:
    /// Epoch order from `epoch_seed`, `per_board` samples a board (1, or 8
    /// with reflections), starting at sample `skip` (a resume) and keeping
    /// the held-out boards met in `validation` (may be null).
    ShardStream(const ShardPlan& plan, int per_board, std::uint64_t epoch_seed, std::uint64_t skip,
                ValidationBoards* validation);
    ~ShardStream();
    ShardStream(const ShardStream&) = delete;
    ShardStream& operator=(const ShardStream&) = delete;

    /// Up to `count` next samples into `out` (cleared), all of one window:
    /// fewer at a window's end, none at the epoch's end. The previous
    /// take's samples become invalid. Rethrows the reader's error.
    std::size_t take(std::size_t count, std::vector<StreamSample>& out);
    /// "window 4/17 of 34 shards": where the stream is, for progress lines.
    std::string where() const;
    /// Samples in the epoch.
    std::uint64_t samples() const { return total_; }
    /// Training boards in each window of this epoch.
    const std::vector<std::uint64_t>& window_boards() const { return window_boards_; }

  private:
    struct Window;
    /// The window training board g belongs to in this epoch.
    std::size_t window_of(std::uint64_t g) const;
    std::unique_ptr<Window> read_window(std::size_t w, bool keep_held) const;
    void reader_loop(std::size_t first);

    const ShardPlan& plan_;
    int per_board_;
    std::uint64_t epoch_seed_;
    std::uint64_t window_seed_;
    std::uint64_t total_ = 0;
    std::vector<std::uint64_t> window_boards_;  ///< training boards per window
    ValidationBoards* validation_;
    std::size_t next_window_ = 0;  ///< the window the consumer takes next
    std::unique_ptr<Window> current_;
    std::size_t current_index_ = 0;
    std::uint64_t offset_ = 0;  ///< samples of the current window taken

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::unique_ptr<Window> ready_;
    std::exception_ptr error_;
    bool stop_ = false;
    std::thread reader_;
};

}  // namespace nonolab::nn
