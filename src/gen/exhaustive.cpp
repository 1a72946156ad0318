#include "gen/exhaustive.hpp"

#include <stdexcept>
#include <string>

namespace nonolab::gen {

void ExhaustiveOptions::validate() const {
    const std::uint64_t total = exhaustive_count(width, height);
    const std::uint64_t end = last == 0 ? total : last;
    if (end > total)
        throw std::invalid_argument("exhaustive: last = " + std::to_string(last) + " but " +
                                    std::to_string(width) + "x" + std::to_string(height) +
                                    " has only " + std::to_string(total) + " boards");
    if (first > end)
        throw std::invalid_argument("exhaustive: first = " + std::to_string(first) +
                                    " is past last = " + std::to_string(end));
}

std::uint64_t exhaustive_count(int width, int height) {
    if (width < 1 || height < 1)
        throw std::invalid_argument("exhaustive: the board size must be at least 1x1, got " +
                                    std::to_string(width) + "x" + std::to_string(height));
    if (width * height > kMaxExhaustiveCells)
        throw std::invalid_argument(
            "exhaustive: " + std::to_string(width) + "x" + std::to_string(height) + " has 2^" +
            std::to_string(width * height) + " boards; at most 2^25 (5x5) are enumerated");
    return std::uint64_t{1} << (width * height);
}

Grid exhaustive_board(int width, int height, std::uint64_t k) {
    const int cells = width * height;
    Grid g(width, height, kEmpty);
    for (int i = 0; i < cells; ++i) g.cells()[i] = (k >> (cells - 1 - i)) & 1 ? kFilled : kEmpty;
    return g;
}

bool exhaustive_boards(const ExhaustiveOptions& o, const BoardSink& sink) {
    o.validate();
    const int cells = o.width * o.height;
    const std::uint64_t end = o.last == 0 ? exhaustive_count(o.width, o.height) : o.last;
    Grid g(o.width, o.height, kEmpty);
    Cell* c = g.cells().data();
    for (std::uint64_t k = o.first; k < end; ++k) {
        for (int i = 0; i < cells; ++i) c[i] = (k >> (cells - 1 - i)) & 1 ? kFilled : kEmpty;
        if (!sink(g)) return false;
    }
    return true;
}

BoardSource exhaustive_source(int width, int height) {
    BoardSource s;
    s.count = exhaustive_count(width, height);
    s.name = "all " + std::to_string(width) + "x" + std::to_string(height);
    s.produce = [width, height](std::uint64_t first, std::uint64_t last, std::uint64_t,
                                const BoardSink& sink) {
        ExhaustiveOptions o;
        o.width = width;
        o.height = height;
        o.first = first;
        o.last = last;
        return exhaustive_boards(o, sink);
    };
    return s;
}

}  // namespace nonolab::gen
