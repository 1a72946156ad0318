#include "batch/random_sets.hpp"

#include <memory>
#include <sstream>
#include <stdexcept>

#include "batch/board_sources.hpp"
#include "core/board_size.hpp"
#include "core/picture.hpp"
#include "gen/shards.hpp"

namespace nonolab::batch {

namespace {

constexpr double kDensity = 0.6;
constexpr std::uint64_t kDefaultCount = 300, kDefaultSeed = 29;

std::uint64_t parse_count(const std::string& text, const std::string& name, const char* what) {
    std::size_t used = 0;
    unsigned long long v = 0;
    try {
        v = std::stoull(text, &used);
    } catch (const std::exception&) {
        used = 0;
    }
    if (used == 0 || used != text.size() || text[0] == '-')
        throw std::invalid_argument("bad set '" + name + "': " + what + " '" + text +
                                    "' is not a whole number (expected " + random_set_names() +
                                    ")");
    return v;
}

}  // namespace

const char* random_set_names() {
    return "random:WxH:K[:N[:SEED]], colour-search";
}

std::vector<PuzzleRef> random_boards(int width, int height, int colours, double density,
                                     std::uint64_t count, std::uint64_t seed) {
    BoardSourceOptions o;
    o.kind = "random";
    o.count = count;
    o.width = width;
    o.height = height;
    o.colours = colours;
    o.density = density;
    const gen::BoardSource src = board_source(o);
    gen::ShardOptions so;  // what `generate` uses: its default shard size
    so.seed = seed;
    const std::string title = "random " + std::to_string(width) + "x" + std::to_string(height) +
                              " K=" + std::to_string(colours) + " #";
    std::vector<PuzzleRef> out;
    for (std::uint64_t k = 1; k <= gen::shard_count(src, so); ++k)
        gen::run_shard(src, so, k, [&](const Grid& board, const gen::BoardInfo& info) {
            PuzzleInfo pi;
            pi.title = title + std::to_string(info.item + 1);
            out.push_back(
                {"generated", static_cast<int>(out.size()) + 1, pi.title, "",
                 std::make_shared<const Puzzle>(puzzle_from_picture(board, src.palette, pi))});
            return true;
        });
    return out;
}

std::optional<std::vector<PuzzleRef>> random_set(const std::string& name) {
    if (name == "colour-search" || name == "color-search") {
        std::vector<PuzzleRef> out;
        for (const int side : {15, 20, 25, 30})
            for (int colours = 2; colours <= 6; ++colours)
                for (PuzzleRef& r : random_boards(side, side, colours, kDensity, 20, 31)) {
                    r.index = static_cast<int>(out.size()) + 1;
                    out.push_back(std::move(r));
                }
        return out;
    }
    if (name.rfind("random:", 0) != 0) return std::nullopt;
    std::vector<std::string> parts;
    std::istringstream in(name.substr(7));
    for (std::string part; std::getline(in, part, ':');) parts.push_back(part);
    if (parts.size() < 2 || parts.size() > 4)
        throw std::invalid_argument("bad set '" + name + "': expected random:WxH:K[:N[:SEED]]");
    BoardSize size;
    try {
        size = parse_board_size(parts[0]);
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("bad set '" + name + "': " + e.what());
    }
    const std::uint64_t colours = parse_count(parts[1], name, "colours");
    const std::uint64_t count =
        parts.size() > 2 ? parse_count(parts[2], name, "count") : kDefaultCount;
    const std::uint64_t seed =
        parts.size() > 3 ? parse_count(parts[3], name, "seed") : kDefaultSeed;
    if (colours < 1 || colours > 64 || count < 1 || count > 100000)
        throw std::invalid_argument("bad set '" + name +
                                    "': expected 1 <= K <= 64 colours and 1 <= N <= 100000 boards");
    return random_boards(size.width, size.height, static_cast<int>(colours), kDensity, count, seed);
}

}  // namespace nonolab::batch
