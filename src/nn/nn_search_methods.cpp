#include "nn/nn_search_methods.hpp"

#include <stdexcept>

#include "nn/heuristic_search.hpp"
#include "nn/network_search.hpp"
#include "nn/predictor.hpp"

namespace nonolab::nn {
namespace {

struct Variant {
    const char* name;   ///< --method name
    const char* alias;  ///< the paper's acronym, lower case
    const char* description;
    const char* paper;
    bool network;
    NetworkSearchOptions options;  ///< reflections, partial_erase, intuition set
};

NetworkSearchOptions variant(bool reflections, bool partial_erase, bool intuition) {
    NetworkSearchOptions o;
    o.reflections = reflections;
    o.partial_erase = partial_erase;
    o.intuition = intuition;
    return o;
}

std::vector<ParamDoc> docs(const Variant& v) {
    std::vector<ParamDoc> d;
    if (v.network) {
        d.push_back({"model", "auto",
                     v.options.reflections
                         ? "TorchScript model file | auto (models/nonodataset-NxN-reflections.pt)"
                         : "TorchScript model file | auto (models/nonodataset-NxN.pt)"});
        if (v.options.partial_erase) {
            d.push_back({"erase", "any",
                         "partial erase forgets a cell when any of its lines is wrong | both"});
            if (v.options.intuition)
                d.push_back({"full_erase", "plain",
                             "full erase: plain (H, section 2.3.3's text) | intuition "
                             "(Algorithm 4's pseudo-code)"});
        }
        if (v.options.reflections)
            d.push_back({"reflection_choice", "fewest-wrong",
                         "prediction that drives the search: fewest-wrong (reflection breaking "
                         "the fewest clues) | average (per-cell mean of the eight)"});
        if (v.options.intuition)
            for (auto& p : IntuitionOptions::docs()) d.push_back(p);
    }
    for (auto& p : HeuristicOptions::docs()) d.push_back(p);
    return d;
}

}  // namespace

std::vector<MethodInfo> network_search_methods() {
    const Variant variants[] = {
        {"nn-h",
         "h",
         "the heuristic H: trivial cells from line combinations, DFS on the line with "
         "the fewest",
         "Buades Rubio et al. 2024, sec. 2.3.1, Algorithm 1",
         false,
         {}},
        {"nn-nehi", "nehi",
         "network prediction, then H's DFS ordered by the prediction (intuition)",
         "Buades Rubio et al. 2024, sec. 2.3.2, Algorithms 2-3", true, variant(false, false, true)},
        {"nn-ne8hi", "ne8hi", "NeHI with the network run on all eight reflections",
         "Buades Rubio et al. 2024, sec. 2.3.4", true, variant(true, false, true)},
        {"nn-nehpf", "nehpf",
         "network prediction, partial erase of wrong lines, H, then full erase",
         "Buades Rubio et al. 2024, sec. 2.3.3, Algorithm 4", true, variant(false, true, false)},
        {"nn-ne8hpf", "ne8hpf", "NeHPF with the network run on all eight reflections",
         "Buades Rubio et al. 2024, sec. 2.3.4", true, variant(true, true, false)},
        {"nn-nehpfi", "nehpfi", "NeHPF with intuition in the search after partial erase",
         "Buades Rubio et al. 2024, sec. 2.3.3, Algorithm 4", true, variant(false, true, true)},
        {"nn-ne8hpfi", "ne8hpfi", "NeHPFI with the network run on all eight reflections",
         "Buades Rubio et al. 2024, sec. 2.3.4", true, variant(true, true, true)},
    };
    std::vector<MethodInfo> out;
    for (const Variant& v : variants) {
        MethodInfo m;
        m.name = v.name;
        m.aliases = {v.alias};
        m.description = std::string(v.description) + " (also --method " + v.alias + ")";
        m.paper = v.paper;
        m.params = docs(v);
        m.run = [v, allowed = m.params](const Puzzle& puzzle, const ParamMap& params,
                                        const RunControl& control) {
            ParamMap left = params;
            NetworkSearchOptions o = v.options;
            std::string model;
            if (v.network) {
                if (auto it = left.find("model"); it != left.end()) {
                    if (it->second.empty())
                        throw std::invalid_argument(
                            "parameter 'model': got '', expected a file or auto");
                    if (it->second != "auto") model = it->second;
                    left.erase(it);
                }
                if (o.partial_erase) {
                    o.erase = take_choice(left, "erase", {"any", "both"}, 0) == 1
                                  ? EraseRule::both_lines
                                  : EraseRule::any_line;
                    if (o.intuition)
                        o.full_erase_intuition =
                            take_choice(left, "full_erase", {"plain", "intuition"}, 0) == 1;
                }
                if (o.reflections)
                    o.average_reflections =
                        take_choice(left, "reflection_choice", {"fewest-wrong", "average"}, 0) == 1;
                if (o.intuition) o.intuition_options = IntuitionOptions::parse(left);
            }
            o.heuristic = HeuristicOptions::parse(left);
            reject_unknown(left, v.name, allowed);
            if (!v.network) return heuristic_solve(puzzle, o.heuristic, control);
            if (puzzle.width() != puzzle.height())
                throw std::invalid_argument(
                    std::string(v.name) + ": the network takes square puzzles only; this one is " +
                    std::to_string(puzzle.width()) + "x" + std::to_string(puzzle.height()));
            if (model.empty()) model = default_model_path(puzzle.width(), o.reflections);
            const auto predictor = load_model(model);  // throws with the file's name
            MetaResult r = network_search(puzzle, *predictor, o, control);
            return r;
        };
        out.push_back(std::move(m));
    }
    return out;
}

}  // namespace nonolab::nn
