#include "gen/shards.hpp"

#include <stdexcept>
#include <string>

#include "core/picture.hpp"
#include "core/rng.hpp"

namespace nonolab::gen {

void ShardOptions::validate() const {
    if (shard_size == 0) throw std::invalid_argument("shard size must be at least 1");
    const std::uint64_t rows = reflections ? 8 : 1;
    if (shard_size > kMaxShardRows / rows)
        throw std::invalid_argument("shard size " + std::to_string(shard_size) +
                                    (reflections ? " with 8 reflections" : "") +
                                    " makes files of more than " + std::to_string(kMaxShardRows) +
                                    " boards; at most " + std::to_string(kMaxShardRows / rows) +
                                    " per shard");
}

ShardStats& ShardStats::operator+=(const ShardStats& o) {
    generated += o.generated;
    emitted += o.emitted;
    unique += o.unique;
    multiple += o.multiple;
    timeouts += o.timeouts;
    stopped = stopped || o.stopped;
    return *this;
}

std::uint64_t shard_count(const BoardSource& source, const ShardOptions& options) {
    options.validate();
    return source.count / options.shard_size + (source.count % options.shard_size ? 1 : 0);
}

std::pair<std::uint64_t, std::uint64_t> shard_range(const BoardSource& source,
                                                    const ShardOptions& options, std::uint64_t k) {
    const std::uint64_t n = shard_count(source, options);
    if (k < 1 || k > n)
        throw std::invalid_argument("shard " + std::to_string(k) + " does not exist; " +
                                    source.name + " has shards 1 to " + std::to_string(n));
    const std::uint64_t first = (k - 1) * options.shard_size;
    const std::uint64_t last =
        source.count - first < options.shard_size ? source.count : first + options.shard_size;
    return {first, last};
}

ShardStats run_shard(const BoardSource& source, const ShardOptions& options, std::uint64_t k,
                     const ShardSink& sink, const std::atomic<bool>* cancel) {
    const auto [first, last] = shard_range(source, options, k);
    ShardStats stats;
    std::uint64_t item = first;
    const bool check = options.check || options.unique_only;
    exact::ExactOptions eo;
    eo.max_solutions = 2;
    eo.timeout_seconds = options.timeout_seconds;

    auto on_board = [&](const Grid& board) -> bool {
        if (cancel && cancel->load(std::memory_order_relaxed)) return false;
        ++stats.generated;
        BoardInfo info;
        info.item = item++;
        exact::ExactResult verdict;
        if (check) {
            verdict = exact::solve_exact(puzzle_from_picture(board, source.palette), eo, cancel);
            if (cancel && cancel->load(std::memory_order_relaxed)) return false;
            info.verdict = &verdict;
            if (verdict.status == Status::unique)
                ++stats.unique;
            else if (verdict.status == Status::multiple)
                ++stats.multiple;
            else
                ++stats.timeouts;
            if (options.unique_only && verdict.status != Status::unique) return true;
        }
        if (!options.reflections) {
            ++stats.emitted;
            return sink(board, info);
        }
        for (nn::Reflection r : nn::kReflections) {
            info.reflection = r;
            ++stats.emitted;
            if (!sink(r == nn::Reflection::rc ? board : nn::reflect(board, r), info)) return false;
        }
        return true;
    };
    const std::uint64_t seed = derive_seed(options.seed, k);
    stats.stopped = !source.produce(first, last, seed, on_board);
    return stats;
}

bool draw_boards(int width, int height, std::uint64_t seed, std::uint64_t count,
                 const DrawBoard& draw, const BoardSink& sink) {
    Rng rng(seed);
    Grid g(width, height, kEmpty);
    for (std::uint64_t i = 0; i < count; ++i) {
        draw(g, rng);
        if (!sink(g)) return false;
    }
    return true;
}

std::string sized_name(const std::string& kind, int width, int height) {
    return kind + " " + std::to_string(width) + "x" + std::to_string(height);
}

BoardSource drawn_source(const std::string& kind, int width, int height, std::uint64_t count,
                         DrawBoard draw) {
    return seeded_source(sized_name(kind, width, height), count,
                         [width, height, draw = std::move(draw)](
                             std::uint64_t seed, std::uint64_t m, const BoardSink& sink) {
                             return draw_boards(width, height, seed, m, draw, sink);
                         });
}

BoardSource seeded_source(
    std::string name, std::uint64_t count,
    std::function<bool(std::uint64_t seed, std::uint64_t m, const BoardSink& sink)> boards) {
    BoardSource s;
    s.count = count;
    s.name = std::move(name);
    s.produce = [boards = std::move(boards)](std::uint64_t first, std::uint64_t last,
                                             std::uint64_t seed, const BoardSink& sink) {
        return boards(seed, last - first, sink);
    };
    return s;
}

}  // namespace nonolab::gen
