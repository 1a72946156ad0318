#include "nn/predictor.hpp"

#include <cstdlib>
#include <map>
#include <mutex>
#include <stdexcept>

#include "io/clue_encoding.hpp"

#ifndef NONOLAB_MODEL_DIR
#define NONOLAB_MODEL_DIR "models"
#endif

namespace nonolab::nn {
namespace {

struct Registry {
    std::mutex mutex;
    ModelLoader loader;
    std::map<std::string, std::shared_ptr<const Predictor>> cache;
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

void check_board_size(const Predictor& predictor, const Puzzle& puzzle) {
    const int n = predictor.board_size();
    if (puzzle.width() != n || puzzle.height() != n)
        throw std::invalid_argument("the network was trained on " + std::to_string(n) + "x" +
                                    std::to_string(n) + " boards; this puzzle is " +
                                    std::to_string(puzzle.width()) + "x" +
                                    std::to_string(puzzle.height()));
}

std::vector<float> predict_cells(const Predictor& predictor, const Puzzle& puzzle) {
    check_board_size(predictor, puzzle);
    const int n = predictor.board_size();
    std::vector<float> in(io::clue_vector_size(n)), out(static_cast<std::size_t>(n) * n);
    io::encode_clues(puzzle, in.data());
    predictor.predict(in.data(), 1, out.data());
    return out;
}

Grid threshold(const std::vector<float>& probabilities, int n) {
    Grid g(n, n, kEmpty);
    for (int i = 0; i < n * n; ++i)
        if (probabilities[i] >= 0.5f) g.cells()[i] = kFilled;
    return g;
}

void install_model_loader(ModelLoader loader) {
    std::lock_guard lock(registry().mutex);
    registry().loader = std::move(loader);
    registry().cache.clear();
}

bool have_model_loader() {
    std::lock_guard lock(registry().mutex);
    return static_cast<bool>(registry().loader);
}

std::shared_ptr<const Predictor> load_model(const std::string& path) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);  // held while loading: each file is read once
    if (auto it = r.cache.find(path); it != r.cache.end()) return it->second;
    if (!r.loader)
        throw std::runtime_error(path +
                                 ": cannot load a network: nonolab was built without LibTorch "
                                 "(bash scripts/setup.sh --with torch adds it)");
    auto model = r.loader(path);
    r.cache.emplace(path, model);
    return model;
}

std::string default_model_path(int n, bool reflections) {
    const char* env = std::getenv("NONOLAB_MODELS");
    const std::string dir = env && *env ? env : NONOLAB_MODEL_DIR;
    const std::string size = std::to_string(n) + "x" + std::to_string(n);
    return dir + "/nonodataset-" + size + (reflections ? "-reflections" : "") + ".pt";
}

}  // namespace nonolab::nn
