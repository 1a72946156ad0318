// Every method of this family is registered, documented, seeded and
// deterministic through the same entry point `solve --method` uses.
#include <gtest/gtest.h>

#include "core/method.hpp"
#include "core/verify.hpp"
#include "meta_test_util.hpp"
#include "methods/registry.hpp"

using namespace nonolab;

namespace {
const char* kMine[] = {"ga-simple", "ga-modified", "ga-hs-baseline", "ga-logic",   "ga-nn",
                       "ga-rows",   "sa",          "sa-rows",        "brute-force"};
}

TEST(GaRegistry, RegisteredDocumentedAndDeterministic) {
    const Puzzle p = nonolab::testing::bobko_5x5();
    for (const char* name : kMine) {
        const MethodInfo* m = find_method(name);
        ASSERT_NE(m, nullptr) << name;
        EXPECT_FALSE(m->paper.empty()) << name;
        EXPECT_FALSE(m->params().empty()) << name;
        RunControl ctl;
        ctl.seed = 3;
        ctl.max_evaluations = 2000;
        const Verdict a = run_verified(*m, p, {}, ctl);
        const Verdict b = run_verified(*m, p, {}, ctl);
        ASSERT_NE(a.status, Status::error) << name << ": " << a.error;
        EXPECT_EQ(a.status, b.status) << name;
        EXPECT_EQ(a.result.best, b.result.best) << name;
        EXPECT_EQ(a.result.evaluations, b.result.evaluations) << name;
        EXPECT_GT(a.result.evaluations, 0) << name;
        if (std::string(name) != "brute-force") EXPECT_LE(a.result.evaluations, 2000) << name;
        if (a.status == Status::solved) EXPECT_TRUE(verify(p, a.result.best)) << name;
    }
}

TEST(GaRegistry, UnknownOrBadParametersAreErrorsNamingTheKey) {
    const Puzzle p = nonolab::testing::bobko_4x4();
    for (const char* name : kMine) {
        const MethodInfo* m = find_method(name);
        ASSERT_NE(m, nullptr);
        const Verdict v = run_verified(*m, p, {{"no_such_key", "1"}}, {});
        EXPECT_EQ(v.status, Status::error) << name;
        EXPECT_NE(v.error.find("no_such_key"), std::string::npos) << v.error;
    }
    const Verdict bad = run_verified(*find_method("sa"), p, {{"q_hat", "2"}}, {});
    EXPECT_EQ(bad.status, Status::error);
    EXPECT_NE(bad.error.find("q_hat"), std::string::npos);
}

TEST(GaRegistry, EveryAcceptedKeyIsDocumented) {
    // Each documented key is accepted with its documented default, so the
    // --list-methods table and the parser cannot drift apart.
    const Puzzle p = nonolab::testing::bobko_4x4();
    for (const char* name : kMine) {
        const MethodInfo* m = find_method(name);
        ASSERT_NE(m, nullptr);
        ParamMap all;
        for (const auto& d : m->params()) all[d.key] = d.default_value;
        RunControl ctl;
        ctl.max_evaluations = 100;
        const Verdict v = run_verified(*m, p, all, ctl);
        EXPECT_NE(v.status, Status::error) << name << ": " << v.error;
    }
    // sa's fallback switch is documented.
    bool found = false;
    for (const auto& d : find_method("sa")->params()) found |= d.key == "fallback";
    EXPECT_TRUE(found);
}
