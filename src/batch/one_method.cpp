#include "batch/one_method.hpp"

#include <stdexcept>

namespace nonolab::batch {

MethodSpec one_method_spec(const MethodInfo& method, const std::vector<std::string>& params,
                           const ParamMap& exact_options, bool grade, bool logic_only) {
    std::string name = method.name;
    if (logic_only) {
        if (name != "exact")
            throw std::invalid_argument("logic-only runs the exact solver's logic, not method '" +
                                        name + "'");
        name = "logic";
    }
    if (name != "exact" && !exact_options.empty())
        throw std::invalid_argument("the exact solver's options (here '" +
                                    exact_options.begin()->first + "') do not apply to method '" +
                                    name + "'");
    if (name != "exact" && grade)
        throw std::invalid_argument("grading is the exact solver's, not method '" + name + "'s");
    MethodSpec spec = method_specs({name}, params).front();
    if (name == "exact") {
        for (const auto& [key, value] : exact_options) spec.params[key] = value;
        if (grade) spec.params["grade"] = "true";
    }
    return spec;
}

std::vector<std::string> param_items(const ParamMap& params) {
    std::vector<std::string> items;
    items.reserve(params.size());
    for (const auto& [key, value] : params) items.push_back(key + "=" + value);
    return items;
}

}  // namespace nonolab::batch
