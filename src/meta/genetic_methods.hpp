// Registry entries of every genetic-algorithm method, in display order:
// ga-simple, ga-modified (genetic_bobko.hpp), ga-hs-baseline
// (genetic_hs_baseline.hpp), ga-logic (genetic_logic.hpp), ga-nn
// (genetic_nn.hpp) and our improved variant ga-rows (genetic_rows.hpp).
#pragma once

#include <vector>

#include "core/method.hpp"

namespace nonolab::meta {

std::vector<MethodInfo> genetic_methods();

}  // namespace nonolab::meta
