#include "methods/registry.hpp"

#include <array>
#include <utility>

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

// One family's entries, built on first use (a function-local static, so
// thread-safe) and never by a static initialiser. Looking up one method
// builds its family only: a one-puzzle `check` builds the 2 exact entries,
// not all 22, which took 45k of its 560k instructions (issue 55).
template <std::size_t I>
const std::vector<MethodInfo>& family() {
    static const std::vector<MethodInfo> entries = kFamilies[I]();
    return entries;
}

template <std::size_t... I>
constexpr auto make_family_table(std::index_sequence<I...>) {
    return std::array<const std::vector<MethodInfo>& (*)(), sizeof...(I)>{family<I>...};
}
constexpr auto kFamily = make_family_table(std::make_index_sequence<kFamilies.size()>{});

// Where find_method looks first: the exact method, which most runs name.
// Names are unique across families, so the order does not change the answer.
constexpr std::array<std::size_t, 6> kLookupOrder = {5, 0, 1, 2, 3, 4};
static_assert(kFamilies[5] == exact::exact_methods);

}  // namespace

const std::vector<MethodInfo>& methods() {
    static const std::vector<MethodInfo> all = [] {
        std::vector<MethodInfo> out;
        for (const auto& get : kFamily)
            for (const MethodInfo& m : get()) out.push_back(m);
        return out;
    }();
    return all;
}

const MethodInfo* find_method(const std::string& name) {
    for (const std::size_t f : kLookupOrder)
        for (const MethodInfo& m : kFamily[f]())
            if (m.name == name) return &m;
    for (const std::size_t f : kLookupOrder)
        for (const MethodInfo& m : kFamily[f]())
            for (const std::string& a : m.aliases)
                if (a == name) return &m;
    return nullptr;
}

}  // namespace nonolab
