// The LibTorch plugin's side (see ../torch_plugin.hpp): model loading for
// the network methods, and the work of `nonolab train` (training with
// progress on stderr, saving, --evaluate). Built into
// libnonolab_torch_plugin.so only, never into the executable.
#include <unistd.h>

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <thread>

#include "commands.hpp"
#include "io/clue_encoding.hpp"
#include "io/nonodataset.hpp"
#include "nn/accuracy.hpp"
#include "nn/torch/bf16_products.hpp"
#include "nn/torch/compute_threads.hpp"
#include "nn/torch/model_file.hpp"
#include "nn/torch/trainer.hpp"
#include "nn/torch/training_state.hpp"
#include "torch_plugin.hpp"

namespace nonolab::cli {

namespace {

namespace tb = nn::torch_backend;

std::string hms(double s) {
    char buf[32];
    const long t = static_cast<long>(s);
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    return buf;
}

io::Dataset load(const std::string& spec, const std::string& shared) {
    io::DatasetOptions o;
    o.shared_dir = shared;
    const auto t = std::chrono::steady_clock::now();
    io::Dataset d = io::load_dataset(spec, o);
    std::cerr << "data: " << spec << ": " << d.size() << " boards " << d.n << "x" << d.n << " ("
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count()
              << " s)\n";
    return d;
}

int evaluate(const TrainArgs& a, const std::string& model_path) {
    const auto predictor = tb::load_torch_predictor(model_path);
    const io::Dataset test =
        load(a.test.empty() ? "nonodataset:" + std::to_string(predictor->board_size()) + "x" +
                                  std::to_string(predictor->board_size()) + "/test"
                            : a.test,
             a.shared);
    const nn::AccuracyReport rep = nn::evaluate_accuracy(*predictor, test);
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

// What a training state keeps to resume the run (training_state.hpp): the
// command as typed again, and every option as text.
nlohmann::json run_of(const TrainArgs& a, const nn::TrainOptions& o) {
    ParamMap options = nn::train_option_table().values(o);
    options.erase("resume");
    options.erase("timeout");  // each stretch gives its own
    std::string command = "nonolab train --data " + a.data;
    if (!a.test.empty()) command += " --test " + a.test;
    command += " --out " + a.out;
    for (const auto& [key, value] : a.options) {
        std::string flag = key;
        std::replace(flag.begin(), flag.end(), '_', '-');
        command += " --" + flag + (value == "true" ? "" : " " + value);
    }
    return {{"command", command},
            {"data", a.data},
            {"test", a.test},
            {"out", a.out},
            {"options", options}};
}

// --resume STATE.json: the state's run, with the options this stretch may
// give again (nn::resumed_options, the resume rules).
TrainArgs resumed_args(const TrainArgs& a, nn::TrainOptions& o) {
    const std::string path = a.options.at("resume");
    const tb::TrainingState st = tb::read_training_state(path);
    if (st.finished)
        throw std::invalid_argument("--resume " + path +
                                    ": the run has finished all its epochs; its model is " +
                                    st.run.value("out", std::string("its --out")));
    if (!st.run.contains("options") || !st.run["options"].is_object())
        throw std::runtime_error(path +
                                 ": a training state without the run's options (not "
                                 "written by 'nonolab train'?)");
    ParamMap options = nn::resumed_options(st.run["options"].get<ParamMap>(), a.options, path);
    options["state"] = path;  // the state stays where it was
    o = nn::train_option_table().parse(options);
    TrainArgs r = a;
    r.data = st.run.value("data", a.data);
    r.test = st.run.value("test", a.test);
    r.out = st.run.value("out", a.out);
    std::cerr << "resuming " << path << ": epoch " << st.epoch << ", batch " << st.batch << " of "
              << st.batches_per_epoch << ", step " << st.step << ", " << hms(st.seconds)
              << " trained in " << st.stretches << " stretch(es)\n"
              << "  " << st.run.value("command", "") << "\n";
    return r;
}

// Progress on stderr: every second on a terminal (one line, rewritten),
// every 30 s otherwise, and a line at each epoch's end.
std::function<void(const tb::TrainProgress&)> progress_printer() {
    const bool tty = isatty(fileno(stderr));
    auto last = std::make_shared<std::chrono::steady_clock::time_point>(
        std::chrono::steady_clock::now() - std::chrono::hours(1));
    return [tty, last](const tb::TrainProgress& p) {
        const auto now = std::chrono::steady_clock::now();
        if (p.epoch_end) {
            std::fprintf(stderr,
                         "%sepoch %d/%d done: loss %.4f, train boards right %.2f%%, validation "
                         "loss %.4f, right %.2f%%, %s elapsed\n",
                         tty ? "\r\x1b[K" : "", p.epoch, p.epochs, p.loss, 100 * p.accuracy,
                         p.val_loss, 100 * p.val_accuracy, hms(p.seconds).c_str());
            return;
        }
        if (now - *last < std::chrono::seconds(tty ? 1 : 30) && p.batch != p.batches) return;
        *last = now;
        std::fprintf(stderr, "%sepoch %d/%d batch %ld/%ld lr %.2g loss %.4f right %.2f%% ETA %s%s",
                     tty ? "\r\x1b[K" : "", p.epoch, p.epochs, p.batch, p.batches, p.lr, p.loss,
                     100 * p.accuracy, hms(p.eta).c_str(), tty ? "" : "\n");
        std::fflush(stderr);
    };
}

// The model's metadata: the trainer's, with the run's data, timing and curve.
nlohmann::json model_metadata(const TrainArgs& a, const nn::TrainOptions& o,
                              const tb::TrainResult& r, double seconds) {
    nlohmann::json md = r.metadata;
    md["data"] = a.data;
    md["epochs"] = r.epochs_done;
    md["training_seconds"] = r.state.seconds;  // over every stretch
    md["curve"] = r.state.epochs;
    md["epochs_planned"] = o.epochs;
    md["stopped_early"] = r.timed_out || r.interrupted;
    md["train_seconds"] = seconds;
    md["epoch_loss"] = r.epoch_loss;
    if (!o.resume.empty()) md["resumed_from"] = o.resume;
    md["precision"] = o.half ? "float16" : "float32";
    return md;
}

int run_train(const TrainArgs& given, const std::atomic<bool>& interrupted) {
    // The same table generated the command line's flags (cmd_train.cpp).
    nn::TrainOptions o = nn::train_option_table().parse(given.options);
    const TrainArgs a = o.resume.empty() ? given : resumed_args(given, o);
    if (o.resume.empty() && o.state.empty()) o.state = a.out + ".state.json";
    // The plugin limits LibTorch to one thread for the solvers; training wants the cores.
    tb::set_compute_threads(
        o.threads > 0 ? o.threads
                      : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    if (!a.evaluate.empty()) return evaluate(a, a.evaluate);
    const io::Dataset data = load(a.data, a.shared);
    // A resumed run keeps the values its state stored; a new one takes its recipe's.
    if (o.resume.empty()) nn::apply_recipe(o, data.n);
    const nlohmann::json run = run_of(a, o);
    if (const std::filesystem::path dir = std::filesystem::path(a.out).parent_path(); !dir.empty())
        std::filesystem::create_directories(dir);
    if (o.precision == "bf16" && !tb::cpu_has_native_bf16())
        std::cerr << "warning: this CPU has neither AMX nor AVX-512 BF16: the recipe's bf16 "
                     "products will train slower than f32\n";
    if (!o.resume.empty() || !o.init.empty())
        std::cerr << "priming Adam's moments: 200 batches at rate 0 first, no progress shown "
                     "meanwhile\n";
    const auto start = std::chrono::steady_clock::now();
    const auto stop = [&interrupted] { return interrupted.load(); };
    tb::TrainResult r = tb::train(data, o, progress_printer(), stop, run);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    nlohmann::json md = model_metadata(a, o, r, seconds);
    std::cerr << "training state: " << o.state << " (resume with: nonolab train --resume "
              << o.state << ")\n";
    // A float16 file predicts with the rounded weights: measure those.
    if (o.half) tb::round_to_half(*r.model);
    if (!a.test.empty()) {
        const io::Dataset test = load(a.test, a.shared);
        auto model = std::make_shared<tb::TorchPredictor>(tb::LoadedModel{r.model, md}, a.out);
        const nn::AccuracyReport rep = nn::evaluate_accuracy(*model, test);
        nlohmann::json acc = nn::to_json(rep);
        acc["test"] = a.test;
        md["test"] = acc;
        std::cerr << nn::format_report(rep);
    }
    tb::save_model(*r.model, md, a.out, o.half ? tb::Precision::float16 : tb::Precision::float32);
    std::cerr << "saved " << a.out << " (+ " << a.out << ".json): " << r.epochs_done
              << " epochs in " << hms(seconds) << (r.timed_out ? " (stopped by --timeout)" : "")
              << (r.interrupted ? " (interrupted)" : "") << "\n";
    if (a.json) std::cout << md.dump() << "\n";
    return r.interrupted ? kExitUnsolved : kExitOk;
}

}  // namespace

}  // namespace nonolab::cli

extern "C" const nonolab::cli::TorchPluginApi* nonolab_torch_plugin_api() {
    static const nonolab::cli::TorchPluginApi api = [] {
        // Solver threads predict in parallel; more LibTorch (or OpenBLAS)
        // threads would oversubscribe the cores (run_train raises it for
        // training).
        nonolab::nn::torch_backend::set_compute_threads(1);
        nonolab::cli::TorchPluginApi t;
        t.load_predictor = &nonolab::nn::torch_backend::load_torch_predictor;
        t.run_train = &nonolab::cli::run_train;
        return t;
    }();
    return &api;
}
