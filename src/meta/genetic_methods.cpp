#include "meta/genetic_methods.hpp"

#include "meta/genetic_bobko.hpp"

namespace nonolab::meta {

std::vector<MethodInfo> genetic_methods() {
    std::vector<MethodInfo> all;
    auto add = [&](std::vector<MethodInfo> ms) {
        for (auto& m : ms) all.push_back(std::move(m));
    };
    add(bobko_methods());
    return all;
}

}  // namespace nonolab::meta
