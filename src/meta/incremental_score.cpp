#include "meta/incremental_score.hpp"

#include <bit>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "meta/error_score.hpp"

namespace nonolab::meta {

namespace {

// Lookup tables are used for lines of up to this many cells, as long as all
// tables together stay within kTableBudget bytes (they should stay in L2).
constexpr int kTableMaxLength = 14;
constexpr std::int64_t kTableBudget = std::int64_t{1} << 20;

}  // namespace

int bit_line_error(const int* runs, int count, std::uint64_t bits, int length) {
    if (length < 64) bits &= (std::uint64_t{1} << length) - 1;
    int error = 0;
    int j = 0;
    while (bits != 0) {
        bits >>= std::countr_zero(bits);
        const int run = std::countr_one(bits);
        error += std::abs((j < count ? runs[j] : 0) - run);
        ++j;
        bits = run >= 64 ? 0 : bits >> run;
    }
    for (; j < count; ++j) error += runs[j];
    return error;
}

IncrementalScore::IncrementalScore(const Puzzle& puzzle, bool score_rows)
    : width_(puzzle.width()), height_(puzzle.height()), score_rows_(score_rows) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("harmony search handles black-and-white puzzles only");
    if (width_ > kMaxBitLine || height_ > kMaxBitLine)
        throw std::invalid_argument("harmony search handles puzzles up to " +
                                    std::to_string(kMaxBitLine) + "x" +
                                    std::to_string(kMaxBitLine) + "; this one is " +
                                    std::to_string(width_) + "x" + std::to_string(height_));
    auto add_line = [&](const Clue& clue, int length) {
        LineInfo li;
        li.runs = static_cast<int>(runs_.size());
        li.count = static_cast<int>(clue.size());
        li.length = length;
        for (const auto& run : clue) runs_.push_back(run.length);
        lines_.push_back(li);
    };
    for (const auto& clue : puzzle.rows()) add_line(clue, width_);
    for (const auto& clue : puzzle.columns()) add_line(clue, height_);

    std::int64_t table_bytes = 0;
    for (auto& li : lines_) {
        if (li.length > kTableMaxLength) continue;
        const std::int64_t size = std::int64_t{1} << li.length;
        if (table_bytes + size > kTableBudget) continue;
        li.table = table_bytes;
        table_bytes += size;
    }
    table_.resize(static_cast<std::size_t>(table_bytes));
    for (const auto& li : lines_) {
        if (li.table < 0) continue;
        const std::uint64_t size = std::uint64_t{1} << li.length;
        for (std::uint64_t bits = 0; bits < size; ++bits) {
            // An error never exceeds 2 * length (given cells + shown cells), so
            // it fits a byte for every table line.
            table_[static_cast<std::size_t>(li.table) + bits] = static_cast<std::uint8_t>(
                bit_line_error(runs_.data() + li.runs, li.count, bits, li.length));
        }
    }
    packed_mode_ = width_ <= 16 && height_ <= 16;
    for (int c = 0; c < width_; ++c) {
        col_table_.push_back(lines_[height_ + c].table);
        if (lines_[height_ + c].table < 0) packed_mode_ = false;
    }
    rows_.assign(height_, 0);
    cols_.assign(width_, 0);
    row_err_.assign(height_, 0);
    col_err_.assign(width_, 0);
    load(rows_.data());
}

void IncrementalScore::load(const std::uint64_t* rows) {
    const std::vector<std::uint64_t> copy(rows, rows + height_);
    cols_.assign(width_, 0);
    total_ = 0;
    for (int r = 0; r < height_; ++r) {
        rows_[r] = copy[r];
        row_err_[r] = score_rows_ ? line_err(r, rows_[r]) : 0;
        total_ += row_err_[r];
        for (std::uint64_t d = rows_[r]; d != 0; d &= d - 1)
            cols_[std::countr_zero(d)] |= std::uint64_t{1} << r;
    }
    for (auto& word : packed_) word = 0;
    for (int c = 0; c < width_; ++c) {
        col_err_[c] = line_err(height_ + c, cols_[c]);
        total_ += col_err_[c];
        if (packed_mode_) packed_[c >> 2] |= cols_[c] << ((c & 3) * 16);
    }
    dirty_cols_ = 0;
}

Grid IncrementalScore::grid() const {
    Grid g(width_, height_, kEmpty);
    for (int r = 0; r < height_; ++r)
        for (int c = 0; c < width_; ++c)
            if ((rows_[r] >> c) & 1) g.set(r, c, kFilled);
    return g;
}

}  // namespace nonolab::meta
