#include "nn/torch/training_state.hpp"

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "io/text.hpp"
#include "nn/torch/model_file.hpp"

namespace nonolab::nn::torch_backend {
namespace {

constexpr const char* kFormat = "nonolab-training-1";

// FNV-1a over the file's bytes: not cryptographic, only a guard against a
// truncated or swapped weights file (a mismatch is refused, not repaired).
std::string checksum(const std::string& bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ull;
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

template <class T>
T field(const nlohmann::json& j, const char* key, const std::string& path) {
    try {
        return j.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        throw std::runtime_error(path + ": not a complete training state: field '" + key +
                                 "' is missing or of the wrong type");
    }
}

// `model`, read from `file`, if it has the network `shape` `wanted_by` asks
// for (describe_shape names exactly the fields of the architecture).
Network of_shape(Network model, const std::string& file, const NetShape& shape,
                 const std::string& wanted_by) {
    const NetShape& got = model->shape();
    if (got.arch != shape.arch || got.n != shape.n || describe_shape(got) != describe_shape(shape))
        throw std::runtime_error(file + ": the weights are a " + describe_shape(got) +
                                 " network, " + wanted_by + " ask for " + describe_shape(shape));
    return model;
}

// The weights of the state at `path`, checked against the size and checksum
// its JSON records and against the network `shape` that `wanted_by` asks for.
Network state_weights(const std::string& path, const NetShape& shape, const char* wanted_by) {
    nlohmann::json j = nlohmann::json::parse(io::read_file_text(path), nullptr, false);
    const std::string weights = weights_path(path);
    if (!std::filesystem::is_regular_file(weights))
        throw std::runtime_error(weights + ": the weights of training state " + path +
                                 " are missing");
    const std::string bytes = io::read_file_text(weights);
    const auto want_bytes = j["weights"].value("bytes", std::size_t{0});
    const auto want_sum = j["weights"].value("fnv1a", std::string());
    if (bytes.size() != want_bytes || checksum(bytes) != want_sum)
        throw std::runtime_error(weights + ": not the weights " + path + " was saved with (" +
                                 std::to_string(bytes.size()) + " bytes, expected " +
                                 std::to_string(want_bytes) +
                                 "; truncated, corrupt or from another save)");
    return of_shape(load_model_file(weights).model, weights, shape, wanted_by);
}

}  // namespace

std::string weights_path(const std::string& state_path) {
    std::filesystem::path p(state_path);
    return p.replace_extension(".pt").string();
}

void save_training_state(const std::string& path, NetworkImpl& model, const TrainingState& s) {
    if (std::filesystem::path(path).extension() != ".json")
        throw std::runtime_error(path + ": a training state file must end in .json");
    const std::string weights = weights_path(path);
    save_model(model, {{"training_state", std::filesystem::path(path).filename().string()}},
               weights, Precision::float16, /*sidecar=*/false);
    const std::string bytes = io::read_file_text(weights);
    const nlohmann::json j = {{"format", kFormat},
                              {"run", s.run},
                              {"epoch", s.epoch},
                              {"batch", s.batch},
                              {"step", s.step},
                              {"batches_per_epoch", s.batches_per_epoch},
                              {"seconds", s.seconds},
                              {"cpu_seconds", s.cpu_seconds},
                              {"stretches", s.stretches},
                              {"epoch_sums", {s.loss_sum, s.right, s.seen}},
                              {"window_sums", {s.window_loss, s.window_right, s.window_seen}},
                              {"finished", s.finished},
                              {"weights",
                               {{"file", std::filesystem::path(weights).filename().string()},
                                {"bytes", bytes.size()},
                                {"fnv1a", checksum(bytes)}}},
                              {"epochs", s.epochs},
                              {"curve", s.curve}};
    io::write_file_atomic(path, j.dump(1) + "\n");
}

TrainingState read_training_state(const std::string& path) {
    if (!std::filesystem::is_regular_file(path))
        throw std::runtime_error(path +
                                 ": no such training state (written by 'nonolab train "
                                 "--state', e.g. ../training/NAME.json)");
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(io::read_file_text(path));
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(path +
                                 ": not a readable training state (truncated or corrupt "
                                 "JSON: " +
                                 std::string(e.what()) + ")");
    }
    if (!j.is_object() || j.value("format", "") != kFormat)
        throw std::runtime_error(path + ": not a training state (expected \"format\": \"" +
                                 kFormat + "\")");
    TrainingState s;
    s.run = field<nlohmann::json>(j, "run", path);
    if (!s.run.is_object())
        throw std::runtime_error(path + ": not a complete training state: 'run' is not an object");
    s.epoch = field<int>(j, "epoch", path);
    s.batch = field<long>(j, "batch", path);
    s.step = field<std::int64_t>(j, "step", path);
    s.batches_per_epoch = field<long>(j, "batches_per_epoch", path);
    s.seconds = field<double>(j, "seconds", path);
    s.cpu_seconds = j.value("cpu_seconds", 0.0);  // absent before 2026-11-26
    s.stretches = field<int>(j, "stretches", path);
    const auto sums = field<std::vector<double>>(j, "epoch_sums", path);
    const auto window = field<std::vector<double>>(j, "window_sums", path);
    if (sums.size() != 3 || window.size() != 3)
        throw std::runtime_error(path +
                                 ": not a complete training state: sums of 3 numbers "
                                 "expected");
    s.loss_sum = sums[0], s.right = static_cast<long>(sums[1]), s.seen = static_cast<long>(sums[2]);
    s.window_loss = window[0], s.window_right = static_cast<long>(window[1]);
    s.window_seen = static_cast<long>(window[2]);
    s.finished = field<bool>(j, "finished", path);
    s.epochs = field<nlohmann::json>(j, "epochs", path);
    s.curve = field<nlohmann::json>(j, "curve", path);
    if (s.epoch < 1 || s.batch < 0 || s.step < 0 || s.batches_per_epoch < 1 ||
        s.batch > s.batches_per_epoch)
        throw std::runtime_error(path + ": a training state with an impossible position (epoch " +
                                 std::to_string(s.epoch) + ", batch " + std::to_string(s.batch) +
                                 " of " + std::to_string(s.batches_per_epoch) + ")");
    return s;
}

Network load_training_weights(const std::string& path, const NetShape& shape) {
    return state_weights(path, shape, "the state's options");
}

Network load_initial_weights(const std::string& path, const NetShape& shape) {
    if (std::filesystem::path(path).extension() == ".json") {
        read_training_state(path);  // a clear error when it is not a training state
        return state_weights(path, shape, "this run's options");
    }
    return of_shape(load_model_file(path).model, path, shape, "this run's options");
}

}  // namespace nonolab::nn::torch_backend
