#include "nn/torch/model_file.hpp"

#include <torch/script.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "git_commit.hpp"
#include "io/clue_encoding.hpp"
#include "io/text.hpp"

namespace nonolab::nn::torch_backend {
namespace {

constexpr const char* kFormat = "nonolab-mlp-1";
constexpr const char* kMetaFile = "nonolab.json";

// The TorchScript forward for `hidden` hidden layers.
std::string forward_source(std::size_t hidden) {
    std::string s = "def forward(self, x):\n";
    for (std::size_t i = 0; i < hidden; ++i)
        s += "    x = torch.relu(torch.matmul(x, self.w" + std::to_string(i) + ".t()) + self.b" +
             std::to_string(i) + ")\n";
    s += "    return torch.sigmoid(torch.matmul(x, self.w" + std::to_string(hidden) +
         ".t()) + self.b" + std::to_string(hidden) + ")\n";
    return s;
}

}  // namespace

void save_model(Mlp& model, nlohmann::json metadata, const std::string& path) {
    const MlpShape& shape = model->shape();
    metadata["format"] = kFormat;
    metadata["n"] = shape.n;
    metadata["layers"] = shape.layers;
    metadata["dropout"] = shape.dropout;
    metadata["inputs"] = io::clue_vector_size(shape.n);
    metadata["outputs"] = shape.n * shape.n;
    metadata["commit"] = NONOLAB_GIT_COMMIT;
    metadata["libtorch"] = TORCH_VERSION;
    torch::jit::Module m("nonolab_mlp");
    {
        torch::NoGradGuard no_grad;
        const auto& linears = model->linears();
        for (std::size_t i = 0; i < linears.size(); ++i) {
            m.register_parameter("w" + std::to_string(i),
                                 linears[i]->weight.detach().to(torch::kCPU).clone(), false);
            m.register_parameter("b" + std::to_string(i),
                                 linears[i]->bias.detach().to(torch::kCPU).clone(), false);
        }
    }
    m.define(forward_source(model->linears().size() - 1));
    m.eval();
    const std::string text = metadata.dump(2) + "\n";
    try {
        const std::filesystem::path p(path);
        if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
        const std::string tmp = path + ".tmp";
        m.save(tmp, {{kMetaFile, text}});
        std::filesystem::rename(tmp, path);
    } catch (const std::exception& e) {
        throw std::runtime_error(path + ": cannot write the model: " + e.what());
    }
    io::write_file_atomic(path + ".json", text);
}

LoadedModel load_model_file(const std::string& path) {
    if (!std::filesystem::is_regular_file(path))
        throw std::runtime_error(path +
                                 ": no such model file (train one with 'nonolab train', "
                                 "or see docs/results/neural.md)");
    torch::jit::ExtraFilesMap extra{{kMetaFile, ""}};
    torch::jit::Module m;
    try {
        m = torch::jit::load(path, torch::kCPU, extra);
    } catch (const std::exception& e) {
        std::string what = e.what();
        what = what.substr(0, what.find('\n'));
        throw std::runtime_error(path + ": not a TorchScript model file (" + what + ")");
    }
    LoadedModel out;
    try {
        out.metadata = nlohmann::json::parse(extra[kMetaFile]);
    } catch (const std::exception&) {
        throw std::runtime_error(path +
                                 ": a TorchScript file without nonolab metadata (extra file " +
                                 kMetaFile + "); was it written by 'nonolab train'?");
    }
    if (out.metadata.value("format", "") != kFormat)
        throw std::runtime_error(path + ": model format '" + out.metadata.value("format", "") +
                                 "', expected '" + kFormat + "'");
    MlpShape shape;
    shape.n = out.metadata.at("n").get<int>();
    shape.layers = out.metadata.at("layers").get<std::vector<int>>();
    shape.dropout = out.metadata.value("dropout", 0.0);
    out.model = Mlp(shape);
    torch::NoGradGuard no_grad;
    const auto& linears = out.model->linears();
    for (std::size_t i = 0; i < linears.size(); ++i) {
        const auto w = m.attr("w" + std::to_string(i)).toTensor();
        const auto b = m.attr("b" + std::to_string(i)).toTensor();
        if (w.sizes() != linears[i]->weight.sizes() || b.sizes() != linears[i]->bias.sizes())
            throw std::runtime_error(path + ": layer " + std::to_string(i) +
                                     " has the wrong shape for the architecture in its metadata");
        linears[i]->weight.copy_(w);
        linears[i]->bias.copy_(b);
    }
    out.model->eval();
    return out;
}

TorchPredictor::TorchPredictor(LoadedModel model, std::string path)
    : model_(std::move(model)), path_(std::move(path)) {
    model_.model->eval();
}

int TorchPredictor::board_size() const {
    return model_.model->shape().n;
}

bool TorchPredictor::trained_on_reflections() const {
    return model_.metadata.value("reflections", false);
}

void TorchPredictor::predict(const float* inputs, int count, float* outputs) const {
    if (count <= 0) return;
    const int n = board_size();
    torch::NoGradGuard no_grad;
    // from_blob does not copy; the const_cast is safe because forward never writes its input.
    const auto in = torch::from_blob(const_cast<float*>(inputs), {count, io::clue_vector_size(n)},
                                     torch::kFloat32);
    Mlp model = model_.model;  // a handle: forward() is not const, but eval mode never writes
    const auto out = model->probabilities(in).contiguous();
    std::copy(out.data_ptr<float>(), out.data_ptr<float>() + static_cast<long>(count) * n * n,
              outputs);
}

std::string TorchPredictor::describe() const {
    const auto& md = model_.metadata;
    std::string s = "mlp " + std::to_string(board_size()) + "x" + std::to_string(board_size()) +
                    " " + layers_name(model_.model->shape().layers);
    if (trained_on_reflections()) s += " (8 reflections)";
    if (md.contains("data")) s += ", trained on " + md["data"].get<std::string>();
    if (md.contains("epochs")) s += ", " + md["epochs"].dump() + " epochs";
    return s + ", " + path_;
}

std::shared_ptr<const Predictor> load_torch_predictor(const std::string& path) {
    return std::make_shared<TorchPredictor>(load_model_file(path), path);
}

}  // namespace nonolab::nn::torch_backend
