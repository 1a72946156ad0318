// one_method_spec (src/batch/one_method.hpp): the rules the CLI, the server
// and Python share for a run's one method.
#include "batch/one_method.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "methods/registry.hpp"

namespace nonolab::batch {
namespace {

const MethodInfo& method(const std::string& name) {
    const MethodInfo* m = find_method(name);
    if (!m) throw std::logic_error("no method " + name);
    return *m;
}

TEST(OneMethod, ExactTakesItsOptionsAndGrade) {
    const MethodSpec s =
        one_method_spec(method("exact"), {}, {{"solutions", "5"}, {"engine", "sat"}}, true);
    EXPECT_EQ(s.name, "exact");
    EXPECT_EQ(s.params, (ParamMap{{"solutions", "5"}, {"engine", "sat"}, {"grade", "true"}}));
}

TEST(OneMethod, AnAliasIsNamedAsRegistered) {
    const MethodInfo& m = method("ne8hpfi");
    EXPECT_NE(m.name, "ne8hpfi");
    EXPECT_EQ(one_method_spec(m, {}, {}).name, m.name);
}

TEST(OneMethod, AMethodsOwnParametersAreParsed) {
    const MethodSpec s = one_method_spec(method("hs-c"), {"hms=30", "hs-c:par=0.7"}, {});
    EXPECT_EQ(s.params, (ParamMap{{"hms", "30"}, {"par", "0.7"}}));
    EXPECT_THROW(one_method_spec(method("hs-c"), {"hms"}, {}), std::invalid_argument);
    EXPECT_EQ(param_items({{"a", "1"}, {"b", "x=y"}}), (std::vector<std::string>{"a=1", "b=x=y"}));
}

TEST(OneMethod, LogicOnlyIsTheLogicMethodOfTheExactSolver) {
    EXPECT_EQ(one_method_spec(method("exact"), {}, {}, false, true).name, "logic");
    EXPECT_THROW(one_method_spec(method("hs-c"), {}, {}, false, true), std::invalid_argument);
}

TEST(OneMethod, TheExactSolversOptionsAndGradeBelongToIt) {
    try {
        one_method_spec(method("hs-c"), {}, {{"engine", "sat"}});
        ADD_FAILURE() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(),
                     "the exact solver's options (here 'engine') do not apply to method 'hs-c'");
    }
    EXPECT_THROW(one_method_spec(method("hs-c"), {}, {}, true), std::invalid_argument);
}

}  // namespace
}  // namespace nonolab::batch
