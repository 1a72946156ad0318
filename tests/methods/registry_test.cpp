// The registry and the option descriptions every front end reads: each
// documented default is a value the method accepts, unknown keys are
// refused with the method's name, and names and aliases resolve.
#include "methods/registry.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <set>

#include "core/option_table_checks.hpp"
#include "core/picture.hpp"
#include "exact/exact_options.hpp"
#include "meta/brute_force.hpp"
#include "meta/genetic_bobko.hpp"
#include "meta/genetic_hs_baseline.hpp"
#include "meta/genetic_logic.hpp"
#include "meta/genetic_nn.hpp"
#include "meta/genetic_rows.hpp"
#include "meta/harmony_search.hpp"
#include "meta/sa_rows.hpp"
#include "meta/simulated_annealing.hpp"
#include "nn/nn_search_methods.hpp"

namespace nonolab {
namespace {

Puzzle small_puzzle() {
    Grid g(3, 3, kEmpty);
    g.set(0, 0, 1);
    g.set(0, 2, 1);
    g.set(1, 1, 1);
    g.set(2, 0, 1);
    g.set(2, 1, 1);
    return puzzle_from_picture(g);
}

// Runs `m` with an already expired budget: every method parses its
// parameters before its first budget check, so this checks them only. A
// parameter problem is std::invalid_argument; anything else (the network
// methods need the LibTorch plugin, which this test does not load) comes
// after the parameters were accepted, as batch::resolve_methods reads it.
void run_parse_only(const MethodInfo& m, const ParamMap& params) {
    static const std::atomic<bool> stop{true};
    RunControl ctl;
    ctl.budget = Budget(0, &stop);
    try {
        m.run(small_puzzle(), params, ctl);
    } catch (const std::invalid_argument&) {
        throw;
    } catch (const std::exception&) {
    }
}

TEST(Registry, EveryDocumentedDefaultIsAccepted) {
    ASSERT_GE(methods().size(), 20u);
    for (const MethodInfo& m : methods()) {
        for (const ParamDoc& d : m.params()) {
            SCOPED_TRACE(m.name + " " + d.key + "=" + d.default_value);
            EXPECT_FALSE(d.help.empty());
            EXPECT_NO_THROW(run_parse_only(m, {{d.key, d.default_value}}));
        }
    }
}

TEST(Registry, UnknownParametersAreRefusedByName) {
    for (const MethodInfo& m : methods()) {
        SCOPED_TRACE(m.name);
        try {
            run_parse_only(m, {{"no_such_key", "1"}});
            ADD_FAILURE() << "accepted an unknown key";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("no_such_key"), std::string::npos) << e.what();
        }
    }
}

// Every registered method documents exactly its option table: nothing a
// method shows in --list-methods is written by hand. A new method fails
// here until its table is added to this list.
TEST(Registry, EveryMethodDocumentsItsOptionTable) {
    std::map<std::string, std::vector<ParamDoc>> tables = {
        {"exact", exact::exact_option_table().docs()},
        {"logic", {}},  // no options
        {"sa", meta::sa_option_table().docs()},
        {"sa-rows", meta::sa_rows_option_table().docs()},
        {"brute-force", meta::brute_force_option_table().docs()},
        {"ga-simple", meta::bobko_option_table(false).docs()},
        {"ga-modified", meta::bobko_option_table(true).docs()},
        {"ga-hs-baseline", meta::ga_hs_baseline_option_table().docs()},
        {"ga-logic", meta::ga_logic_option_table().docs()},
        {"ga-nn", meta::ga_nn_option_table().docs()},
        {"ga-rows", meta::ga_rows_option_table().docs()},
    };
    for (auto v : {meta::HarmonyVersion::a, meta::HarmonyVersion::b, meta::HarmonyVersion::c,
                   meta::HarmonyVersion::c_plus}) {
        const auto& t = meta::harmony_option_table(v);
        tables[t.owner()] = t.docs(meta::harmony_defaults(v));
    }
    for (const char* name :
         {"nn-h", "nn-nehi", "nn-ne8hi", "nn-nehpf", "nn-ne8hpf", "nn-nehpfi", "nn-ne8hpfi"})
        tables[name] = nn::nn_option_table(name).docs(nn::nn_method_defaults(name));
    for (const MethodInfo& m : methods()) {
        const auto it = tables.find(m.name);
        ASSERT_NE(it, tables.end()) << m.name << ": no option table listed in this test";
        nonolab::testing::expect_method_documents(&m, it->second);
    }
}

// find_method builds only the family it looks in (registry.cpp), so its
// entries are the same methods as methods()' but not the same objects.
TEST(Registry, NamesAreUniqueAndAliasesResolve) {
    std::set<std::string> names, aliases;
    for (const MethodInfo& m : methods()) {
        EXPECT_TRUE(names.insert(m.name).second) << m.name;
        const MethodInfo* found = find_method(m.name);
        ASSERT_NE(found, nullptr) << m.name;
        EXPECT_EQ(found->name, m.name);
        EXPECT_EQ(found->description, m.description);
        for (const auto& a : m.aliases) {
            EXPECT_TRUE(aliases.insert(a).second) << a;
            ASSERT_NE(find_method(a), nullptr) << a;
            EXPECT_EQ(find_method(a)->name, m.name) << a;
        }
    }
    for (const auto& a : aliases) EXPECT_EQ(names.count(a), 0u) << a << " is a name and an alias";
    EXPECT_EQ(find_method("no-such-method"), nullptr);
    EXPECT_NE(find_method("exact"), nullptr);
    EXPECT_NE(find_method("logic"), nullptr);
}

// The exact method's table: the defaults it documents are ExactOptions'
// own, and a round trip through text changes nothing.
TEST(ExactOptionTable, DocumentedDefaultsAreTheStructsDefaults) {
    const auto& table = exact::exact_option_table();
    ParamMap documented;
    for (const ParamDoc& d : table.docs()) documented[d.key] = d.default_value;
    const exact::ExactMethodOptions parsed = table.parse(documented);
    EXPECT_EQ(table.values(parsed), table.values(exact::ExactMethodOptions{}));
    const exact::ExactOptions real;
    EXPECT_EQ(documented.at("solutions"), std::to_string(real.max_solutions));
    EXPECT_EQ(documented.at("engine"), "auto");
    EXPECT_EQ(documented.at("probing"), real.probing ? "true" : "false");
    EXPECT_EQ(documented.at("sat_config"), real.sat.config);
    EXPECT_EQ(documented.at("sat_phase"), std::to_string(real.sat.phase));
}

// The knobs removed for measuring no gain (docs/results/exact.md, "Removed
// options") are unknown keys now, not silently ignored ones.
TEST(ExactOptionTable, RemovedKnobsAreUnknownKeys) {
    const auto& table = exact::exact_option_table();
    for (const char* key : {"quick_line_exits", "probe_scope", "cube_after", "cube_depth",
                            "cube_fresh", "sat_encoding", "sat_after", "sat_chrono"})
        EXPECT_THROW(table.parse({{key, "0"}}), std::invalid_argument) << key;
}

TEST(ExactOptionTable, ValuesParseAndBadOnesAreNamed) {
    const auto& table = exact::exact_option_table();
    const auto o = table.parse({{"engine", "search"},
                                {"node_limit", "64"},
                                {"probing", "off"},
                                {"sat_option", "elim=0,subsume=0"}});
    EXPECT_EQ(o.solver.engine, exact::Engine::search);
    EXPECT_EQ(o.solver.node_limit, 64u);
    EXPECT_FALSE(o.solver.probing);
    ASSERT_EQ(o.solver.sat.extra.size(), 2u);
    EXPECT_EQ(o.solver.sat.extra[1].first, "subsume");
    try {
        table.parse({{"engine", "nearby"}});
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("expected auto, search or sat"), std::string::npos)
            << e.what();
    }
    EXPECT_THROW(table.parse({{"sat_phase", "2"}}), std::invalid_argument);
    EXPECT_THROW(table.parse({{"sat_option", "elim"}}), std::invalid_argument);
    exact::ExactMethodOptions bad;
    bad.solver.max_solutions = 0;
    EXPECT_THROW(table.validate(bad), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab
