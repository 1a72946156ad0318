#include "torch_plugin.hpp"

#include <stdexcept>

#include "core/plugin.hpp"

namespace nonolab::cli {

namespace {

const TorchPluginApi& load_plugin() {
    const PluginSpec spec = nonolab_plugin("torch", "the LibTorch plugin", "libtorch-dev");
    // The hosts (apps/nonolab.cpp, python/src/module.cpp) chose OpenBLAS's
    // kernels and OpenMP's wait policy at start-up, before this loads them
    // (nn/openblas_core.hpp, nn/openmp_wait_policy.hpp).
    // Never unloaded: LibTorch does not support it.
    return load_plugin_table<TorchPluginApi>(spec, kTorchPluginAbi, [](const TorchPluginApi& t) {
        return t.load_predictor && t.run_train;
    });
}

}  // namespace

const TorchPluginApi& torch_plugin() {
    static const TorchPluginApi& api = load_plugin();  // thread-safe; retried if it threw
    return api;
}

void install_lazy_torch_loader() {
    nn::install_model_loader(
        [](const std::string& path) { return torch_plugin().load_predictor(path); });
}

}  // namespace nonolab::cli
