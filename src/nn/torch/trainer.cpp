#include "nn/torch/trainer.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "io/clue_encoding.hpp"
#include "nn/torch/adam.hpp"
#include "nn/torch/batch_source.hpp"
#include "nn/torch/bf16_products.hpp"
#include "nn/torch/compute_threads.hpp"
#include "nn/torch/model_file.hpp"

namespace nonolab::nn::torch_backend {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// CPU time of this process, every thread.
double process_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

std::vector<int> default_layers(int n) {
    if (n <= 5) return {512, 256};
    if (n <= 10) return {1024, 512, 512};
    return {1024, 512, 512};
}

double default_learning_rate(int n) {
    (void)n;
    return 1e-3;
}

NetShape shape_of(const TrainOptions& options, int n) {
    NetShape shape;
    shape.arch = options.arch;
    shape.n = n;
    shape.layers = options.layers.empty() ? default_layers(n) : options.layers;
    shape.dropout = options.dropout;
    shape.width = options.width;
    shape.head = options.head;
    shape.steps = options.steps;
    return shape;
}

void reflected_example(const io::Dataset& d, std::size_t i, int r, float* x, float* y) {
    reflected_sample(d.clues(i), d.board(i), d.n, r, x, y);
}

namespace {

// Fixed behaviour that used to be flags (docs/network.md says why each went).
constexpr int kPrimeBatches = 200;  // rate-0 batches that rebuild Adam's moments
constexpr long kCurveEvery = 100;   // batches per point of the state's learning curve
constexpr double kSaveEvery = 600;  // seconds between two writes of the state

nlohmann::json run_metadata(const NetShape& shape, NetworkImpl& model, double lr,
                            const TrainOptions& o, const BatchSource& source) {
    nlohmann::json md = {{"recipe", o.recipe},
                         {"arch", shape.arch},
                         {"multiply_adds", model.multiply_adds()},
                         {"lr", lr},
                         {"schedule", o.schedule},
                         {"batch", o.batch},
                         {"seed", o.seed},
                         {"reflections", o.reflections},
                         {"train_boards", source.train_boards()},
                         {"validation_boards", source.validation_boards()},
                         {"threads", torch::get_num_threads()},
                         {"blas_core", openblas_core()},
                         {"omp_wait_policy", openmp_wait_policy()},
                         {"train_precision", o.precision}};
    if (o.schedule == "cosine") md["warmup_epochs"] = o.warmup, md["lr_end"] = o.lr_end;
    if (!o.init.empty()) md["init"] = o.init;
    put_shape(shape, md);
    return md;
}

// Refuses an --init file that this run's state (STATE.json or its weights,
// STATE.pt) would overwrite: the run it came from would be lost at the
// first save.
void check_init_is_not_overwritten(const TrainOptions& o) {
    if (o.init.empty() || o.state.empty()) return;
    namespace fs = std::filesystem;
    const fs::path init = fs::weakly_canonical(o.init);
    if (init == fs::weakly_canonical(o.state) ||
        init == fs::weakly_canonical(weights_path(o.state)))
        throw std::invalid_argument("--init " + o.init + ": this run's --state (" + o.state +
                                    ") would overwrite it; give the new run a state of its own");
}

// A fresh state, or the one options.resume names (its weights into `model`;
// a fresh state takes options.init's, if any).
TrainingState start_state(const TrainOptions& o, const NetShape& shape, long batches,
                          Network& model, const nlohmann::json& run) {
    TrainingState st;
    if (o.resume.empty()) {
        check_init_is_not_overwritten(o);
        if (!o.init.empty()) model = load_initial_weights(o.init, shape);
        st.run = run;
        st.batches_per_epoch = batches;
        return st;
    }
    st = read_training_state(o.resume);
    if (st.batches_per_epoch != batches)
        throw std::runtime_error(
            o.resume + ": the run had " + std::to_string(st.batches_per_epoch) +
            " batches per epoch, these data and options give " + std::to_string(batches) +
            " (was the training set or its recipe changed?)");
    model = load_training_weights(o.resume, shape);
    return st;
}

// Closes the curve point in progress (the mean over its batches).
void add_curve_point(TrainingState& st, double lr, double seconds, double cpu_seconds,
                     const std::string& precision) {
    if (st.window_seen == 0) return;
    const double seen = static_cast<double>(st.window_seen);
    st.curve.push_back({{"step", st.step},
                        {"epoch", st.epoch},
                        {"batch", st.batch},
                        {"lr", lr},
                        {"loss", st.window_loss / seen},
                        {"right", static_cast<double>(st.window_right) / seen},
                        {"seconds", seconds},
                        {"cpu_seconds", cpu_seconds}});
    // Points of runs in bf16 say so; f32 points say nothing.
    if (precision != "f32") st.curve.back()["precision"] = precision;
    st.window_loss = 0;
    st.window_right = st.window_seen = 0;
}

// One call of train(): the network, its optimiser and state, and the steps
// of the loop over any batch source (batch_source.hpp), each a method.
class TrainingRun {
  public:
    TrainingRun(BatchSource& source, const TrainOptions& options,
                const std::function<void(const TrainProgress&)>& progress,
                const std::function<bool()>& stop, const nlohmann::json& run,
                Clock::time_point start);
    TrainResult run();

  private:
    void prime_adam();
    bool train_epoch(std::uint64_t epoch_seed);
    void finish_epoch(TrainProgress& p);
    std::tuple<torch::Tensor, torch::Tensor, std::size_t, std::uint64_t> prepare(
        long b, std::uint64_t mask_seed);
    std::pair<torch::Tensor, torch::Tensor> forward_loss(const torch::Tensor& bx,
                                                         const torch::Tensor& by);
    void report(TrainProgress& p, double rate, std::uint64_t batch_digest);
    void save();
    double total_seconds() const { return seconds_before_ + seconds_since(start_); }
    double total_cpu() const { return cpu_before_ + process_cpu_seconds() - cpu_start_; }
    std::uint64_t epoch_seed() const {
        return derive_seed(o_.seed, static_cast<std::uint64_t>(result_.state.epoch));
    }

    BatchSource& source_;
    const TrainOptions& o_;
    const std::function<void(const TrainProgress&)>& progress_;
    const std::function<bool()>& stop_;
    const Clock::time_point start_;
    const NetShape shape_;
    const double lr_;
    const std::size_t samples_;
    const long batches_;
    const LrSchedule schedule_;
    TrainResult result_;
    TrainingState& st_ = result_.state;
    double seconds_before_ = 0, cpu_before_ = 0, cpu_start_ = 0;
    std::optional<FusedAdam> opt_;
    Clock::time_point last_save_ = Clock::now();
    torch::Tensor x_, y_;
    long batches_done_ = 0, batches_left_ = 1;
};

TrainingRun::TrainingRun(BatchSource& source, const TrainOptions& options,
                         const std::function<void(const TrainProgress&)>& progress,
                         const std::function<bool()>& stop, const nlohmann::json& run,
                         Clock::time_point start)
    : source_(source),
      o_(options),
      progress_(progress),
      stop_(stop),
      start_(start),
      shape_(shape_of(options, source.n())),
      lr_(options.lr > 0 ? options.lr : default_learning_rate(source.n())),
      samples_(source.samples()),
      batches_(static_cast<long>((samples_ + options.batch - 1) / options.batch)),
      schedule_(lr_schedule(options, batches_, lr_)) {
    torch::manual_seed(derive_seed(o_.seed, 0));
    result_.model = make_network(shape_);
    st_ = start_state(o_, shape_, batches_, result_.model, run);
    ++st_.stretches;
    seconds_before_ = st_.seconds, cpu_before_ = st_.cpu_seconds;
    cpu_start_ = process_cpu_seconds();
    // A fresh Adam, also on resume: its moments are rebuilt (training_state.hpp).
    opt_.emplace(result_.model->parameters(), lr_);
    result_.metadata = run_metadata(shape_, *result_.model, lr_, o_, source_);
    const int n = source_.n();
    x_ = torch::empty({o_.batch, io::clue_vector_size(n)});
    y_ = torch::empty({o_.batch, n * n});
    batches_left_ = std::max<long>(1, batches_ * (o_.epochs - st_.epoch + 1) - st_.batch);
}

// The forward pass and the loss; backward() runs after the guard, on the
// graph it recorded (bf16_products.hpp).
std::pair<torch::Tensor, torch::Tensor> TrainingRun::forward_loss(const torch::Tensor& bx,
                                                                  const torch::Tensor& by) {
    const Bf16Products products(o_.precision == "bf16");
    return result_.model->loss(bx, by);
}

// Batch b of the epoch the source was started on, in x and y (or in
// tensors of its own size for a short last batch).
std::tuple<torch::Tensor, torch::Tensor, std::size_t, std::uint64_t> TrainingRun::prepare(
    long b, std::uint64_t mask_seed) {
    const std::size_t from = static_cast<std::size_t>(b) * o_.batch;
    const std::size_t count = std::min<std::size_t>(o_.batch, samples_ - from);
    const bool full = count == static_cast<std::size_t>(o_.batch);
    const int n = source_.n();
    auto bx = full ? x_ : torch::empty({static_cast<long>(count), io::clue_vector_size(n)});
    auto by = full ? y_ : torch::empty({static_cast<long>(count), n * n});
    const std::uint64_t batch_digest = source_.fill(from, count, bx, by, mask_seed);
    return {bx, by, count, batch_digest};
}

void TrainingRun::save() {
    st_.seconds = total_seconds();
    st_.cpu_seconds = total_cpu();
    if (!o_.state.empty()) save_training_state(o_.state, *result_.model, st_);
    last_save_ = Clock::now();
}

// After a resume (or from --init's trained weights) Adam starts with empty
// moments, and its first steps would move every weight by about the full
// rate (measured: the loss jumps and stays behind; docs/network.md). So it
// first sees the coming batches at rate 0: the moments fill, no weight moves.
void TrainingRun::prime_adam() {
    const bool trained_weights = !o_.resume.empty() || !o_.init.empty();
    if (!trained_weights || st_.epoch > o_.epochs) return;
    const std::uint64_t seed = epoch_seed();
    source_.start_epoch(seed, st_.batch);
    opt_->set_lr(0);
    for (int k = 0; k < kPrimeBatches && !(stop_ && stop_()); ++k) {
        const long b = (st_.batch + k) % batches_;
        if (b == 0 && k > 0) source_.start_epoch(seed, 0);  // wrapped round
        const std::uint64_t mask_seed = derive_seed(seed, static_cast<std::uint64_t>(b) + 1);
        auto [bx, by, count, batch_digest] = prepare(b, mask_seed);
        torch::manual_seed(mask_seed);
        opt_->zero_grad();
        forward_loss(bx, by).first.backward();
        opt_->step();
    }
}

void TrainingRun::report(TrainProgress& p, double rate, std::uint64_t batch_digest) {
    if (!progress_) return;
    p.batch = st_.batch;
    p.loss = st_.loss_sum / static_cast<double>(st_.seen);
    p.accuracy = static_cast<double>(st_.right) / static_cast<double>(st_.seen);
    p.seconds = seconds_since(start_);
    p.eta = p.seconds / static_cast<double>(batches_done_) *
            static_cast<double>(batches_left_ - batches_done_);
    p.lr = rate;
    p.batch_digest = batch_digest;
    progress_(p);
}

// The rest of the epoch in progress; false when stopped (timeout, Ctrl-C).
bool TrainingRun::train_epoch(std::uint64_t seed) {
    TrainProgress p;
    p.epoch = st_.epoch;
    p.epochs = o_.epochs;
    p.batches = batches_;
    while (st_.batch < batches_) {
        result_.interrupted = stop_ && stop_();
        result_.timed_out =
            !result_.interrupted && o_.timeout > 0 && seconds_since(start_) >= o_.timeout;
        if (result_.interrupted || result_.timed_out) return false;
        // Dropout masks depend on (seed, epoch, batch) only, so a resumed
        // run draws the masks an uninterrupted one would.
        const std::uint64_t mask_seed =
            derive_seed(seed, static_cast<std::uint64_t>(st_.batch) + 1);
        auto [bx, by, count, batch_digest] = prepare(st_.batch, mask_seed);
        torch::manual_seed(mask_seed);
        const double rate = schedule_.at(st_.step);
        opt_->set_lr(rate);
        opt_->zero_grad();
        const auto [loss, logits] = forward_loss(bx, by);
        loss.backward();
        opt_->step();
        const double loss_sum = loss.item<double>() * static_cast<double>(count);
        const long right =
            ((logits.detach() >= 0).to(torch::kFloat32) == by).all(1).sum().item<long>();
        st_.loss_sum += loss_sum, st_.window_loss += loss_sum;
        st_.right += right, st_.window_right += right;
        st_.seen += static_cast<long>(count), st_.window_seen += static_cast<long>(count);
        ++st_.batch, ++st_.step, ++batches_done_;
        if (st_.batch % kCurveEvery == 0 || st_.batch == batches_)
            add_curve_point(st_, rate, total_seconds(), total_cpu(), o_.precision);
        report(p, rate, batch_digest);
        if (seconds_since(last_save_) >= kSaveEvery) save();
    }
    source_.end_epoch();
    finish_epoch(p);
    return true;
}

// The epoch is done: validation, its summary in the state, a save.
void TrainingRun::finish_epoch(TrainProgress& p) {
    const double seen = static_cast<double>(std::max<long>(st_.seen, 1));
    result_.epoch_loss.push_back(st_.loss_sum / seen);
    const auto [val_loss, val_right] = source_.validate(result_.model);
    const std::size_t val_boards = source_.validation_boards();
    const double val_share = val_boards == 0 ? 0 : static_cast<double>(val_right) / val_boards;
    st_.epochs.push_back({{"epoch", st_.epoch},
                          {"loss", st_.loss_sum / seen},
                          {"right", static_cast<double>(st_.right) / seen},
                          {"val_loss", val_loss},
                          {"val_right", val_share},
                          {"lr", schedule_.at(st_.step - 1)},
                          {"seconds", total_seconds()},
                          {"cpu_seconds", total_cpu()}});
    if (progress_) {
        p.epoch_end = true;
        p.val_loss = val_loss;
        p.val_accuracy = val_share;
        p.seconds = seconds_since(start_);
        progress_(p);
    }
    ++st_.epoch;
    st_.batch = 0;
    st_.loss_sum = 0;
    st_.right = st_.seen = 0;
    st_.finished = st_.epoch > o_.epochs;
    save();
}

TrainResult TrainingRun::run() {
    result_.model->train();
    prime_adam();
    while (st_.epoch <= o_.epochs) {
        const std::uint64_t seed = epoch_seed();
        source_.start_epoch(seed, st_.batch);
        if (!train_epoch(seed)) break;
    }
    if (result_.timed_out || result_.interrupted) save();
    source_.end_epoch();
    result_.epochs_done = st_.epoch - 1;
    result_.model->eval();
    return std::move(result_);
}

}  // namespace

TrainResult train(const io::Dataset& data, const TrainOptions& options,
                  const std::function<void(const TrainProgress&)>& progress,
                  const std::function<bool()>& stop, const nlohmann::json& run) {
    if (data.size() == 0) throw std::invalid_argument("the training set is empty");
    train_option_table().validate(options);
    const auto start = Clock::now();
    if (options.threads > 0) set_compute_threads(options.threads);
    const auto source = memory_source(data, options);
    if (source->train_boards() == 0) throw std::invalid_argument("the training set is empty");
    return TrainingRun(*source, options, progress, stop, run, start).run();
}

}  // namespace nonolab::nn::torch_backend
