#include "nn/network_search.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/method.hpp"
#include "core/picture.hpp"
#include "core/verify.hpp"
#include "meta/genetic_nn.hpp"
#include "methods/registry.hpp"
#include "nn/reflection.hpp"
#include "search_test_util.hpp"

namespace nonolab::nn {
namespace {

using testing::oracle;
using testing::probabilities_of;
using testing::random_board;
using testing::TablePredictor;

const char* const kVariants[] = {"nn-nehi",   "nn-ne8hi",  "nn-nehpf",
                                 "nn-ne8hpf", "nn-nehpfi", "nn-ne8hpfi"};

struct Setup {
    bool reflections, partial, intuition;
};
Setup setup_of(const std::string& name) {
    return {name.find("8") != std::string::npos, name.find("pf") != std::string::npos,
            name.back() == 'i'};
}

NetworkSearchOptions options_of(const std::string& name) {
    const Setup s = setup_of(name);
    NetworkSearchOptions o;
    o.reflections = s.reflections;
    o.partial_erase = s.partial;
    o.intuition = s.intuition;
    return o;
}

nonolab::MetaResult search(const std::string& name, const Puzzle& p, const Predictor& model,
                           std::uint64_t seed = 1, NetworkSearchOptions o = {},
                           bool custom = false) {
    nonolab::RunControl ctl;
    ctl.seed = seed;
    return network_search(p, model, custom ? o : options_of(name), ctl);
}

/// Runs a registered method with every model path served by `model`.
nonolab::Verdict run_registered(const std::string& name, const Puzzle& p,
                                std::shared_ptr<const Predictor> model,
                                nonolab::ParamMap params = {}, Budget budget = Budget()) {
    install_model_loader([model](const std::string&) { return model; });
    params.emplace("model", "test-model");  // ignored when params name one
    nonolab::RunControl ctl;
    ctl.budget = budget;
    const nonolab::Verdict v = nonolab::run_verified(*nonolab::find_method(name), p, params, ctl);
    install_model_loader(nullptr);
    return v;
}

TEST(PartialErase, WrongLinesAndErasedCells) {
    // Goal    Prediction   clues rows: 2 / 1 / 1 1, columns: 1 1 / 1 / 2
    // ##.     ##.          row 0 right, row 1 wrong (shows 0), row 2 right
    // ..#     ...          columns: 0 "1 1"? shows 2 -> wrong; 1 shows 1 -> right;
    // #.#     #.#          column 2 "2" shows 1 -> wrong
    Grid goal(3, 3, kEmpty), pred(3, 3, kEmpty);
    for (auto [r, c] : {std::pair{0, 0}, {0, 1}, {1, 2}, {2, 0}, {2, 2}}) goal.set(r, c, kFilled);
    for (auto [r, c] : {std::pair{0, 0}, {0, 1}, {2, 0}, {2, 2}}) pred.set(r, c, kFilled);
    const Puzzle p = puzzle_from_picture(goal);
    EXPECT_EQ(wrong_lines(p, pred), (std::vector<std::uint8_t>{0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(wrong_line_count(p, pred), 2);
    int erased = 0;
    const Grid any = partial_erase(p, pred, EraseRule::any_line, &erased);
    EXPECT_EQ(erased, 2);
    // Kept: cells whose row and column are both right: rows 0, 2 x columns 0, 1.
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            const bool kept = r != 1 && c != 2;
            EXPECT_EQ(any.at(r, c), kept ? pred.at(r, c) : kUnknown) << r << "," << c;
        }
    const Grid both = partial_erase(p, pred, EraseRule::both_lines);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            EXPECT_EQ(both.at(r, c), r == 1 && c == 2 ? kUnknown : pred.at(r, c));
    // A right prediction erases nothing.
    EXPECT_EQ(partial_erase(p, goal, EraseRule::any_line), goal);
}

TEST(NetworkSearch, OracleSolvesAtOnce) {
    std::mt19937 rng(21);
    const Grid goal = random_board(10, 10, rng);
    const Puzzle p = puzzle_from_picture(goal);
    for (const char* name : kVariants) {
        const auto model = oracle(p, goal);
        if (setup_of(name).reflections)  // a reflection-trained oracle knows all eight
            for (Reflection r : kReflections)
                model->add(reflect(p, r), probabilities_of(reflect(goal, r)));
        const nonolab::MetaResult r = search(name, p, *model);
        EXPECT_TRUE(r.reached_zero) << name;
        EXPECT_EQ(r.best, goal) << name;
        EXPECT_EQ(r.stats.at("prediction_correct"), 1) << name;
        EXPECT_EQ(r.stats.at("iterations"), 0) << name;
        EXPECT_EQ(r.stats.at("solve_calls"), 1) << name;
        EXPECT_EQ(r.stats.at("reflection"), 0) << name;
        EXPECT_EQ(model->calls_, 1) << name;  // the eight go in one batch
    }
}

TEST(NetworkSearch, NoisyOracleSolvesThroughPartialErase) {
    std::mt19937 rng(22);
    for (int trial = 0; trial < 10; ++trial) {
        const Grid goal = random_board(10, 10, rng, 0.55);
        const Puzzle p = puzzle_from_picture(goal);
        Grid noisy = goal;
        for (int k = 0; k < 3; ++k) {
            const int i = static_cast<int>(rng() % 100);
            noisy.cells()[i] = noisy.cells()[i] == kFilled ? kEmpty : kFilled;
        }
        for (const char* name : kVariants) {
            const auto model = oracle(p, noisy);
            const nonolab::MetaResult r = search(name, p, *model);
            ASSERT_TRUE(verify(p, r.best)) << name << " trial " << trial;
            if (noisy != goal && wrong_line_count(p, noisy) > 0) {
                EXPECT_EQ(r.stats.at("prediction_correct"), 0);
                if (setup_of(name).partial) EXPECT_GT(r.stats.at("erased_lines"), 0);
            }
        }
    }
}

TEST(NetworkSearch, ConstantPredictionStillSolves) {
    std::mt19937 rng(23);
    for (int trial = 0; trial < 8; ++trial) {
        const Puzzle p = puzzle_from_picture(random_board(10, 10, rng, 0.5));
        for (float value : {0.5f, 0.2f}) {
            const TablePredictor model(10, value);
            for (const char* name : kVariants) {
                const nonolab::MetaResult r = search(name, p, model);
                EXPECT_TRUE(verify(p, r.best)) << name << " " << value;
                EXPECT_EQ(r.stats.at("prediction_correct"), 0);
            }
        }
    }
}

// A prediction whose right-looking lines keep a wrong cell: the search from
// the erased state exhausts, and the full erase finds the solution.
TEST(NetworkSearch, FullEraseAfterAFailedPartialErase) {
    std::mt19937 rng(24);
    int found = 0;
    for (int trial = 0; trial < 4000 && found < 3; ++trial) {
        const Grid goal = random_board(6, 6, rng, 0.5);
        const Puzzle p = puzzle_from_picture(goal);
        const Grid guess = random_board(6, 6, rng, 0.5);
        const Grid start = partial_erase(p, guess, EraseRule::any_line);
        if (start.unknown_count() == start.size() || wrong_line_count(p, guess) == 0) continue;
        HeuristicSearch h(p, {});
        nonolab::Rng r0(1);
        SearchStats st;
        if (h.solve(start, nullptr, Budget(), r0, 0, st) != SearchOutcome::exhausted) continue;
        ++found;
        for (const char* name : {"nn-nehpf", "nn-nehpfi"}) {
            const auto model = oracle(p, guess);
            const nonolab::MetaResult r = search(name, p, *model);
            EXPECT_TRUE(verify(p, r.best)) << name;
            EXPECT_EQ(r.stats.at("full_erase"), 1) << name;
            EXPECT_EQ(r.stats.at("exhausted"), 0) << name;
        }
    }
    EXPECT_EQ(found, 3);
}

TEST(NetworkSearch, Ne8SolvesThroughTheOneRightReflection) {
    std::mt19937 rng(25);
    const Grid goal = random_board(8, 8, rng, 0.5);
    const Puzzle p = puzzle_from_picture(goal);
    for (int k = 1; k < 8; ++k) {
        const Reflection only = kReflections[k];
        TablePredictor model(8, 0.3f);  // all empty elsewhere: wrong
        model.add(reflect(p, only), probabilities_of(reflect(goal, only)));
        for (const char* name : {"nn-ne8hi", "nn-ne8hpf", "nn-ne8hpfi"}) {
            const nonolab::MetaResult r = search(name, p, model);
            EXPECT_EQ(r.stats.at("prediction_correct"), 1) << name << " " << k;
            EXPECT_EQ(r.stats.at("reflection"), k) << name;
            EXPECT_EQ(r.best, goal) << name << " " << reflection_name(only);
        }
        // Without reflections the same network is no help, yet the search solves.
        const nonolab::MetaResult plain = search("nn-nehpfi", p, model);
        EXPECT_EQ(plain.stats.at("prediction_correct"), 0);
        EXPECT_TRUE(verify(p, plain.best));
    }
}

TEST(NetworkSearch, ReflectedPredictionsComeBackInTheOriginalOrientation) {
    std::mt19937 rng(26);
    const Grid goal = random_board(7, 7, rng, 0.5);
    const Puzzle p = puzzle_from_picture(goal);
    TablePredictor model(7, 0.0f);
    for (Reflection r : kReflections) model.add(reflect(p, r), probabilities_of(reflect(goal, r)));
    for (const auto& probs : predict_reflections(model, p)) EXPECT_EQ(threshold(probs, 7), goal);
    // The average of eight right predictions is right too.
    NetworkSearchOptions o;
    o.reflections = o.partial_erase = true;
    o.average_reflections = true;
    const nonolab::MetaResult r = search("", p, model, 1, o, true);
    EXPECT_EQ(r.best, goal);
}

TEST(NetworkSearch, NoSolutionIsExhausted) {
    // Totals agree, every line fits, no board meets all clues.
    const Puzzle p(4, 4, {bw_clue({2}), bw_clue({2}), bw_clue({1}), bw_clue({1, 1})},
                   {bw_clue({1}), bw_clue({1, 1}), bw_clue({1, 1}), bw_clue({2})});
    const TablePredictor model(4, 0.7f);
    for (const char* name : kVariants) {
        const nonolab::MetaResult r = search(name, p, model);
        EXPECT_FALSE(verify(p, r.best));
        EXPECT_EQ(r.stats.at("exhausted"), 1) << name;
    }
}

TEST(NetworkSearch, SameSeedSameResult) {
    std::mt19937 rng(27);
    const Grid goal = random_board(10, 10, rng, 0.5);
    const Puzzle p = puzzle_from_picture(goal);
    std::vector<float> probs(100);
    for (auto& x : probs) x = static_cast<float>(rng() % 1000) / 1000.0f;  // an unhelpful network
    for (const char* name : kVariants) {
        const auto model = std::make_shared<TablePredictor>(10);
        model->add(p, probs);
        const nonolab::MetaResult a = search(name, p, *model, 9), b = search(name, p, *model, 9);
        EXPECT_EQ(a.best, b.best) << name;
        EXPECT_EQ(a.stats.at("iterations"), b.stats.at("iterations")) << name;
        EXPECT_EQ(a.stats.at("nodes"), b.stats.at("nodes")) << name;
    }
}

TEST(NetworkSearch, RegisteredMethodsLoadTheirModel) {
    std::mt19937 rng(28);
    const Grid goal = random_board(10, 10, rng, 0.5);
    const Puzzle p = puzzle_from_picture(goal);
    for (const char* name : kVariants) {
        const nonolab::Verdict v = run_registered(name, p, oracle(p, goal));
        EXPECT_EQ(v.status, Status::solved) << name << " " << v.error;
        // Expired budget: timeout, not a hang and not "solved".
        const nonolab::Verdict t = run_registered(name, p, oracle(p, goal), {}, Budget(1e-9));
        EXPECT_EQ(t.status, Status::timeout) << name;
        // Options reach the search; unknown ones are refused.
        const auto half = std::make_shared<TablePredictor>(10, 0.5f);
        EXPECT_EQ(run_registered(name, p, half, {{"ties", "random"}}).status, Status::solved);
        EXPECT_EQ(run_registered(name, p, half, {{"no_such", "1"}}).status, Status::error);
        // Intuition's options exist only where there is intuition.
        const nonolab::Verdict closest = run_registered(
            name, p, half, {{"intuition_line", "closest"}, {"weights", "probabilities"}});
        EXPECT_EQ(closest.status, setup_of(name).intuition ? Status::solved : Status::error)
            << name << " " << closest.error;
    }
}

TEST(NetworkSearch, EveryDocumentedKeyIsAcceptedWithItsDefault) {
    std::mt19937 rng(31);
    const Puzzle p = puzzle_from_picture(random_board(10, 10, rng, 0.5));
    const auto model = std::make_shared<TablePredictor>(10, 0.5f);
    install_model_loader([model](const std::string&) { return model; });
    for (const char* name : {"nn-h", "nn-nehi", "nn-ne8hi", "nn-nehpf", "nn-ne8hpf", "nn-nehpfi",
                             "nn-ne8hpfi", "ga-nn"}) {
        const nonolab::MethodInfo* m = nonolab::find_method(name);
        nonolab::ParamMap all;
        for (const auto& d : m->params()) all[d.key] = d.default_value;
        nonolab::RunControl ctl;
        ctl.max_evaluations = 1000;
        const nonolab::Verdict v = nonolab::run_verified(*m, p, all, ctl);
        EXPECT_NE(v.status, Status::error) << name << ": " << v.error;
    }
    install_model_loader(nullptr);
}

TEST(NetworkSearch, MissingModelIsAnErrorWithTheReason) {
    std::mt19937 rng(29);
    const Puzzle p = puzzle_from_picture(random_board(10, 10, rng, 0.5));
    install_model_loader(nullptr);
    for (const char* name : kVariants) {
        nonolab::RunControl ctl;
        const nonolab::Verdict v = nonolab::run_verified(*nonolab::find_method(name), p, {}, ctl);
        EXPECT_EQ(v.status, Status::error);
        EXPECT_NE(v.error.find(".pt"), std::string::npos) << v.error;
    }
    // A network for 10x10 boards refuses a 5x5 puzzle, with the sizes.
    const auto model = std::make_shared<TablePredictor>(10);
    const nonolab::Verdict v =
        run_registered("nn-nehi", puzzle_from_picture(random_board(5, 5, rng)), model);
    EXPECT_EQ(v.status, Status::error);
    EXPECT_NE(v.error.find("10x10"), std::string::npos) << v.error;
}

TEST(GaNn, FirstGenerationFromTheNetwork) {
    std::mt19937 rng(30);
    const Grid goal = random_board(10, 10, rng, 0.5);
    const Puzzle p = puzzle_from_picture(goal);
    nonolab::Verdict v = run_registered("ga-nn", p, oracle(p, goal), {{"generations", "1"}});
    EXPECT_EQ(v.status, Status::solved) << v.error;
    EXPECT_EQ(v.result.stats.at("population_from_network"), 1);
    v = run_registered("ga-nn", p, oracle(p, goal), {{"model", "none"}, {"generations", "1"}});
    EXPECT_EQ(v.result.stats.at("population_from_network"), 0);
    // Default without a model loader: random boards.
    install_model_loader(nullptr);
    nonolab::RunControl ctl;
    v = nonolab::run_verified(*nonolab::find_method("ga-nn"), p, {{"generations", "1"}}, ctl);
    EXPECT_NE(v.status, Status::error);
    EXPECT_EQ(v.result.stats.at("population_from_network"), 0);
}

}  // namespace
}  // namespace nonolab::nn
