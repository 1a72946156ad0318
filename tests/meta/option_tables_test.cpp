// The option table of every meta-heuristic method (one source for
// each option): documented defaults are the structs' real defaults,
// --list-methods shows exactly each table, and the keys, words and ranges
// are the ones the methods always accepted.
#include <gtest/gtest.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "core/option_table_checks.hpp"
#include "core/picture.hpp"
#include "meta/brute_force.hpp"
#include "meta/genetic_bobko.hpp"
#include "meta/genetic_hs_baseline.hpp"
#include "meta/genetic_logic.hpp"
#include "meta/genetic_nn.hpp"
#include "meta/genetic_rows.hpp"
#include "meta/harmony_search.hpp"
#include "meta/sa_rows.hpp"
#include "meta/simulated_annealing.hpp"
#include "methods/registry.hpp"

namespace nonolab::meta {
namespace {

using nonolab::testing::expect_documented_defaults_are_real;
using nonolab::testing::expect_method_documents;

const HarmonyVersion kVersions[] = {HarmonyVersion::a, HarmonyVersion::b, HarmonyVersion::c,
                                    HarmonyVersion::c_plus};

TEST(MetaOptionTables, DocumentedDefaultsAreTheStructsDefaults) {
    expect_documented_defaults_are_real(sa_option_table());
    expect_documented_defaults_are_real(sa_rows_option_table());
    expect_documented_defaults_are_real(brute_force_option_table());
    expect_documented_defaults_are_real(bobko_option_table(false));
    expect_documented_defaults_are_real(bobko_option_table(true));
    expect_documented_defaults_are_real(ga_hs_baseline_option_table());
    expect_documented_defaults_are_real(ga_logic_option_table());
    expect_documented_defaults_are_real(ga_nn_option_table());
    expect_documented_defaults_are_real(ga_rows_option_table());
    for (HarmonyVersion v : kVersions)
        expect_documented_defaults_are_real(harmony_option_table(v), harmony_defaults(v));
}

TEST(MetaOptionTables, ListMethodsShowsEachTable) {
    expect_method_documents(find_method("sa"), sa_option_table().docs());
    expect_method_documents(find_method("sa-rows"), sa_rows_option_table().docs());
    expect_method_documents(find_method("brute-force"), brute_force_option_table().docs());
    expect_method_documents(find_method("ga-simple"), bobko_option_table(false).docs());
    expect_method_documents(find_method("ga-modified"), bobko_option_table(true).docs());
    expect_method_documents(find_method("ga-hs-baseline"), ga_hs_baseline_option_table().docs());
    expect_method_documents(find_method("ga-logic"), ga_logic_option_table().docs());
    expect_method_documents(find_method("ga-nn"), ga_nn_option_table().docs());
    expect_method_documents(find_method("ga-rows"), ga_rows_option_table().docs());
    for (HarmonyVersion v : kVersions) {
        const std::string name = harmony_option_table(v).owner();
        expect_method_documents(find_method(name),
                                harmony_option_table(v).docs(harmony_defaults(v)));
    }
}

// The defaults as the methods documented them by hand before the tables,
// so a struct initialiser changed by accident shows up here.
TEST(MetaOptionTables, DefaultsAreThoseDocumentedBeforeTheTables) {
    auto docs = [](const std::vector<ParamDoc>& d) {
        std::string s;
        for (const ParamDoc& p : d) s += p.key + "=" + p.default_value + " ";
        return s;
    };
    EXPECT_EQ(docs(sa_option_table().docs()),
              "q_hat=0.9 iterations=50000000 white_share=required middle_share=shared "
              "fallback=on ");
    EXPECT_EQ(docs(sa_rows_option_table().docs()), "q_hat=0.9 iterations=50000000 ");
    EXPECT_EQ(docs(brute_force_option_table().docs()), "max_cells=30 ");
    EXPECT_EQ(docs(bobko_option_table(true).docs()),
              "population=0 generations=0 mutation=-1 crossover=1 elitism=0 ");
    EXPECT_EQ(docs(ga_hs_baseline_option_table().docs()),
              "population=30 crossover=1 mutation=0.01 evaluations=1000000 elitism=0 "
              "weight=inverse ");
    EXPECT_EQ(docs(ga_logic_option_table().docs()),
              "population=50 generations=100 crossover=0.6 mutation=0.001 rules=all cut=any ");
    EXPECT_EQ(docs(ga_nn_option_table().docs()),
              "population=1000 generations=100 max_mutations=4 fill_term=ratio model=auto ");
    EXPECT_EQ(docs(ga_rows_option_table().docs()),
              "population=100 evaluations=1000000 crossover=0.9 row_mutation=0.05 elitism=1 ");
    EXPECT_EQ(
        docs(harmony_option_table(HarmonyVersion::b).docs(harmony_defaults(HarmonyVersion::b))),
        "hms=30 hmcr=0.95 par=0.7 iterations=1000000 cell_memory=false fixpoint=false ");
    EXPECT_EQ(docs(harmony_option_table(HarmonyVersion::c_plus)
                       .docs(harmony_defaults(HarmonyVersion::c_plus))),
              "hms=30 hmcr=0.95 par=0.2 iterations=1000000 line_solve=true probe=true "
              "distinct=true restart_keep_best=true restart_after=10000 ");
}

std::string message(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(MetaOptionTables, WordsParseAsBeforeAndBadOnesListTheChoices) {
    const SaOptions sa = sa_option_table().parse(
        {{"white_share", "existing"}, {"middle_share", "literal"}, {"fallback", "off"}});
    EXPECT_FALSE(sa.conflict.white_share_required);
    EXPECT_EQ(sa.conflict.middle_share, 2);
    EXPECT_FALSE(sa.conflict.two_cell_fallback);
    EXPECT_EQ(sa_option_table().parse({{"middle_share", "segment"}}).conflict.middle_share, 1);
    EXPECT_EQ(message([] {
                  sa_option_table().parse({{"middle_share", "x"}});
              }),
              "parameter 'middle_share': got 'x', expected shared, segment or literal");

    const LogicGaOptions logic =
        ga_logic_option_table().parse({{"rules", "complete-fill"}, {"cut", "row"}});
    EXPECT_FALSE(logic.section31_rules);
    EXPECT_TRUE(logic.row_cut);
    EXPECT_FALSE(ga_hs_baseline_option_table().parse({{"weight", "linear"}}).inverse_weight);
    EXPECT_TRUE(ga_nn_option_table().parse({{"fill_term", "closeness"}}).closeness_fill_term);
    EXPECT_EQ(ga_nn_option_table().parse({{"model", "auto"}}).model, "");
    EXPECT_EQ(ga_nn_option_table().parse({{"model", "none"}}).model, "none");
    EXPECT_EQ(message([] {
                  ga_nn_option_table().parse({{"model", ""}});
              }),
              "parameter 'model': got '', expected a file or none");
    EXPECT_TRUE(parse_harmony_options(HarmonyVersion::b, {{"fixpoint", "on"}}).fixpoint);
}

TEST(MetaOptionTables, RangesAndUnknownKeysAreRefusedNamingTheMethod) {
    EXPECT_EQ(message([] {
                  ga_rows_option_table().parse({{"crossover", "2"}});
              }),
              "parameter 'crossover': got '2', expected a number in [0, 1]");
    EXPECT_EQ(message([] {
                  brute_force_option_table().parse({{"max_cells", "37"}});
              }),
              "parameter 'max_cells': got '37', expected an integer in [1, 36]");
    EXPECT_NE(message([] {
                  bobko_option_table(true).parse({{"nope", "1"}});
              }).find("method 'ga-modified' has no parameter 'nope'"),
              std::string::npos);
    EXPECT_NE(message([] {
                  parse_harmony_options(HarmonyVersion::a, {{"fixpoint", "1"}});
              }).find("method 'hs-a' has no parameter 'fixpoint'"),
              std::string::npos);
    // NaN is in no range (the hand-written parsers before the tables let it through).
    EXPECT_NE(message([] {
                  sa_option_table().parse({{"q_hat", "nan"}});
              }).find("q_hat"),
              std::string::npos);
}

TEST(MetaOptionTables, StructsBuiltInCodeAreValidatedByTheirTable) {
    const Puzzle p = puzzle_from_picture(Grid(3, 3, kFilled));
    SaOptions sa;
    sa.q_hat = 1.5;
    EXPECT_THROW(run_sa(p, sa, {}), std::invalid_argument);
    SaRowsOptions rows;
    rows.iterations = 0;
    EXPECT_THROW(run_sa_rows(p, rows, {}), std::invalid_argument);
    BobkoOptions bobko;
    bobko.population = 1;  // inside the range (0 = the paper's), refused apart
    EXPECT_THROW(run_ga_bobko(p, bobko, false, {}), std::invalid_argument);
    HsBaselineOptions hs;
    hs.mutation_rate = -0.1;
    EXPECT_THROW(run_ga_hs_baseline(p, hs, {}), std::invalid_argument);
    LogicGaOptions logic;
    logic.population = 1;
    EXPECT_THROW(run_ga_logic(p, logic, {}), std::invalid_argument);
    NnGaOptions nn;
    nn.max_mutations = -1;
    EXPECT_THROW(run_ga_nn(p, nn, {}), std::invalid_argument);
    RowsGaOptions ga_rows;
    ga_rows.row_mutation = 2;
    EXPECT_THROW(run_ga_rows(p, ga_rows, {}), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::meta
