// The network-guided variants of H (Buades Rubio et al. 2024, sections
// 2.3.2-2.3.4, Algorithms 2-4): NeHI, NeHPF, NeHPFI and, with the network run
// on all eight reflections (section 2.2), Ne8HI, Ne8HPF, Ne8HPFI.
//
//     auto model = nn::load_model(nn::default_model_path(10, true));
//     nn::NetworkSearchOptions o;  o.reflections = o.partial_erase = o.intuition = true;
//     MetaResult r = nn::network_search(puzzle, *model, o, control);   // Ne8HPFI
//
// Every variant first predicts the board; a thresholded prediction (p >= 0.5)
// that meets every clue is the answer (Algorithm 2, lines 2-4). Otherwise:
//   HI    DFS from the empty board with intuition (Algorithm 3).
//   HPF   partial erase (partial_erase.hpp), H from that state; if it
//         exhausts, full erase: H from the empty board (section 2.3.3).
//   HPFI  as HPF, the search from the erased state with intuition.
//   Ne8   the network sees the eight reflected puzzles in one batch. A
//         reflected prediction that solves its reflected puzzle is reflected
//         back and returned. Otherwise one prediction, in the original
//         orientation, drives erase and intuition: the reflection whose
//         thresholded board breaks the fewest clues (ties: the paper's
//         order), or with average_reflections the per-cell mean of the eight.
//
// Our readings (docs/methods.md), with options for the alternatives:
//   - iterations: as H's (SOLVE calls that look for trivial cells). The
//     prediction check is a full-board check, like SOLVE's lines 2-5, so a
//     correct prediction takes 0 iterations (1 in solve_calls).
//   - Algorithm 4's pseudo-code erases only when intuition is on and does the
//     full erase with intuition; the text erases in both NeHPF and NeHPFI and
//     does the full erase "without using the network". We follow the text;
//     full_erase_intuition = true gives the pseudo-code's full erase.
//   - Intuition orders the candidates of the line H would branch on; it does
//     not choose the line (IntuitionOptions::picks_line does).
//   - When partial erase keeps no cell, the search from the erased state
//     already starts from the empty board, and the full erase is skipped.
// stats: iterations, nodes, prediction_correct, reflection (index of the
// reflection that solved or drove the search, -1 for the average),
// predict_seconds, erased_lines, full_erase, exhausted (the search from the
// empty board found nothing: the puzzle has no solution).
#pragma once

#include "core/method.hpp"
#include "core/puzzle.hpp"
#include "nn/heuristic_search.hpp"
#include "nn/partial_erase.hpp"
#include "nn/predictor.hpp"

namespace nonolab::nn {

/// Which variant, and the readings of its open points.
struct NetworkSearchOptions {
    bool reflections = false;    ///< Ne8: predict all eight reflections (section 2.3.4)
    bool partial_erase = false;  ///< PF: partial erase, then full erase (Algorithm 4)
    bool intuition = true;       ///< I: weight candidates by the prediction (Algorithm 3)
    EraseRule erase = EraseRule::any_line;  ///< which cells partial erase forgets
    bool average_reflections =
        false;  ///< Ne8: drive with the mean of the 8, not the fewest-wrong one
    bool full_erase_intuition = false;   ///< full erase with intuition (Algorithm 4's pseudo-code)
    IntuitionOptions intuition_options;  ///< how intuition weighs candidates
    HeuristicOptions heuristic;          ///< the search underneath
};

/// Runs one variant with `predictor` (n x n, the puzzle's size). Throws
/// std::invalid_argument for puzzles the network cannot take (size, colour).
MetaResult network_search(const Puzzle& puzzle, const Predictor& predictor,
                          const NetworkSearchOptions& options, const RunControl& control);

/// The eight predictions of a reflection-trained network, each mapped back
/// to the original orientation (probabilities, row-major), in kReflections order.
std::vector<std::vector<float>> predict_reflections(const Predictor& predictor,
                                                    const Puzzle& puzzle);

}  // namespace nonolab::nn
