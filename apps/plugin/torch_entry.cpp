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
#include <iostream>
#include <memory>
#include <stdexcept>
#include <thread>

#include "commands.hpp"
#include "core/error.hpp"
#include "io/clue_encoding.hpp"
#include "io/nonodataset.hpp"
#include "io/npz_writer.hpp"
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

// --wrong-out OUT.npz: the boards of `data` at `positions` as shard 1 of
// the data set OUT names (x_ and y_ files, io/npz_writer.hpp).
void write_boards(const io::Dataset& data, const std::vector<std::uint64_t>& positions,
                  const std::string& out) {
    const std::size_t xs = io::clue_vector_size(data.n), ys = std::size_t(data.n) * data.n;
    std::string x, y;
    x.reserve(positions.size() * xs);
    y.reserve(positions.size() * ys);
    for (const std::uint64_t i : positions) {
        x.append(reinterpret_cast<const char*>(data.clues(i)), xs);
        y.append(reinterpret_cast<const char*>(data.board(i)), ys);
    }
    const std::string x_path = io::dataset_shard_path(out, 'x', 1);
    const std::string y_path = io::dataset_shard_path(out, 'y', 1);
    if (const auto dir = std::filesystem::path(out).parent_path(); !dir.empty())
        std::filesystem::create_directories(dir);
    io::write_npz_uint8(x_path, x, positions.size(), xs);
    io::write_npz_uint8(y_path, y, positions.size(), ys);
    std::cerr << "wrong boards: " << positions.size() << " written to " << x_path << " and "
              << y_path << "\n";
}

// --evaluate M --save-half OUT: M with float16 weights, saved to OUT with
// M's metadata and the measurement of the rounded weights; returns OUT.
std::string save_half(const TrainArgs& a) {
    tb::LoadedModel m = tb::load_model_file(a.evaluate);
    tb::round_to_half(*m.model);
    nlohmann::json md = m.metadata;
    if (md.contains("test")) md["test_float32"] = md["test"];
    md.erase("test");
    md["converted_from"] = a.evaluate;
    tb::save_model(*m.model, md, a.save_half, tb::Precision::float16);
    std::cerr << "saved " << a.save_half
              << " (+ .json) with float16 weights: " << std::filesystem::file_size(a.save_half)
              << " bytes (was " << std::filesystem::file_size(a.evaluate) << ")\n";
    return a.save_half;
}

int evaluate(const TrainArgs& a, const std::string& model_path) {
    const auto predictor = tb::load_torch_predictor(model_path);
    const io::Dataset test =
        load(a.test.empty() ? "nonodataset:" + std::to_string(predictor->board_size()) + "x" +
                                  std::to_string(predictor->board_size()) + "/test"
                            : a.test,
             a.shared);
    nn::AccuracyOptions o;
    o.reflections = !a.no_reflections_eval;
    o.keep_wrong = !a.wrong_out.empty();
    const nn::AccuracyReport rep = nn::evaluate_accuracy(*predictor, test, o);
    if (o.keep_wrong) write_boards(test, rep.wrong, a.wrong_out);
    if (a.json) {
        nlohmann::json j = nn::to_json(rep);
        j["model"] = model_path;
        j["test"] = test.name;
        j["describe"] = predictor->describe();
        if (o.keep_wrong) j["wrong_out"] = a.wrong_out;
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

// --resume STATE.json: the state's run, with this stretch's --timeout,
// --threads, --save-every, --prime, --precision and --average. Any other option given again
// must agree.
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
    ParamMap options = st.run["options"].get<ParamMap>();
    for (const auto& [key, value] : a.options) {
        if (key == "resume" || key == "timeout" || key == "threads" || key == "save_every" ||
            key == "prime" || key == "precision" || key == "average") {
            options[key] = value;
            continue;
        }
        const nn::TrainOptions given = nn::train_option_table().parse({{key, value}});
        const nn::TrainOptions stored = nn::train_option_table().parse(options);
        if (nn::train_option_table().values(given).at(key) !=
            nn::train_option_table().values(stored).at(key))
            throw std::invalid_argument("--resume " + path + ": the run was started with " + key +
                                        "=" + options[key] + ", not " + value +
                                        " (only --timeout, --threads, --save-every, --prime, "
                                        "--precision and --average may change between stretches)");
    }
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

int run_train(const TrainArgs& given, const std::atomic<bool>& interrupted) {
    // The same table generated the command line's flags (cmd_train.cpp).
    nn::TrainOptions o = nn::train_option_table().parse(given.options);
    const TrainArgs a = o.resume.empty() ? given : resumed_args(given, o);
    if (o.resume.empty() && o.state.empty()) o.state = a.out + ".state.json";
    // The plugin limits LibTorch to one thread for the solvers; training wants the cores.
    tb::set_compute_threads(
        o.threads > 0 ? o.threads
                      : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    if (!a.save_half.empty()) return evaluate(a, save_half(a));
    if (!a.evaluate.empty()) return evaluate(a, a.evaluate);
    const nlohmann::json run = run_of(a, o);
    if (const std::filesystem::path dir = std::filesystem::path(a.out).parent_path(); !dir.empty())
        std::filesystem::create_directories(dir);
    // --stream: no load here; the shards are read as training goes.
    const io::Dataset data = o.stream ? io::Dataset{} : load(a.data, a.shared);
    if (o.stream) std::cerr << "data: " << a.data << ": streamed shard by shard (--stream)\n";
    if (o.precision == "bf16" && !tb::cpu_has_native_bf16())
        std::cerr << "warning: this CPU has neither AMX nor AVX-512 BF16: --precision bf16 "
                     "will train slower than f32\n";
    if ((!o.resume.empty() || !o.init.empty()) && o.prime > 0)
        std::cerr << "priming Adam's moments: " << o.prime
                  << " batches at rate 0 first (--prime), no progress shown meanwhile\n";
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
        std::fprintf(stderr,
                     "%sepoch %d/%d batch %ld/%ld lr %.2g loss %.4f right %.2f%% ETA %s%s%s%s",
                     tty ? "\r\x1b[K" : "", p.epoch, p.epochs, p.batch, p.batches, p.lr, p.loss,
                     100 * p.accuracy, hms(p.eta).c_str(), p.where.empty() ? "" : ", ",
                     p.where.c_str(), tty ? "" : "\n");
        std::fflush(stderr);
    };
    const auto start = std::chrono::steady_clock::now();
    const auto stop = [&interrupted] { return interrupted.load(); };
    tb::TrainResult r = [&] {
        if (!o.stream) return tb::train(data, o, progress, stop, run);
        io::DatasetOptions data_options;
        data_options.shared_dir = a.shared;
        try {
            return tb::train_streamed(a.data, data_options, o, progress, stop, run);
        } catch (const ParseError&) {
            // The trainer saved the state at the last whole batch.
            if (std::filesystem::exists(o.state))
                std::cerr << (tty ? "\n" : "") << "training state: " << o.state
                          << " (resume with: nonolab train --resume " << o.state
                          << " once the shard is fixed)\n";
            throw;
        }
    }();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
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
    std::cerr << "training state: " << o.state << " (resume with: nonolab train --resume "
              << o.state << ")\n";
    md["precision"] = o.half ? "float16" : "float32";
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
