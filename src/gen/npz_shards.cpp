#include "gen/npz_shards.hpp"

#include <stdexcept>

#include <filesystem>

#include "io/npz_writer.hpp"

namespace nonolab::gen {

NpzShardResult write_npz_shard(const BoardSource& source, const ShardOptions& options,
                               std::uint64_t k, int n, const std::string& out,
                               const std::atomic<bool>* cancel,
                               const std::function<void()>& on_board) {
    if (!source.palette.empty() && source.palette.size() > 2)
        throw std::invalid_argument("NonoDataset files (.npz) hold black-and-white boards; " +
                                    source.name + " has colours (write a puzzle file instead)");
    NpzShardResult r;
    r.x_path = io::dataset_shard_path(out, 'x', k);
    r.y_path = io::dataset_shard_path(out, 'y', k);
    io::DatasetShard shard(n);
    r.stats = run_shard(
        source, options, k,
        [&](const Grid& board, const BoardInfo& info) {
            shard.add(board);
            if (on_board && info.reflection == nn::Reflection::rc) on_board();
            return true;
        },
        cancel);
    if (r.stats.stopped) return r;
    r.rows = shard.rows();
    if (r.rows == 0) {
        // Nothing to write; files of an earlier run must not pass for this one's.
        std::filesystem::remove(r.x_path);
        std::filesystem::remove(r.y_path);
        return r;
    }
    shard.write(r.x_path, r.y_path);
    return r;
}

}  // namespace nonolab::gen
