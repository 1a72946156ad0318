// nonolab train: train the network of Buades Rubio et al. 2024 (or ours, --arch lines) on
// NonoDataset (or any x/y pair), save it as a TorchScript model with its metadata, and measure
// models as the paper's section 3.4 does (--evaluate). The command line is read here; the work runs
// in the LibTorch plugin (plugin/torch_entry.cpp, over src/nn/torch and src/nn/accuracy).
#include <iostream>
#include <memory>

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
        "Train the fully connected network of Buades Rubio et al. (2024) on NonoDataset\n"
        "(or ours, --arch lines: docs/methods.md) and save it as a TorchScript model\n"
        "with its metadata (MODEL and MODEL.json; --half: float16 weights),\n"
        "keeping its training state (float16 weights, position, learning curve) in\n"
        "--state (default MODEL.state.json): --resume STATE.json continues the run in\n"
        "a later stretch with everything else taken from the state.\n"
        "Progress (epoch, batch, loss, boards right, ETA) goes to stderr.\n"
        "With --evaluate MODEL, measure a model instead (section 3.4): boards fully\n"
        "right, with reflections, wrong cells per board, Weibull fit of eq. 2.\n"
        "Data specs: nonodataset:10x10/train, nonodataset:10x10/test@1-300,\n"
        "nonodataset:15x15/test, pair:X.npz,Y.npz (see docs/methods.md).\n"
        "Examples:\n"
        "  nonolab train --epochs 8 --test nonodataset:10x10/test --out models/m.pt\n"
        "  nonolab train --layers 2048,1024,1024,1024,512 --schedule cosine --lr 1e-3 --warmup 1 "
        "\\\n"
        "      --epochs 60 --state ../training/m.json --timeout 9000 --out ../training/m.pt\n"
        "  nonolab train --resume ../training/m.json --timeout 9000\n"
        "  nonolab train --evaluate models/nonodataset-10x10.pt --test nonodataset:10x10/test\n"
        "  nonolab train --evaluate models/m.pt --save-half models/m-half.pt\n"
        "  nonolab train --evaluate models/m.pt --test nonodataset:10x10/test --no-reflections \\\n"
        "      --wrong-out wrong/m.npz");
    sub->add_option("--data", a->data, "Training set spec")->capture_default_str();
    sub->add_option("--test", a->test,
                    "Test set spec: measured after training (and stored in the metadata), or "
                    "with --evaluate (default there: the model size's nonodataset test set)");
    // The training options: flags generated from their table, given to the
    // plugin as text.
    add_option_flags(sub, nn::train_option_table(), a->options, {}, "");
    sub->add_option("-o,--out", a->out, "Model file to write (MODEL.json beside it)")
        ->capture_default_str();
    CLI::Option* evaluate = sub->add_option("--evaluate", a->evaluate,
                                            "Measure this model on --test instead of training")
                                ->check(CLI::ExistingFile);
    sub->add_option("--save-half", a->save_half,
                    "With --evaluate: write the model with float16 weights to this file (half "
                    "the size) and measure that instead")
        ->needs(evaluate);
    sub->add_flag("--no-reflections", a->no_reflections_eval,
                  "With --evaluate: skip the 8-reflection accuracy (8x faster)");
    sub->add_option("--wrong-out", a->wrong_out,
                    "With --evaluate: write the test boards the model gets wrong (not fully "
                    "right) as a data set, DIR/x_NAME-00001.npz and DIR/y_NAME-00001.npz for "
                    "DIR/NAME.npz, in the test set's order: read it back as "
                    "pair:DIR/x_NAME-*.npz,DIR/y_NAME-*.npz (error analysis, or a training "
                    "stage on them)")
        ->needs(evaluate);
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
