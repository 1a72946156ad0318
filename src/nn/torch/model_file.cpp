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

constexpr const char* kFormat = "nonolab-net-2";
constexpr const char* kFormatMlp1 = "nonolab-mlp-1";  // the first files: an mlp in float32
constexpr const char* kMetaFile = "nonolab.json";

const char* precision_name(Precision p) {
    return p == Precision::float16 ? "float16" : "float32";
}

NetShape shape_from_metadata(const nlohmann::json& md, const std::string& path) {
    NetShape shape;
    try {
        shape.arch = md.value("arch", std::string(kArchMlp));
        shape.n = md.at("n").get<int>();
        if (shape.arch == kArchMlp) {
            shape.layers = md.at("layers").get<std::vector<int>>();
            shape.dropout = md.value("dropout", 0.0);
        } else if (shape.arch == kArchLines) {
            shape.width = md.at("width").get<int>();
            shape.head = md.at("head").get<int>();
            shape.steps = md.at("steps").get<int>();
        }
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(path + ": metadata without a valid network shape (" + e.what() +
                                 ")");
    }
    if (shape.arch != kArchMlp && shape.arch != kArchLines)
        throw std::runtime_error(path + ": unknown network architecture '" + shape.arch +
                                 "' in the metadata (expected " + kArchMlp + " or " + kArchLines +
                                 ")");
    return shape;
}

Precision precision_from_metadata(const nlohmann::json& md, const std::string& path) {
    const std::string format = md.value("format", "");
    if (format == kFormatMlp1) return Precision::float32;
    if (format != kFormat)
        throw std::runtime_error(path + ": model format '" + format + "', expected '" + kFormat +
                                 "' (or the older '" + kFormatMlp1 + "')");
    const std::string p = md.value("precision", "");
    if (p == "float32") return Precision::float32;
    if (p == "float16") return Precision::float16;
    throw std::runtime_error(path + ": unknown precision '" + p +
                             "' in the metadata (expected float32 or float16)");
}

}  // namespace

void put_shape(const NetShape& shape, nlohmann::json& md) {
    md["arch"] = shape.arch;
    md["n"] = shape.n;
    if (shape.arch == kArchMlp) {
        md["layers"] = shape.layers;
        md["dropout"] = shape.dropout;
    } else {
        md["width"] = shape.width;
        md["head"] = shape.head;
        md["steps"] = shape.steps;
    }
}

void save_model(NetworkImpl& model, nlohmann::json metadata, const std::string& path,
                Precision precision, bool sidecar) {
    const NetShape& shape = model.shape();
    metadata["format"] = kFormat;
    put_shape(shape, metadata);
    metadata["precision"] = precision_name(precision);
    metadata["inputs"] = io::clue_vector_size(shape.n);
    metadata["outputs"] = shape.n * shape.n;
    metadata["multiply_adds"] = model.multiply_adds();
    metadata["commit"] = NONOLAB_GIT_COMMIT;
    metadata["libtorch"] = TORCH_VERSION;
    const auto dtype = precision == Precision::float16 ? torch::kFloat16 : torch::kFloat32;
    torch::jit::Module m("nonolab_net");
    {
        torch::NoGradGuard no_grad;
        for (const auto& [name, t] : model.file_parameters())
            m.register_parameter(name, t.detach().to(torch::kCPU, dtype).clone(), false);
    }
    m.define(model.script_source(precision == Precision::float16));
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
    if (sidecar) io::write_file_atomic(path + ".json", text);
}

void round_to_half(NetworkImpl& model) {
    torch::NoGradGuard no_grad;
    for (auto& [name, t] : model.file_parameters())
        t.copy_(t.to(torch::kFloat16).to(torch::kFloat32));
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
    const Precision precision = precision_from_metadata(out.metadata, path);
    const auto dtype = precision == Precision::float16 ? torch::kFloat16 : torch::kFloat32;
    try {
        out.model = make_network(shape_from_metadata(out.metadata, path));
    } catch (const std::invalid_argument& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
    torch::NoGradGuard no_grad;
    for (auto& [name, param] : out.model->file_parameters()) {
        if (!m.hasattr(name))
            throw std::runtime_error(path + ": no weights '" + name + "' for the " +
                                     describe_shape(out.model->shape()) +
                                     " network its metadata describes");
        const auto t = m.attr(name).toTensor();
        if (t.sizes() != param.sizes())
            throw std::runtime_error(path + ": weights '" + name +
                                     "' have the wrong shape for the architecture in its "
                                     "metadata");
        if (t.scalar_type() != dtype)
            throw std::runtime_error(path + ": weights '" + name + "' are " +
                                     std::string(c10::toString(t.scalar_type())) +
                                     ", the metadata says " + precision_name(precision));
        param.copy_(t.to(torch::kFloat32));
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
    // forward() is not const, but eval mode never writes (dropout is off).
    const auto out = model_.model->probabilities(in).contiguous();
    std::copy(out.data_ptr<float>(), out.data_ptr<float>() + static_cast<long>(count) * n * n,
              outputs);
}

std::string TorchPredictor::describe() const {
    const auto& md = model_.metadata;
    const NetShape& shape = model_.model->shape();
    const std::string side = std::to_string(shape.n);
    std::string s = shape.arch + " " + side + "x" + side + " " + describe_shape(shape);
    if (md.value("precision", "float32") != "float32")
        s += " (" + md["precision"].get<std::string>() + " weights)";
    if (trained_on_reflections()) s += " (8 reflections)";
    if (md.contains("data")) s += ", trained on " + md["data"].get<std::string>();
    if (md.contains("epochs")) s += ", " + md["epochs"].dump() + " epochs";
    return s + ", " + path_;
}

std::shared_ptr<const Predictor> load_torch_predictor(const std::string& path) {
    return std::make_shared<TorchPredictor>(load_model_file(path), path);
}

}  // namespace nonolab::nn::torch_backend
