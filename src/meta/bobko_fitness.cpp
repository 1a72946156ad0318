#include "meta/bobko_fitness.hpp"

#include <cstdlib>

#include "meta/error_score.hpp"

namespace nonolab::meta {

namespace {
std::int64_t sum_errors(const LineTable& t, const LineScore* lines) {
    std::int64_t f = 0;
    for (int l = 0; l < t.lines(); ++l) f += lines[l].error;
    return f;
}
}  // namespace

LineScore BobkoSimpleFitness::score_line(const LineTable& t, int l, const Cell* cells) const {
    const Cell* c = cells + t.start[l];
    const int s = t.stride[l];
    int filled = 0;
    for (int i = 0; i < t.length[l]; ++i) filled += c[i * s] == kFilled;
    // f1/f2 term (ones) plus the equal f3/f4 term (zeros).
    return {2 * std::abs(t.clue_sum[l] - filled), filled};
}

double BobkoSimpleFitness::fitness(const LineTable& t, const LineScore* lines) const {
    return static_cast<double>(t.cells()) - static_cast<double>(sum_errors(t, lines));
}

std::int64_t BobkoSimpleFitness::objective(const LineTable& t, const LineScore* lines) const {
    return sum_errors(t, lines);
}

LineScore BobkoModifiedFitness::score_line(const LineTable& t, int l, const Cell* cells) const {
    return {line_error(t.clue[l], cells + t.start[l], t.length[l], t.stride[l]), 0};
}

double BobkoModifiedFitness::fitness(const LineTable& t, const LineScore* lines) const {
    const auto f = static_cast<double>(sum_errors(t, lines));
    if (inverse_) return 1.0 / (1.0 + f);
    return 2.0 * t.cells() - f;
}

std::int64_t BobkoModifiedFitness::objective(const LineTable& t, const LineScore* lines) const {
    return sum_errors(t, lines);
}

std::int64_t bobko_simple_f(const LineTable& t, const Cell* cells) {
    BobkoSimpleFitness f;
    std::int64_t s = 0;
    for (int l = 0; l < t.lines(); ++l) s += f.score_line(t, l, cells).error;
    return s;
}

std::int64_t bobko_modified_f(const LineTable& t, const Cell* cells) {
    BobkoModifiedFitness f;
    std::int64_t s = 0;
    for (int l = 0; l < t.lines(); ++l) s += f.score_line(t, l, cells).error;
    return s;
}

}  // namespace nonolab::meta
