// The registry entries of H and the six network variants (Buades Rubio et
// al. 2024, Table 2): nn-h, nn-nehi, nn-nehpf, nn-nehpfi, nn-ne8hi,
// nn-ne8hpf, nn-ne8hpfi, also found under the paper's names (h, nehi, ...).
//
// The network variants load their model lazily, on their first run, with
// nn::load_model: --param model=PATH, by default the shipped model for the
// puzzle's size (nn::default_model_path(n, reflections)). A missing file or
// a build without LibTorch makes that run's status "error" with the reason.
#pragma once

#include <vector>

#include "core/method.hpp"

namespace nonolab::nn {

/// nn-h first, then the network variants in the paper's Table 2 order.
std::vector<MethodInfo> network_search_methods();

}  // namespace nonolab::nn
