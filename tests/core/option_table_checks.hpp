// Checks every option table (core/options.hpp) must pass, shared by the
// tests of each method family: the defaults a table documents are the
// struct's real ones, and a registered method documents exactly its table.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"

namespace nonolab::testing {

/// "key=default  help", one per option: comparable and readable in a failure.
inline std::vector<std::string> doc_lines(const std::vector<ParamDoc>& docs) {
    std::vector<std::string> out;
    for (const ParamDoc& d : docs) out.push_back(d.key + "=" + d.default_value + "  " + d.help);
    return out;
}

/// The documented defaults, read back as parameters, give the real defaults.
/// They are parsed over T{}, not over `defaults`, so a variant's documented
/// text alone must give the variant's defaults (e.g. hs-c+'s par 0.2).
template <class T>
void expect_documented_defaults_are_real(const OptionTable<T>& table, const T& defaults = T{}) {
    SCOPED_TRACE("table " + table.owner());
    ParamMap documented;
    for (const ParamDoc& d : table.docs(defaults)) {
        EXPECT_FALSE(d.help.empty()) << d.key;
        documented[d.key] = d.default_value;
    }
    EXPECT_EQ(documented.size(), table.entries().size());
    EXPECT_EQ(table.values(table.parse(documented)), table.values(defaults));
    EXPECT_NO_THROW(table.validate(defaults));
    // And every documented default is accepted on its own.
    for (const auto& [key, value] : documented)
        EXPECT_NO_THROW(table.parse({{key, value}})) << key << "=" << value;
}

/// What `solve --list-methods` shows for `method` (its MethodInfo::params)
/// is what its table documents.
inline void expect_method_documents(const MethodInfo* method, const std::vector<ParamDoc>& docs) {
    ASSERT_NE(method, nullptr);
    EXPECT_EQ(doc_lines(method->params()), doc_lines(docs)) << method->name;
}

}  // namespace nonolab::testing
