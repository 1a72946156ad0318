#include "torch_plugin.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace nonolab::cli {

namespace {

std::string plugin_path() {
    if (const char* env = std::getenv("NONOLAB_TORCH_PLUGIN"); env && *env) return env;
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::string name = "libnonolab_torch_plugin.so";
    return ec ? name : (exe.parent_path() / name).string();
}

const TorchPluginApi& load_plugin() {
    const std::string path = plugin_path();
    // RTLD_LOCAL: the plugin's copy of the nonolab library stays its own.
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        throw std::runtime_error("cannot load the LibTorch plugin " + path + ": " + dlerror() +
                                 " (built with -DNONOLAB_TORCH=ON? set NONOLAB_TORCH_PLUGIN to "
                                 "its path when the executable was moved)");
    using Entry = const TorchPluginApi* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(handle, "nonolab_torch_plugin_api"));
    if (!entry) throw std::runtime_error(path + " is not a nonolab LibTorch plugin: " + dlerror());
    const TorchPluginApi* api = entry();
    if (!api || api->abi != kTorchPluginAbi || !api->load_predictor || !api->run_train)
        throw std::runtime_error(path + " was built from another nonolab version (plugin ABI " +
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
