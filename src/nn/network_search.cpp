#include "nn/network_search.hpp"

#include <chrono>
#include <stdexcept>

#include "core/verify.hpp"
#include "io/clue_encoding.hpp"
#include "nn/reflection.hpp"

namespace nonolab::nn {

std::vector<std::vector<float>> predict_reflections(const Predictor& predictor,
                                                    const Puzzle& puzzle) {
    check_board_size(predictor, puzzle);
    const int n = predictor.board_size();
    if (n >= kUnknown) throw std::invalid_argument("board too large for reflections");
    const int in = io::clue_vector_size(n), cells = n * n;
    std::vector<float> inputs(static_cast<std::size_t>(in) * 8), outputs(std::size_t{8} * cells);
    for (int k = 0; k < 8; ++k) io::encode_clues(reflect(puzzle, kReflections[k]), &inputs[k * in]);
    predictor.predict(inputs.data(), 8, outputs.data());
    // Where each reflected cell comes from: reflect grids holding row and column indices.
    Grid rows(n, n), cols(n, n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
            rows.set(r, c, static_cast<Cell>(r));
            cols.set(r, c, static_cast<Cell>(c));
        }
    std::vector<std::vector<float>> back(8, std::vector<float>(cells));
    for (int k = 0; k < 8; ++k) {
        const Grid rr = reflect(rows, kReflections[k]), cc = reflect(cols, kReflections[k]);
        for (int i = 0; i < cells; ++i)
            back[k][rr.cells()[i] * n + cc.cells()[i]] = outputs[k * cells + i];
    }
    return back;
}

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

MetaResult network_search(const Puzzle& puzzle, const Predictor& predictor,
                          const NetworkSearchOptions& o, const RunControl& control) {
    if (!puzzle.black_and_white())
        throw std::invalid_argument("the network methods solve black-and-white puzzles only");
    const int n = puzzle.width();
    HeuristicSearch search(puzzle, o.heuristic);  // validates the puzzle before predicting
    MetaResult result;
    SearchStats stats;
    if (control.budget.expired()) {  // before the network: an expired budget does no work
        result.timed_out = true;
        result.best = Grid(n, n, kEmpty);
        result.best_error = wrong_line_count(puzzle, result.best);
        return result;
    }

    // Prediction (Algorithm 2, lines 2-4; section 2.3.4 for the eight).
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<float> drive;
    Grid predicted;
    int reflection = 0;
    bool correct = false;
    if (!o.reflections) {
        drive = predict_cells(predictor, puzzle);
        predicted = threshold(drive, n);
        correct = static_cast<bool>(verify(puzzle, predicted));
    } else {
        const auto all = predict_reflections(predictor, puzzle);
        int fewest = -1;
        for (int k = 0; k < 8 && !correct; ++k) {
            const Grid g = threshold(all[k], n);
            const int wrong = wrong_line_count(puzzle, g);
            if (wrong == 0) correct = static_cast<bool>(verify(puzzle, g));
            if (fewest < 0 || wrong < fewest || correct) {
                fewest = wrong;
                reflection = k;
                predicted = g;
                drive = all[k];
            }
        }
        if (!correct && o.average_reflections) {
            reflection = -1;
            for (int i = 0; i < n * n; ++i) {
                float sum = 0;
                for (int k = 0; k < 8; ++k) sum += all[k][i];
                drive[i] = sum / 8;
            }
            predicted = threshold(drive, n);
            correct = static_cast<bool>(verify(puzzle, predicted));
        }
    }
    result.stats["predict_seconds"] = seconds_since(t0);
    result.stats["prediction_correct"] = correct ? 1 : 0;
    result.stats["reflection"] = reflection;
    result.stats["erased_lines"] = 0;
    result.stats["full_erase"] = 0;
    ++stats.calls;  // the prediction check: a full board, no trivial cells to look for

    SearchOutcome out = SearchOutcome::solved;
    bool from_empty = true;
    if (!correct) {
        Rng rng(control.seed);
        const std::int64_t limit =
            control.max_evaluations > 0 ? control.max_evaluations : o.heuristic.max_iterations;
        const Intuition intuition{drive, o.intuition_options};
        const Grid empty(n, n, kUnknown);
        if (o.partial_erase) {
            int erased = 0;
            const Grid start = partial_erase(puzzle, predicted, o.erase, &erased);
            result.stats["erased_lines"] = erased;
            from_empty = start.unknown_count() == start.size();
            out = search.solve(start, o.intuition ? &intuition : nullptr, control.budget, rng,
                               limit, stats);
            if (out == SearchOutcome::exhausted && !from_empty) {
                result.stats["full_erase"] = 1;
                from_empty = true;
                out = search.solve(empty,
                                   o.intuition && o.full_erase_intuition ? &intuition : nullptr,
                                   control.budget, rng, limit, stats);
            }
        } else {
            out = search.solve(empty, o.intuition ? &intuition : nullptr, control.budget, rng,
                               limit, stats);
        }
        predicted = search.solution();
    }
    result.best = predicted;
    result.reached_zero = out == SearchOutcome::solved;
    result.timed_out = out == SearchOutcome::timeout;
    result.best_error = wrong_line_count(puzzle, result.best);
    add_search_stats(stats, result);
    result.stats["exhausted"] = out == SearchOutcome::exhausted && from_empty ? 1 : 0;
    return result;
}

}  // namespace nonolab::nn
