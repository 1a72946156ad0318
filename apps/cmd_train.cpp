// nonolab train: train the network of Buades Rubio et al. 2024 (or ours, --recipe lines) on
// NonoDataset (or any x/y pair), save it as a TorchScript model with its metadata, and measure
// models as the paper's section 3.4 does (--evaluate). The command line is read here; the work runs
// in the LibTorch plugin (plugin/torch_entry.cpp, over src/nn/torch and src/nn/accuracy).
#include <iostream>
#include <memory>
#include <set>
#include <string>

#include "commands.hpp"
#include "nn/train_options.hpp"
#include "option_flags.hpp"
#include "torch_plugin.hpp"
#include "train_args.hpp"

namespace nonolab::cli {

void add_train(CLI::App& app, int& exit_code) {
    auto a = std::make_shared<TrainArgs>();
    CLI::App* sub = app.add_subcommand(
        "train",
        "Train a network on NonoDataset (or any x/y pair) with a --recipe: the network\n"
        "of Buades Rubio et al. (2024), section 3 (paper), ours (lines: docs/methods.md),\n"
        "or the recipe of a shipped model (docs/network.md); save it as a TorchScript\n"
        "model with its metadata (MODEL and MODEL.json), keeping its training state\n"
        "(float16 weights, position, learning curve) in --state (default\n"
        "MODEL.state.json, keep it outside the repository): --resume STATE.json\n"
        "continues the run in a later stretch with everything else taken from the state.\n"
        "Progress (epoch, batch, loss, boards right, ETA) goes to stderr.\n"
        "With --evaluate MODEL, measure a model instead (section 3.4): boards fully\n"
        "right, with reflections, wrong cells per board, Weibull fit of eq. 2.\n"
        "Data specs: nonodataset:10x10/train, nonodataset:10x10/test@1-300,\n"
        "nonodataset:15x15/test, pair:X.npz,Y.npz (see docs/methods.md).\n"
        "Examples:\n"
        "  nonolab train --recipe paper --epochs 8 --test nonodataset:10x10/test --out m.pt\n"
        "  nonolab train --recipe lines --data nonodataset:10x10/paper-train --epochs 60 \\\n"
        "      --state ../training/l.json --timeout 9000 --out ../training/l.pt\n"
        "  nonolab train --resume ../training/l.json --timeout 9000\n"
        "  nonolab train --evaluate models/nonodataset-10x10.pt --test nonodataset:10x10/test");
    std::string recipes = "Recipes (--recipe; docs/network.md gives each one's values):";
    for (const nn::TrainRecipe& r : nn::train_recipes()) recipes += "\n  " + r.name + ": " + r.help;
    sub->footer(recipes);
    sub->add_option("--data", a->data, "Training set spec")->capture_default_str();
    sub->add_option("--test", a->test,
                    "Test set spec: measured after training (and stored in the metadata), or "
                    "with --evaluate (default there: the model size's nonodataset test set)");
    // The training flags a recipe leaves to the user, generated from the
    // options' table and given to the plugin as text; the recipe sets the rest.
    std::set<std::string> recipe_keys;
    for (const auto& e : nn::train_option_table().shapes()) recipe_keys.insert(e.key);
    for (const std::string& key : nn::train_flag_keys()) recipe_keys.erase(key);
    add_option_flags(sub, nn::train_option_table(), a->options, recipe_keys, "");
    sub->add_option("-o,--out", a->out, "Model file to write (MODEL.json beside it)")
        ->capture_default_str();
    sub->add_option("--evaluate", a->evaluate, "Measure this model on --test instead of training")
        ->check(CLI::ExistingFile);
    sub->add_flag("--json", a->json, "Print the result (metadata or accuracy) as one JSON line");
    sub->add_option(
        "--shared", a->shared,
        "Shared folder holding benchmarks/dataset/nonodataset (default: $NONOLAB_SHARED, "
        "else ../shared beside the source tree)");
    sub->callback([a, &exit_code] {
        try {
            exit_code = torch_plugin().run_train(*a, g_interrupted);
        } catch (const std::exception& e) {
            const std::string what = e.what();  // LibTorch appends a stack trace: keep line one
            std::cerr << "error: " << what.substr(0, what.find("\nException raised")) << "\n";
            exit_code = kExitUnreadable;
        }
    });
}

}  // namespace nonolab::cli
