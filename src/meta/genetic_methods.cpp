#include "meta/genetic_methods.hpp"

#include "meta/genetic_bobko.hpp"
#include "meta/genetic_hs_baseline.hpp"
#include "meta/genetic_logic.hpp"
#include "meta/genetic_nn.hpp"
#include "meta/genetic_rows.hpp"

namespace nonolab::meta {

std::vector<MethodInfo> genetic_methods() {
    std::vector<MethodInfo> all;
    auto add = [&](std::vector<MethodInfo> ms) {
        for (auto& m : ms) all.push_back(std::move(m));
    };
    add(bobko_methods());
    all.push_back(hs_baseline_method());
    all.push_back(logic_method());
    all.push_back(nn_method());
    all.push_back(rows_method());
    return all;
}

}  // namespace nonolab::meta
