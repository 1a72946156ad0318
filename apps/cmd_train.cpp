// nonolab train: train the network of Buades Rubio et al. 2024 on NonoDataset
// (or any x/y pair), save it as a TorchScript model with its metadata, and
// measure models as the paper's section 3.4 does (--evaluate). The work is in
// src/nn/torch (LibTorch, option NONOLAB_TORCH) and src/nn/accuracy.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "commands.hpp"
#include "nn/accuracy.hpp"
#include "nn/dataset.hpp"

#ifdef NONOLAB_HAVE_TORCH
#include "nn/torch/model_file.hpp"
#include "nn/torch/trainer.hpp"
#endif

namespace nonolab::cli {

namespace {

struct TrainArgs {
    std::string data = "nonodataset:10x10/train";
    std::string test;
    std::string layers;
    double dropout = 0.05;
    double lr = 0;
    int epochs = 0;
    int batch = 256;
    std::uint64_t seed = 1;
    bool reflections = false;
    double validation = 0.02;
    std::string out = "model.pt";
    std::string resume;
    double timeout = 0;
    int threads = 1;
    std::string evaluate;
    bool no_reflections_eval = false;
    bool json = false;
    std::string shared;
};

#ifdef NONOLAB_HAVE_TORCH
namespace tb = nn::torch_backend;

std::string hms(double s) {
    char buf[32];
    const long t = static_cast<long>(s);
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    return buf;
}

nn::Dataset load(const std::string& spec, const std::string& shared) {
    nn::DatasetOptions o;
    o.shared_dir = shared;
    const auto t = std::chrono::steady_clock::now();
    nn::Dataset d = nn::load_dataset(spec, o);
    std::cerr << "data: " << spec << ": " << d.size() << " boards " << d.n << "x" << d.n << " ("
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count()
              << " s)\n";
    return d;
}

int evaluate(const TrainArgs& a, const std::string& model_path) {
    const auto predictor = tb::load_torch_predictor(model_path);
    const nn::Dataset test =
        load(a.test.empty() ? "nonodataset:" + std::to_string(predictor->board_size()) + "x" +
                                  std::to_string(predictor->board_size()) + "/test"
                            : a.test,
             a.shared);
    nn::AccuracyOptions o;
    o.reflections = !a.no_reflections_eval;
    const nn::AccuracyReport rep = nn::evaluate_accuracy(*predictor, test, o);
    if (a.json) {
        nlohmann::json j = nn::to_json(rep);
        j["model"] = model_path;
        j["test"] = test.name;
        j["describe"] = predictor->describe();
        std::cout << j.dump() << "\n";
    } else {
        std::cout << "model " << predictor->describe() << "\ntest " << test.name << "\n"
                  << nn::format_report(rep);
    }
    return kExitOk;
}

int run_train(const TrainArgs& a) {
    // install_torch_loader limits LibTorch to one thread for the solvers; training wants the cores.
    torch::set_num_threads(a.threads > 0 ? a.threads
                                         : std::max(1u, std::thread::hardware_concurrency()));
    if (!a.evaluate.empty()) return evaluate(a, a.evaluate);
    if (const std::filesystem::path dir = std::filesystem::path(a.out).parent_path(); !dir.empty())
        std::filesystem::create_directories(dir);
    const nn::Dataset data = load(a.data, a.shared);
    tb::TrainOptions o;
    if (!a.layers.empty()) o.layers = tb::parse_layers(a.layers);
    o.dropout = a.dropout;
    o.lr = a.lr;
    if (a.epochs > 0) o.epochs = a.epochs;
    o.batch = a.batch;
    o.seed = a.seed;
    o.reflections = a.reflections;
    o.validation = a.validation;
    o.threads = a.threads;
    o.timeout = a.timeout;
    o.checkpoint = a.out + ".ckpt";
    o.resume = a.resume;
    const bool tty = isatty(fileno(stderr));
    auto last = std::chrono::steady_clock::now() - std::chrono::hours(1);
    const auto progress = [&](const tb::TrainProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        if (p.epoch_end) {
            std::fprintf(stderr,
                         "%sepoch %d/%d done: loss %.4f, train boards right %.2f%%, validation "
                         "loss %.4f, right %.2f%%, %s elapsed\n",
                         tty ? "\r\x1b[K" : "", p.epoch, p.epochs, p.loss, 100 * p.accuracy,
                         p.val_loss, 100 * p.val_accuracy, hms(p.seconds).c_str());
            return;
        }
        if (now - last < std::chrono::seconds(tty ? 1 : 30) && p.batch != p.batches) return;
        last = now;
        std::fprintf(stderr, "%sepoch %d/%d batch %ld/%ld loss %.4f right %.2f%% ETA %s%s",
                     tty ? "\r\x1b[K" : "", p.epoch, p.epochs, p.batch, p.batches, p.loss,
                     100 * p.accuracy, hms(p.eta).c_str(), tty ? "" : "\n");
        std::fflush(stderr);
    };
    const auto start = std::chrono::steady_clock::now();
    tb::TrainResult r = tb::train(data, o, progress, [] { return g_interrupted.load(); });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    nlohmann::json md = r.metadata;
    md["data"] = a.data;
    md["epochs"] = r.epochs_done;
    md["epochs_planned"] = o.epochs;
    md["stopped_early"] = r.timed_out || r.interrupted;
    md["train_seconds"] = seconds;
    md["epoch_loss"] = r.epoch_loss;
    if (!a.resume.empty()) md["resumed_from"] = a.resume;
    if (!a.test.empty()) {
        const nn::Dataset test = load(a.test, a.shared);
        auto model = std::make_shared<tb::TorchPredictor>(tb::LoadedModel{r.model, md}, a.out);
        const nn::AccuracyReport rep = nn::evaluate_accuracy(*model, test);
        nlohmann::json acc = nn::to_json(rep);
        acc["test"] = a.test;
        md["test"] = acc;
        std::cerr << nn::format_report(rep);
    }
    tb::save_model(r.model, md, a.out);
    std::cerr << "saved " << a.out << " (+ " << a.out << ".json): " << r.epochs_done
              << " epochs in " << hms(seconds) << (r.timed_out ? " (stopped by --timeout)" : "")
              << (r.interrupted ? " (interrupted)" : "") << "\n";
    if (a.json) std::cout << md.dump() << "\n";
    return r.interrupted ? kExitUnsolved : kExitOk;
}
#endif

}  // namespace

void add_train(CLI::App& app, int& exit_code) {
    auto a = std::make_shared<TrainArgs>();
    CLI::App* sub = app.add_subcommand(
        "train",
        "Train the fully connected network of Buades Rubio et al. (2024) on NonoDataset\n"
        "and save it as a TorchScript model with its metadata (MODEL and MODEL.json),\n"
        "with a checkpoint after every epoch (MODEL.ckpt; --resume continues from it).\n"
        "Progress (epoch, batch, loss, boards right, ETA) goes to stderr.\n"
        "With --evaluate MODEL, measure a model instead (section 3.4): boards fully\n"
        "right, with reflections, wrong cells per board, Weibull fit of eq. 2.\n"
        "Data specs: nonodataset:10x10/train, nonodataset:10x10/test@1-300,\n"
        "nonodataset:15x15/test, pair:X.npz,Y.npz (see docs/methods.md).\n"
        "Examples:\n"
        "  nonolab train --epochs 8 --test nonodataset:10x10/test --out models/m.pt\n"
        "  nonolab train --evaluate models/nonodataset-10x10.pt --test nonodataset:10x10/test");
    sub->add_option("--data", a->data, "Training set spec")->capture_default_str();
    sub->add_option("--test", a->test,
                    "Test set spec: measured after training (and stored in the metadata), or "
                    "with --evaluate (default there: the model size's nonodataset test set)");
    sub->add_option("--layers", a->layers,
                    "Hidden layer widths, e.g. 2048,1024,1024,1024,512 (the paper's 10x10); "
                    "default 1024,512,512 (smaller than the paper's, docs/results/neural.md)");
    sub->add_option("--dropout", a->dropout, "Dropout after each hidden layer")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 0.95));
    sub->add_option("--lr", a->lr, "Adam learning rate (default 1e-3; the paper: 1e-4 for 10x10)");
    sub->add_option("--epochs", a->epochs, "Passes over the training set (default 10)")
        ->check(CLI::Range(1, 100000));
    sub->add_option("--batch", a->batch, "Boards per Adam step")
        ->capture_default_str()
        ->check(CLI::Range(1, 1 << 20));
    sub->add_option("--seed", a->seed, "Seed (split, shuffles, weights, dropout)")
        ->capture_default_str();
    sub->add_flag("--reflections", a->reflections,
                  "Train on all 8 reflections of every board (the Ne8 variants' network)");
    sub->add_option("--validation", a->validation,
                    "Share of the training boards held out to report progress")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 0.5));
    sub->add_option("-o,--out", a->out, "Model file to write (MODEL.json and MODEL.ckpt beside it)")
        ->capture_default_str();
    sub->add_option("--resume", a->resume,
                    "Continue from a checkpoint (MODEL.ckpt) at the next epoch, with the same "
                    "options");
    sub->add_option("--timeout", a->timeout,
                    "Stop training after this many seconds (the model is saved as it is)")
        ->check(CLI::NonNegativeNumber);
    sub->add_option("--threads", a->threads,
                    "LibTorch threads (0 = all cores; 1, the default, was fastest on a shared "
                    "2-core machine: docs/results/neural.md)")
        ->capture_default_str()
        ->check(CLI::Range(0, 1024));
    sub->add_option("--evaluate", a->evaluate, "Measure this model on --test instead of training")
        ->check(CLI::ExistingFile);
    sub->add_flag("--no-reflections", a->no_reflections_eval,
                  "With --evaluate: skip the 8-reflection accuracy (8x faster)");
    sub->add_flag("--json", a->json, "Print the result (metadata or accuracy) as one JSON line");
    sub->add_option(
        "--shared", a->shared,
        "Shared folder holding benchmarks/dataset/nonodataset (default: $NONOLAB_SHARED, "
        "else ../shared beside the source tree)");
    sub->callback([a, &exit_code] {
#ifdef NONOLAB_HAVE_TORCH
        try {
            exit_code = run_train(*a);
        } catch (const std::exception& e) {
            const std::string what = e.what();  // LibTorch appends a stack trace: keep line one
            std::cerr << "error: " << what.substr(0, what.find("\nException raised")) << "\n";
            exit_code = kExitUnreadable;
        }
#else
        (void)a;
        std::cerr << "error: nonolab was built without LibTorch (CMake option NONOLAB_TORCH, "
                     "Debian package libtorch-dev); 'train' is unavailable\n";
        exit_code = kExitUsage;
#endif
    });
}

}  // namespace nonolab::cli
