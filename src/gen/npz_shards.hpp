// One dataset shard, start to finish: run shard k of a source (shards.hpp)
// and write it as the NonoDataset pair x_NAME-0000k.npz / y_NAME-0000k.npz
// (io/npz_writer.hpp). This is the whole job of one unit when shards run as
// a batch (src/batch/batch.hpp: unit id u = shard u+1; the unit's text can
// be a JSON line of the returned counts), and of one step of
// `nonolab generate -o NAME.npz`.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "gen/shards.hpp"

namespace nonolab::gen {

/// What write_npz_shard did.
struct NpzShardResult {
    ShardStats stats;        ///< counts; stats.stopped = cut short, nothing written
    std::uint64_t rows = 0;  ///< boards in the files (0: no file written, stale ones removed)
    std::string x_path;      ///< the clue file
    std::string y_path;      ///< the board file
};

/// Runs shard k of `source` (n x n boards) and writes its two files next to
/// `out` (which must end in .npz), each via a temporary file and rename. A
/// shard cut short by `cancel` writes nothing; a shard that keeps no board
/// writes nothing and removes files of that name. `on_board` (optional) is
/// called once per source board (progress). Throws std::invalid_argument for
/// bad arguments, std::runtime_error when a file cannot be written.
NpzShardResult write_npz_shard(const BoardSource& source, const ShardOptions& options,
                               std::uint64_t k, int n, const std::string& out,
                               const std::atomic<bool>* cancel = nullptr,
                               const std::function<void()>& on_board = {});

}  // namespace nonolab::gen
