// Model files: a genuine TorchScript module with its metadata inside.
//
// The C++ front end cannot script a torch::nn module, so save_model builds a
// torch::jit::Module by hand: the weights as parameters w0, b0, w1, b1, ...
// and a forward(x) -> probabilities method compiled from TorchScript source
// (relu(x·Wᵀ + b) per hidden layer, sigmoid(x·Wᵀ + b) at the end; dropout is
// the identity at inference; torch.nn.functional is out of reach without a
// Python resolver, so plain matmul). Python loads it with
// torch.jit.load("models/nonodataset-10x10.pt") and calls it directly. The
// metadata (architecture, n, reflections, training data, seed, epochs,
// accuracy, commit) is stored in the archive as extra file
// "extra/nonolab.json" and written beside it as "<file>.json" for people.
// docs/methods.md explains the choice.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "nn/predictor.hpp"
#include "nn/torch/mlp.hpp"

namespace nonolab::nn::torch_backend {

/// Writes `model` (moved to the CPU, in eval form) as TorchScript to `path`,
/// with `metadata` (the shape fields are filled in here) inside and in
/// path + ".json". Throws std::runtime_error naming the file.
void save_model(Mlp& model, nlohmann::json metadata, const std::string& path);

/// A loaded model: the network, rebuilt from the file's weights, and its metadata.
struct LoadedModel {
    Mlp model{nullptr};
    nlohmann::json metadata;
};
/// Reads a file written by save_model. Throws std::runtime_error naming the
/// file and what is wrong (missing, not TorchScript, no nonolab metadata).
LoadedModel load_model_file(const std::string& path);

/// The Predictor over a loaded model: eval mode, no gradients, thread-safe.
class TorchPredictor : public Predictor {
  public:
    TorchPredictor(LoadedModel model, std::string path);
    int board_size() const override;
    bool trained_on_reflections() const override;
    void predict(const float* inputs, int count, float* outputs) const override;
    std::string describe() const override;
    const nlohmann::json& metadata() const { return model_.metadata; }

  private:
    LoadedModel model_;
    std::string path_;
};

/// load_model_file wrapped as a Predictor: the nn::ModelLoader the
/// executable's LibTorch plugin hands out (apps/torch_plugin.hpp).
std::shared_ptr<const Predictor> load_torch_predictor(const std::string& path);

}  // namespace nonolab::nn::torch_backend
