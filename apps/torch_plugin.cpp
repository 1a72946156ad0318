#include "torch_plugin.hpp"

#include <stdexcept>

#include "core/plugin.hpp"

namespace nonolab::cli {

namespace {

const TorchPluginApi& load_plugin() {
    const PluginSpec spec{"libnonolab_torch_plugin.so", "NONOLAB_TORCH_PLUGIN",
                          "nonolab_torch_plugin_api", "the LibTorch plugin",
                          "configuring with -DNONOLAB_TORCH=ON after installing libtorch-dev "
                          "(Debian)"};
    using Entry = const TorchPluginApi* (*)();
    const TorchPluginApi* api = reinterpret_cast<Entry>(load_plugin_entry(spec))();
    if (!api || api->abi != kTorchPluginAbi || !api->load_predictor || !api->run_train)
        throw std::runtime_error(spec.file +
                                 " was built from another nonolab version (plugin ABI " +
                                 std::to_string(api ? api->abi : 0) + ", expected " +
                                 std::to_string(kTorchPluginAbi) + ")");
    return *api;  // never unloaded: LibTorch does not support it
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
