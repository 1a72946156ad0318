// Model files: a genuine TorchScript module with its metadata inside.
//
// The C++ front end cannot script a torch::nn module, so save_model builds a
// torch::jit::Module by hand: the weights as parameters under the names
// NetworkImpl::file_parameters() gives (w0, b0, w1, b1, ... for the paper's
// network) and a forward(x) -> probabilities method compiled from the
// network's TorchScript source (torch.nn.functional is out of reach without
// a Python resolver, so plain matmul). Python loads it with
// torch.jit.load("models/nonodataset-10x10.pt") and calls it directly. The
// metadata (architecture and its shape, n, precision, reflections, training
// data, seed, epochs, accuracy, commit) is stored in the archive as extra
// file "extra/nonolab.json" and written beside it as "<file>.json" for
// people. docs/methods.md explains the choice.
//
// Precision: a float16 file stores every parameter as float16 (half the
// size) and its forward converts them to float32 first; load_model_file
// converts them once, so prediction always runs in float32 (LibTorch's CPU
// float16 matmul is slow or missing). Files of the first format
// (nonolab-mlp-1: an mlp in float32) still load.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "nn/predictor.hpp"
#include "nn/torch/network.hpp"

namespace nonolab::nn::torch_backend {

/// The shape fields of the metadata: arch, n, and the architecture's own
/// (layers and dropout, or width, head and steps); load_model_file reads them back.
void put_shape(const NetShape& shape, nlohmann::json& metadata);

/// How the weights are stored ("precision" in the metadata).
enum class Precision { float32, float16 };

/// Writes `model` (moved to the CPU, in eval form) as TorchScript to `path`,
/// with `metadata` (the shape and precision fields are filled in here)
/// inside and, with `sidecar`, in path + ".json". Throws std::runtime_error naming the file.
void save_model(NetworkImpl& model, nlohmann::json metadata, const std::string& path,
                Precision precision = Precision::float32, bool sidecar = true);

/// Rounds every parameter of `model` to float16 and back, in place: the
/// model a float16 file of it loads as (to measure it before saving).
void round_to_half(NetworkImpl& model);

/// A loaded model: the network, rebuilt from the file's weights (float32),
/// and its metadata.
struct LoadedModel {
    Network model;
    nlohmann::json metadata;
};
/// Reads a file written by save_model. Throws std::runtime_error naming the
/// file and what is wrong (missing, not TorchScript, no nonolab metadata, an
/// unknown format, architecture or precision, weights that do not match the
/// metadata's shape or precision).
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
