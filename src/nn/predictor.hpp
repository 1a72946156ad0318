// The network as the solvers see it: clues in, one probability per cell out
// (Buades Rubio et al. 2024, section 2.1). The solvers (src/nn/*_search)
// depend only on this interface, so they are tested with hand-made
// predictors and run with any back end.
//
// The LibTorch back end lives apart (src/nn/torch, CMake option NONOLAB_TORCH)
// so the core library and the fuzzing build never include LibTorch headers.
// A program that wants real models installs its loader once at start-up
// (apps/nonolab.cpp does); load_model then reads model files through it.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::nn {

/// A trained network for n x n boards.
class Predictor {
  public:
    virtual ~Predictor() = default;
    /// n: the only board size this network accepts (its input has a fixed size).
    virtual int board_size() const = 0;
    /// True when it was trained on all eight reflections of every board (the Ne8 variants).
    virtual bool trained_on_reflections() const = 0;
    /// For `count` inputs of io::clue_vector_size(n) floats each, writes n·n
    /// probabilities (cell filled, row-major) per input. Thread-safe.
    virtual void predict(const float* inputs, int count, float* outputs) const = 0;
    /// One line for logs and JSON: architecture, training set, file.
    virtual std::string describe() const = 0;
};

/// Throws std::invalid_argument unless `puzzle` is n x n for the predictor's n.
void check_board_size(const Predictor& predictor, const Puzzle& puzzle);

/// The probabilities for one puzzle. Throws std::invalid_argument when the
/// puzzle is not a black-and-white n x n puzzle of the predictor's size.
std::vector<float> predict_cells(const Predictor& predictor, const Puzzle& puzzle);

/// The board a prediction stands for: filled where probability >= 0.5.
Grid threshold(const std::vector<float>& probabilities, int n);

/// Reads a model file; installed by a back end. Throws on failure.
using ModelLoader = std::function<std::shared_ptr<const Predictor>(const std::string& path)>;

/// Makes `loader` the one load_model uses (call once at start-up).
void install_model_loader(ModelLoader loader);
/// True once a loader is installed.
bool have_model_loader();

/// The model in `path`, loaded once per process and shared afterwards
/// (thread-safe). Throws std::runtime_error naming the file when it cannot be
/// read, or when no back end is installed (built without NONOLAB_TORCH).
std::shared_ptr<const Predictor> load_model(const std::string& path);

/// Where the shipped model for n x n boards is: "<dir>/nonodataset-<n>x<n>.pt",
/// or "...-<n>x<n>-reflections.pt" for the one trained on all reflections.
/// <dir> is $NONOLAB_MODELS when set, else the source tree's models/ folder.
std::string default_model_path(int n, bool reflections);

}  // namespace nonolab::nn
