// The architecture options (arch mlp|lines and their fields) and
// float16 model files (a recipe's half).
#include <gtest/gtest.h>

#include <torch/script.h>

#include <filesystem>
#include <fstream>

#include "io/clue_encoding.hpp"
#include "nn/torch/compute_threads.hpp"
#include "nn/torch/line_net.hpp"
#include "nn/torch/mlp.hpp"
#include "nn/torch/model_file.hpp"
#include "nn/torch/trainer.hpp"
#include "nn_torch/torch_test_util.hpp"

namespace nonolab::nn::torch_backend {
namespace {

namespace fs = std::filesystem;

TrainOptions lines_options() {
    TrainOptions o;
    o.arch = "lines";
    o.width = 24;
    o.head = 16;
    o.steps = 2;
    o.epochs = 6;
    o.batch = 32;
    o.lr = 3e-3;
    o.threads = 1;
    o.seed = 5;
    return o;
}

TrainOptions small_mlp_options() {
    TrainOptions o = tiny_options();
    o.epochs = 2;
    return o;
}

// The first `count` boards' clue vectors of `d` as floats.
std::vector<float> inputs(const io::Dataset& d, int count) {
    const int xs = io::clue_vector_size(d.n);
    return std::vector<float>(d.x.begin(), d.x.begin() + static_cast<long>(count) * xs);
}

std::vector<float> predict(const Predictor& p, const std::vector<float>& in) {
    const int n = p.board_size(), count = static_cast<int>(in.size()) / io::clue_vector_size(n);
    std::vector<float> out(static_cast<std::size_t>(count) * n * n);
    p.predict(in.data(), count, out.data());
    return out;
}

// The file's own TorchScript forward, as Python would call it.
std::vector<float> script_predict(const std::string& path, std::vector<float> in, int n) {
    torch::jit::Module script = torch::jit::load(path);
    const long count = static_cast<long>(in.size()) / io::clue_vector_size(n);
    const auto t = torch::from_blob(in.data(), {count, io::clue_vector_size(n)}, torch::kFloat32);
    const auto out = script.forward({t}).toTensor().contiguous();
    EXPECT_EQ(out.scalar_type(), torch::kFloat32);
    return std::vector<float>(out.data_ptr<float>(), out.data_ptr<float>() + out.numel());
}

// Rewrites the metadata inside model file `from` with `edit`, into `to`.
template <class Edit>
void rewrite_metadata(const std::string& from, const std::string& to, Edit edit) {
    torch::jit::ExtraFilesMap extra{{"nonolab.json", ""}};
    torch::jit::Module m = torch::jit::load(from, torch::kCPU, extra);
    nlohmann::json md = nlohmann::json::parse(extra["nonolab.json"]);
    edit(md, m);
    m.save(to, {{"nonolab.json", md.dump()}});
}

TEST(Arch, OptionsParseAndRefuseUnknownArchitectures) {
    const TrainOptions o = train_option_table().parse(
        {{"arch", "lines"}, {"width", "24"}, {"head", "16"}, {"steps", "2"}, {"half", "true"}});
    EXPECT_EQ(o.arch, "lines");
    EXPECT_EQ(o.width, 24);
    EXPECT_EQ(o.head, 16);
    EXPECT_EQ(o.steps, 2);
    EXPECT_TRUE(o.half);
    EXPECT_EQ(TrainOptions{}.arch, "mlp");  // the paper's network stays the default
    EXPECT_THROW(train_option_table().parse({{"arch", "cnn"}}), std::invalid_argument);
    EXPECT_THROW(train_option_table().parse({{"steps", "0"}}), std::invalid_argument);
    NetShape bad;
    bad.arch = "cnn";
    EXPECT_THROW(make_network(bad), std::invalid_argument);
}

// The comparison of docs/results/neural.md holds the line network to the
// paper's 10x10 prediction cost: its defaults must stay within it.
TEST(Arch, DefaultLineNetworkCostsNoMoreThanThePapers10x10Network) {
    NetShape paper;
    paper.n = 10;
    paper.layers = paper_layers(10);
    const long paper_cost = make_network(paper)->multiply_adds();
    // 100·2048 + 2048·1024 + 2·1024·1024 + 1024·512 + 512·100
    EXPECT_EQ(paper_cost, 4974592);
    TrainOptions defaults;
    defaults.arch = "lines";
    const Network lines = make_network(shape_of(defaults, 10));
    EXPECT_EQ(lines->shape().arch, "lines");
    EXPECT_LE(lines->multiply_adds(), paper_cost);
    EXPECT_GT(lines->multiply_adds(), paper_cost / 2);
}

TEST(Arch, LineNetworkLearnsAndEveryPassIsSupervised) {
    const io::Dataset d = tiny_set(600, 1);
    const TrainResult r = train(d, lines_options());
    ASSERT_EQ(r.epoch_loss.size(), 6u);
    EXPECT_LT(r.epoch_loss.back(), r.epoch_loss.front() * 0.9);
    EXPECT_EQ(r.model->shape().steps, 2);
    // Its forward reads every line: changing one column's clue changes predictions.
    auto x = torch::zeros({1, io::clue_vector_size(5)});
    torch::NoGradGuard no_grad;
    const auto a = r.model->forward(x);
    x[0][io::clue_vector_size(5) - 1] = 3;  // the last column's last clue slot
    EXPECT_FALSE(torch::allclose(a, r.model->forward(x)));
}

TEST(Arch, LineNetworkFileRebuildsTheSameNetwork) {
    const fs::path dir = temp_dir();
    const io::Dataset d = tiny_set(200, 5);
    TrainOptions o = lines_options();
    o.epochs = 1;
    TrainResult r = train(d, o);
    const std::string path = (dir / "lines.pt").string();
    save_model(*r.model, {{"reflections", false}}, path);
    const LoadedModel loaded = load_model_file(path);
    EXPECT_EQ(loaded.metadata["arch"], "lines");
    EXPECT_EQ(loaded.metadata["width"], 24);
    EXPECT_EQ(loaded.metadata["steps"], 2);
    EXPECT_EQ(loaded.metadata["multiply_adds"], r.model->multiply_adds());
    EXPECT_EQ(params(loaded.model), params(r.model));
    const auto p = load_torch_predictor(path);
    const TorchPredictor direct(LoadedModel{r.model, {}}, "memory");
    const std::vector<float> in = inputs(d, 20);
    const std::vector<float> a = predict(*p, in);
    EXPECT_EQ(a, predict(direct, in));
    const std::vector<float> s = script_predict(path, in, 5);
    ASSERT_EQ(s.size(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(s[i], a[i], 1e-5) << i;
    fs::remove_all(dir);
}

TEST(Half, HalfModelPredictsAsTheFloatModelWithinRounding) {
    const fs::path dir = temp_dir();
    const io::Dataset d = tiny_set(300, 7);
    for (const TrainOptions& o : {small_mlp_options(), lines_options()}) {
        TrainResult r = train(d, o);
        const std::string full = (dir / (o.arch + ".pt")).string();
        const std::string half = (dir / (o.arch + "-half.pt")).string();
        save_model(*r.model, {}, full);
        save_model(*r.model, {}, half, Precision::float16);
        // Two bytes saved per weight, give or take the archive's padding (each
        // record starts on a 64-byte boundary) and headers.
        long weights = 0, tensors = 0;
        for (const auto& t : r.model->parameters()) weights += t.numel(), ++tensors;
        const long saved =
            static_cast<long>(fs::file_size(full)) - static_cast<long>(fs::file_size(half));
        EXPECT_NEAR(saved, 2 * weights, 128 * tensors + 512) << o.arch;
        const LoadedModel h = load_model_file(half);
        EXPECT_EQ(h.metadata["precision"], "float16");
        for (const auto& t : h.model->parameters()) EXPECT_EQ(t.scalar_type(), torch::kFloat32);
        const auto ph = load_torch_predictor(half), pf = load_torch_predictor(full);
        const std::vector<float> in = inputs(d, 50);
        const std::vector<float> a = predict(*pf, in), b = predict(*ph, in);
        ASSERT_EQ(a.size(), b.size());
        float worst = 0;
        for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
        EXPECT_LT(worst, 1e-2) << o.arch;
        EXPECT_NE(a, b) << o.arch << ": float16 rounding should show somewhere";
        // round_to_half gives the network the half file loads as.
        round_to_half(*r.model);
        EXPECT_EQ(params(r.model), params(h.model)) << o.arch;
        // The half file's own TorchScript forward converts its weights itself.
        const std::vector<float> s = script_predict(half, in, 5);
        for (std::size_t i = 0; i < b.size(); ++i) EXPECT_NEAR(s[i], b[i], 1e-5) << i;
    }
    fs::remove_all(dir);
}

TEST(Half, LoaderRefusesBadPrecisionAndCorruptFiles) {
    const fs::path dir = temp_dir();
    TrainResult r = train(tiny_set(100, 8), small_mlp_options());
    const std::string good = (dir / "m.pt").string(), half = (dir / "h.pt").string();
    save_model(*r.model, {}, good);
    save_model(*r.model, {}, half, Precision::float16);
    const auto refused = [](const std::string& path, const std::string& says) {
        try {
            load_model_file(path);
            ADD_FAILURE() << path << " loaded";
        } catch (const std::runtime_error& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find(path), std::string::npos) << what;
            EXPECT_NE(what.find(says), std::string::npos) << what;
        }
    };
    const std::string unknown = (dir / "unknown.pt").string();
    rewrite_metadata(good, unknown, [](nlohmann::json& md, auto&) { md["precision"] = "int4"; });
    refused(unknown, "unknown precision 'int4'");
    // float16 weights under metadata that claims float32.
    const std::string liar = (dir / "liar.pt").string();
    rewrite_metadata(half, liar, [](nlohmann::json& md, auto&) { md["precision"] = "float32"; });
    refused(liar, "the metadata says float32");
    const std::string arch = (dir / "arch.pt").string();
    rewrite_metadata(good, arch, [](nlohmann::json& md, auto&) { md["arch"] = "cnn"; });
    refused(arch, "unknown network architecture 'cnn'");
    // A truncated file is not TorchScript any more.
    const std::string cut = (dir / "cut.pt").string();
    fs::copy_file(good, cut);
    fs::resize_file(cut, fs::file_size(good) / 2);
    refused(cut, "not a TorchScript model file");
    fs::remove_all(dir);
}

// --threads N means N threads for LibTorch and for the BLAS under it. The
// suite is built on Debian's LibTorch, whose products run in OpenBLAS
// (scripts/setup.sh installs it), so OpenBLAS must be found and obey.
TEST(ComputeThreads, SetsLibTorchAndOpenBlasAlike) {
    const int before = torch::get_num_threads();
    for (int n : {1, 2}) {
        set_compute_threads(n);
        EXPECT_EQ(torch::get_num_threads(), n);
        EXPECT_EQ(openblas_threads(), n) << "OpenBLAS not found under LibTorch, or not obeying";
    }
    set_compute_threads(0);  // at least one
    EXPECT_EQ(torch::get_num_threads(), 1);
    set_compute_threads(before);
}

}  // namespace
}  // namespace nonolab::nn::torch_backend
