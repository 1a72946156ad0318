#include "methods/registry.hpp"

#include "exact/exact_method.hpp"
#include "meta/brute_force.hpp"
#include "meta/genetic_methods.hpp"
#include "meta/harmony_search.hpp"
#include "meta/simulated_annealing.hpp"
#include "nn/nn_search_methods.hpp"

namespace nonolab {

namespace {

std::vector<MethodInfo> build_registry() {
    std::vector<MethodInfo> all;
    // Each method family appends its entries, in display order.
    for (auto& m : meta::harmony_search_methods()) all.push_back(std::move(m));
    for (auto& m : meta::genetic_methods()) all.push_back(std::move(m));
    for (auto& m : meta::annealing_methods()) all.push_back(std::move(m));
    for (auto& m : meta::brute_force_methods()) all.push_back(std::move(m));
    for (auto& m : nn::network_search_methods()) all.push_back(std::move(m));
    for (auto& m : exact::exact_methods()) all.push_back(std::move(m));
    return all;
}

}  // namespace

const std::vector<MethodInfo>& methods() {
    // Built on first use, not by a static initialiser: start-up does no work.
    static const std::vector<MethodInfo> registry = build_registry();
    return registry;
}

const MethodInfo* find_method(const std::string& name) {
    for (const auto& m : methods())
        if (m.name == name) return &m;
    for (const auto& m : methods())
        for (const auto& a : m.aliases)
            if (a == name) return &m;
    return nullptr;
}

}  // namespace nonolab
