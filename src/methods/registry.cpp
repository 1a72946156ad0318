#include "methods/registry.hpp"

#include <array>
#include <mutex>

#include "exact/exact_method.hpp"
#include "meta/brute_force.hpp"
#include "meta/genetic_methods.hpp"
#include "meta/harmony_search.hpp"
#include "meta/simulated_annealing.hpp"
#include "nn/nn_search_methods.hpp"

namespace nonolab {

namespace {

using Family = std::vector<MethodInfo> (*)();

// The families in display order; each appends its own entries.
constexpr std::array<Family, 6> kFamilies = {
    meta::harmony_search_methods, meta::genetic_methods,      meta::annealing_methods,
    meta::brute_force_methods,    nn::network_search_methods, exact::exact_methods};

// Where find_method looks first: the exact family, whose method most runs
// name. Names are unique across families (registry_test checks), so the
// order does not change the answer.
constexpr std::size_t kExact = 5;
static_assert(kFamilies[kExact] == exact::exact_methods);

// Family f's entries, built on its first use and never by a static
// initialiser. Looking up one method builds its family only: a one-puzzle
// `check` builds the 2 exact entries, not all 22, which took 45k of its
// 560k instructions.
const std::vector<MethodInfo>& family(std::size_t f) {
    static std::array<std::once_flag, kFamilies.size()> built;
    static std::array<std::vector<MethodInfo>, kFamilies.size()> entries;
    std::call_once(built[f], [f] { entries[f] = kFamilies[f](); });
    return entries[f];
}

// Each family in find_method's order, the exact one first.
template <class Visit>
const MethodInfo* find_in_families(Visit&& visit) {
    if (const MethodInfo* m = visit(family(kExact))) return m;
    for (std::size_t f = 0; f < kFamilies.size(); ++f)
        if (f != kExact)
            if (const MethodInfo* m = visit(family(f))) return m;
    return nullptr;
}

}  // namespace

const std::vector<MethodInfo>& methods() {
    static const std::vector<MethodInfo> all = [] {
        std::vector<MethodInfo> out;
        for (std::size_t f = 0; f < kFamilies.size(); ++f)
            for (const MethodInfo& m : family(f)) out.push_back(m);
        return out;
    }();
    return all;
}

const MethodInfo* find_method(const std::string& name) {
    const auto by_name = [&](const std::vector<MethodInfo>& entries) -> const MethodInfo* {
        for (const MethodInfo& m : entries)
            if (m.name == name) return &m;
        return nullptr;
    };
    const auto by_alias = [&](const std::vector<MethodInfo>& entries) -> const MethodInfo* {
        for (const MethodInfo& m : entries)
            for (const std::string& a : m.aliases)
                if (a == name) return &m;
        return nullptr;
    };
    if (const MethodInfo* m = find_in_families(by_name)) return m;
    return find_in_families(by_alias);
}

}  // namespace nonolab
