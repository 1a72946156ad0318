// The LibTorch plugin: libnonolab_torch_plugin.so, loaded with dlopen only
// by the commands that need a network (train, the network methods).
//
// Why: LibTorch's shared libraries (about 290 of them with their
// dependencies) run static initialisers that cost about 0.4 s at every
// start of a program linked against them, even `nonolab --version`. A
// player solving one puzzle, and every CLI test, paid that. Linked as a
// plugin, only a command that loads a model or trains pays it.
//
// The plugin carries its own copy of the nonolab library; the two copies
// meet only through the table below (plain function pointers and types from
// headers both sides compile identically), and the plugin is linked with
// -Bsymbolic so that its copy never binds to the executable's.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "nn/predictor.hpp"
#include "train_args.hpp"

namespace nonolab::cli {

/// Bumped whenever TorchPluginApi or TrainArgs change (2: TrainArgs carries
/// the training options as a ParamMap for nn::train_option_table(); 3:
/// TrainArgs::save_half).
inline constexpr int kTorchPluginAbi = 3;

struct TorchPluginApi {
    int abi = kTorchPluginAbi;
    /// nn::ModelLoader: reads a TorchScript model file (throws naming the file).
    std::shared_ptr<const nn::Predictor> (*load_predictor)(const std::string& path) = nullptr;
    /// `nonolab train`: returns the exit code; polls `interrupted` (Ctrl-C).
    int (*run_train)(const TrainArgs& args, const std::atomic<bool>& interrupted) = nullptr;
};

/// Executable side: the plugin's table, loaded on first use (core/plugin.hpp
/// says where from; $NONOLAB_TORCH_PLUGIN overrides). Throws
/// std::runtime_error naming the file and the loader's reason when that fails.
const TorchPluginApi& torch_plugin();

/// Installs an nn::ModelLoader that loads the plugin on its first call.
void install_lazy_torch_loader();

}  // namespace nonolab::cli

/// Plugin side: the one symbol the executable looks up.
extern "C" const nonolab::cli::TorchPluginApi* nonolab_torch_plugin_api();
