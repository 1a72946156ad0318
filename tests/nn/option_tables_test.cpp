// The option tables of H, the intuition and every nn-* method (one
// source for each option): documented defaults are the real ones, each
// variant takes only the keys of its parts, and --list-methods shows exactly
// each variant's table.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/option_table_checks.hpp"
#include "core/picture.hpp"
#include "methods/registry.hpp"
#include "nn/heuristic_search.hpp"
#include "nn/nn_search_methods.hpp"
#include "nn/train_options.hpp"

namespace nonolab::nn {
namespace {

const char* kMethods[] = {"nn-h",      "nn-nehi",   "nn-ne8hi",  "nn-nehpf",
                          "nn-ne8hpf", "nn-nehpfi", "nn-ne8hpfi"};

TEST(NnOptionTables, DocumentedDefaultsAreTheStructsDefaults) {
    nonolab::testing::expect_documented_defaults_are_real(heuristic_option_table());
    nonolab::testing::expect_documented_defaults_are_real(intuition_option_table());
    for (const char* name : kMethods)
        nonolab::testing::expect_documented_defaults_are_real(nn_option_table(name),
                                                              nn_method_defaults(name));
}

TEST(NnOptionTables, ListMethodsShowsEachVariantsTable) {
    for (const char* name : kMethods)
        nonolab::testing::expect_method_documents(
            find_method(name), nn_option_table(name).docs(nn_method_defaults(name)));
    // The paper's names find the same table.
    EXPECT_EQ(&nn_option_table("nehpfi"), &nn_option_table("nn-nehpfi"));
    EXPECT_THROW(nn_option_table("nn-nope"), std::invalid_argument);
}

std::string keys(const std::string& name) {
    std::string s;
    for (const auto& e : nn_option_table(name).entries()) s += e.key + " ";
    return s;
}

TEST(NnOptionTables, EachVariantTakesTheKeysOfItsParts) {
    const std::string h = "max_line_combinations sweep ties branch max_iterations ";
    EXPECT_EQ(keys("nn-h"), h);
    EXPECT_EQ(keys("nn-nehi"), "model weights intuition_line " + h);
    EXPECT_EQ(keys("nn-ne8hi"), "model reflection_choice weights intuition_line " + h);
    EXPECT_EQ(keys("nn-nehpf"), "model erase " + h);
    EXPECT_EQ(keys("nn-ne8hpf"), "model erase reflection_choice " + h);
    EXPECT_EQ(keys("nn-nehpfi"), "model erase full_erase weights intuition_line " + h);
    EXPECT_EQ(keys("nn-ne8hpfi"),
              "model erase full_erase reflection_choice weights intuition_line " + h);
    // The variant itself is the method's, not a key.
    const NnMethodOptions d = nn_method_defaults("nn-ne8hpf");
    EXPECT_TRUE(d.search.reflections);
    EXPECT_TRUE(d.search.partial_erase);
    EXPECT_FALSE(d.search.intuition);
}

TEST(NnOptionTables, WordsParseAsBefore) {
    const auto& t = nn_option_table("nn-ne8hpfi");
    const NnMethodOptions o = t.parse({{"model", "m.pt"},
                                       {"erase", "both"},
                                       {"full_erase", "intuition"},
                                       {"reflection_choice", "average"},
                                       {"weights", "probabilities"},
                                       {"intuition_line", "closest"},
                                       {"max_line_combinations", "50"},
                                       {"sweep", "sequential"},
                                       {"ties", "random"},
                                       {"branch", "all"},
                                       {"max_iterations", "7"}},
                                      nn_method_defaults("nn-ne8hpfi"));
    EXPECT_EQ(o.model, "m.pt");
    EXPECT_EQ(o.search.erase, EraseRule::both_lines);
    EXPECT_TRUE(o.search.full_erase_intuition);
    EXPECT_TRUE(o.search.average_reflections);
    EXPECT_TRUE(o.search.intuition_options.probability_weights);
    EXPECT_TRUE(o.search.intuition_options.picks_line);
    EXPECT_EQ(o.search.heuristic.max_line_combinations, 50u);
    EXPECT_TRUE(o.search.heuristic.sequential_sweep);
    EXPECT_TRUE(o.search.heuristic.random_ties);
    EXPECT_TRUE(o.search.heuristic.branch_all_lines);
    EXPECT_EQ(o.search.heuristic.max_iterations, 7);
    EXPECT_TRUE(o.search.reflections);  // the variant, from the base
    EXPECT_EQ(t.parse({{"model", "auto"}}).model, "");
    try {
        t.parse({{"model", ""}});
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()), "parameter 'model': got '', expected a file or auto");
    }
    try {
        nn_option_table("nn-h").parse({{"sweep", "both"}});
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()),
                  "parameter 'sweep': got 'both', expected snapshot or sequential");
    }
    // nn-h has no network, so no model.
    EXPECT_THROW(nn_option_table("nn-h").parse({{"model", "m.pt"}}), std::invalid_argument);
}

TEST(NnOptionTables, HeuristicOptionsBuiltInCodeAreValidated) {
    HeuristicOptions o;
    o.max_line_combinations = 0;
    EXPECT_THROW(HeuristicSearch(puzzle_from_picture(Grid(2, 2, kFilled)), o),
                 std::invalid_argument);
}

// The training options (`nonolab train`'s flags are generated from this table).
TEST(TrainOptionTable, DocumentedDefaultsAreTheStructsDefaults) {
    nonolab::testing::expect_documented_defaults_are_real(train_option_table());
    ParamMap documented;
    for (const ParamDoc& d : train_option_table().docs()) documented[d.key] = d.default_value;
    EXPECT_EQ(documented.at("recipe"), "small");
    EXPECT_EQ(documented.at("dropout"), "0.05");
    EXPECT_EQ(documented.at("epochs"), "10");
    EXPECT_EQ(documented.at("batch"), "256");
    EXPECT_EQ(documented.at("seed"), "1");
    EXPECT_EQ(documented.at("validation"), "0.02");
    EXPECT_EQ(documented.at("threads"), "1");
    EXPECT_EQ(documented.at("reflections"), "false");
    EXPECT_EQ(documented.at("layers"), "");
}

TEST(TrainOptionTable, ValuesParseAndBadOnesAreNamed) {
    const TrainOptions o = train_option_table().parse({{"layers", "2048,1024-256"},
                                                       {"lr", "1e-4"},
                                                       {"seed", "7"},
                                                       {"reflections", "true"},
                                                       {"resume", "m.pt.ckpt"}});
    EXPECT_EQ(o.layers, (std::vector<int>{2048, 1024, 256}));
    EXPECT_EQ(o.lr, 1e-4);
    EXPECT_EQ(o.seed, 7u);
    EXPECT_TRUE(o.reflections);
    EXPECT_EQ(o.resume, "m.pt.ckpt");
    EXPECT_EQ(train_option_table().values(o).at("layers"), "2048,1024,256");
    EXPECT_TRUE(train_option_table().parse({{"layers", ""}}).layers.empty());
    try {
        train_option_table().parse({{"layers", "32,x"}});
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()),
                  "parameter 'layers': got '32,x', expected hidden layer widths like "
                  "2048,1024,256");
    }
    EXPECT_THROW(train_option_table().parse({{"epochs", "0"}}), std::invalid_argument);
    EXPECT_THROW(train_option_table().parse({{"dropout", "0.96"}}), std::invalid_argument);
    EXPECT_THROW(train_option_table().parse({{"out", "m.pt"}}), std::invalid_argument);
    EXPECT_THROW(train_option_table().parse({{"recipe", "fast"}}), std::invalid_argument);
    EXPECT_THROW(train_option_table().parse({{"schedule", "step"}}), std::invalid_argument);
    TrainOptions bad;
    bad.batch = 0;
    EXPECT_THROW(train_option_table().validate(bad), std::invalid_argument);
}

// The flags of `nonolab train` are the user's keys of the table; a recipe
// sets every other one. 8 keys, with --data, --test, --out, --evaluate,
// --json, --shared and -h: the 15 flags of `train --help`
// (tests/apps/nn_cli_test.cpp counts them there).
TEST(TrainRecipe, FlagsAreTheUsersKeysAndRecipesSetTheRest) {
    EXPECT_EQ(train_flag_keys(), (std::vector<std::string>{"recipe", "epochs", "seed", "threads",
                                                           "timeout", "state", "resume", "init"}));
    TrainOptions user;
    user.epochs = 3, user.seed = 9, user.threads = 2, user.timeout = 60;
    user.state = "s.json", user.resume = "r.json", user.init = "i.pt";
    const ParamMap user_values = train_option_table().values(user);
    for (const TrainRecipe& r : train_recipes()) {
        SCOPED_TRACE(r.name);
        // From another recipe's values, so nothing of it may be left over.
        TrainOptions o = user;
        o.recipe = "lines";
        apply_recipe(o, 10);
        o.recipe = r.name;
        apply_recipe(o, 10);
        TrainOptions fresh = user;
        fresh.recipe = r.name;
        apply_recipe(fresh, 10);
        EXPECT_EQ(train_option_table().values(o), train_option_table().values(fresh));
        train_option_table().validate(o);
        const ParamMap values = train_option_table().values(o);
        for (const std::string& key : train_flag_keys())
            if (key != "recipe") EXPECT_EQ(values.at(key), user_values.at(key)) << key;
    }
    TrainOptions unknown;
    unknown.recipe = "fast";
    EXPECT_THROW(apply_recipe(unknown, 10), std::invalid_argument);
}

// Section 3 of the paper: layers and rates by board size, dropout 5%,
// constant rate, float32 (Buades Rubio et al. 2024, section 3).
TEST(TrainRecipe, PaperIsSection3OfThePaper) {
    TrainOptions o;
    o.recipe = "paper";
    apply_recipe(o, 5);
    EXPECT_EQ(o.layers, (std::vector<int>{2048, 1024, 256}));
    EXPECT_EQ(o.lr, 1e-3);
    apply_recipe(o, 10);
    EXPECT_EQ(o.layers, (std::vector<int>{2048, 1024, 1024, 1024, 512}));
    EXPECT_EQ(o.lr, 1e-4);
    apply_recipe(o, 15);
    EXPECT_EQ(o.layers, (std::vector<int>{2048, 1024, 1024, 1024, 512}));
    EXPECT_EQ(o.arch, "mlp");
    EXPECT_EQ(o.dropout, 0.05);
    EXPECT_EQ(o.schedule, "constant");
    EXPECT_EQ(o.precision, "f32");
    EXPECT_FALSE(o.reflections);
    EXPECT_FALSE(o.half);
}

// The resume rules: the state's options, with only resume, timeout and
// threads given anew; anything else given again must agree.
TEST(TrainRecipe, ResumeTakesTheStatesOptionsAndOnlyTimeoutAndThreadsAnew) {
    TrainOptions started;
    started.recipe = "lines";
    apply_recipe(started, 10);
    started.epochs = 60;
    const ParamMap stored = train_option_table().values(started);
    const ParamMap given = {{"resume", "s.json"},
                            {"timeout", "9000"},
                            {"threads", "2"},
                            {"epochs", "60"},
                            {"recipe", "lines"}};
    ParamMap got = resumed_options(stored, given, "s.json");
    EXPECT_EQ(got.at("timeout"), "9000");
    EXPECT_EQ(got.at("threads"), "2");
    EXPECT_EQ(got.at("resume"), "s.json");
    got.erase("timeout"), got.erase("threads"), got.erase("resume");
    ParamMap want = stored;
    want.erase("timeout"), want.erase("threads"), want.erase("resume");
    EXPECT_EQ(got, want);
    for (const std::string& key : {"resume", "timeout", "threads"})
        EXPECT_TRUE(may_change_on_resume(key)) << key;
    for (const std::string& key : {"recipe", "epochs", "seed", "state", "init", "lr"})
        EXPECT_FALSE(may_change_on_resume(key)) << key;
    try {
        resumed_options(stored, {{"epochs", "80"}}, "s.json");
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(e.what()),
                  "--resume s.json: the run was started with epochs=60, not 80 (only --timeout "
                  "and --threads may change between stretches)");
    }
    EXPECT_THROW(resumed_options(stored, {{"recipe", "paper"}}, "s.json"), std::invalid_argument);
    // States of earlier versions: options that did nothing are dropped,
    // one that changed the run is refused by name.
    ParamMap old = stored;
    old["prime"] = "200", old["curve_every"] = "500", old["average"] = "0", old["stream"] = "false";
    EXPECT_EQ(resumed_options(old, {}, "s.json"), stored);
    old["average"] = "0.999";
    EXPECT_THROW(resumed_options(old, {}, "s.json"), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::nn
