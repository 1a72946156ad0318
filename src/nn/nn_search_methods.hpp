// The registry entries of H and the six network variants (Buades Rubio et
// al. 2024, Table 2): nn-h, nn-nehi, nn-nehpf, nn-nehpfi, nn-ne8hi,
// nn-ne8hpf, nn-ne8hpfi, also found under the paper's names (h, nehi, ...).
//
// The network variants load their model lazily, on their first run, with
// nn::load_model: --param model=PATH, by default the shipped model for the
// puzzle's size (nn::default_model_path(n, reflections)). A missing file or
// a build without LibTorch makes that run's status "error" with the reason.
#pragma once

#include <string>
#include <vector>

#include "core/method.hpp"
#include "core/options.hpp"
#include "nn/network_search.hpp"

namespace nonolab::nn {

/// What an nn-* method runs with. The variant (search.reflections,
/// partial_erase, intuition) is fixed by the method; the rest are its keys.
struct NnMethodOptions {
    std::string model;            ///< network file; "" (param "auto") = the shipped one
    NetworkSearchOptions search;  ///< the variant, its readings and H underneath
};

/// nn-h first, then the network variants in the paper's Table 2 order.
std::vector<MethodInfo> network_search_methods();

/// The defaults of the nn-* method `name` (or its alias, e.g. "nehpfi"): its
/// variant, with every option at its default. Throws std::invalid_argument
/// for another name.
NnMethodOptions nn_method_defaults(const std::string& name);

/// The keys method `name` accepts: only those of its variant's parts (model,
/// erase, full_erase, reflection_choice, intuition_option_table(),
/// heuristic_option_table()). Documented with table.docs(nn_method_defaults(name)).
const OptionTable<NnMethodOptions>& nn_option_table(const std::string& name);

}  // namespace nonolab::nn
