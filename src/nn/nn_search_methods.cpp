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

const std::vector<Variant>& variants() {
    static const std::vector<Variant> all = {
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
    return all;
}

OptionTable<NnMethodOptions> build_table(const Variant& v) {
    using O = NnMethodOptions;
    using Words = std::vector<std::pair<std::string, bool>>;
    const NetworkSearchOptions& s = v.options;
    OptionTable<O> t(v.name);
    // Each call below adds to `t` in place (the builder's && methods return
    // *this); a variant takes only the keys of the parts it has.
    if (v.network) {
        std::move(t).text(
            "model", [](const O& o) { return o.model.empty() ? std::string("auto") : o.model; },
            [](O& o, const std::string& value) {
                if (value.empty()) option_text::fail("model", value, "a file or auto");
                o.model = value == "auto" ? "" : value;
            },
            "PATH or auto",
            s.reflections ? "TorchScript model file | auto (models/nonodataset-NxN-reflections.pt)"
                          : "TorchScript model file | auto (models/nonodataset-NxN.pt)");
        if (s.partial_erase) {
            std::move(t).choice(
                "erase", [](auto& o) -> auto& { return o.search.erase; },
                std::vector<std::pair<std::string, EraseRule>>{{"any", EraseRule::any_line},
                                                               {"both", EraseRule::both_lines}},
                "partial erase forgets a cell when any of its lines is wrong | both");
            if (s.intuition)
                std::move(t).choice(
                    "full_erase", [](auto& o) -> auto& { return o.search.full_erase_intuition; },
                    Words{{"plain", false}, {"intuition", true}},
                    "full erase: plain (H, section 2.3.3's text) | intuition (Algorithm 4's "
                    "pseudo-code)");
        }
        if (s.reflections)
            std::move(t).choice(
                "reflection_choice", [](auto& o) -> auto& { return o.search.average_reflections; },
                Words{{"fewest-wrong", false}, {"average", true}},
                "prediction that drives the search: fewest-wrong (reflection breaking the fewest "
                "clues) | average (per-cell mean of the eight)");
        if (s.intuition)
            std::move(t).include(
                intuition_option_table(),
                [](auto& o) -> auto& { return o.search.intuition_options; });
    }
    std::move(t).include(
        heuristic_option_table(), [](auto& o) -> auto& { return o.search.heuristic; });
    return t;
}

// The tables, in variants() order.
const std::vector<OptionTable<NnMethodOptions>>& tables() {
    static const std::vector<OptionTable<NnMethodOptions>> all = [] {
        std::vector<OptionTable<NnMethodOptions>> out;
        for (const Variant& v : variants()) out.push_back(build_table(v));
        return out;
    }();
    return all;
}

std::size_t index_of(const std::string& name) {
    for (std::size_t i = 0; i < variants().size(); ++i)
        if (name == variants()[i].name || name == variants()[i].alias) return i;
    throw std::invalid_argument("no network search method '" + name + "'");
}

NnMethodOptions defaults_of(const Variant& v) {
    NnMethodOptions o;
    o.search = v.options;
    return o;
}

}  // namespace

NnMethodOptions nn_method_defaults(const std::string& name) {
    return defaults_of(variants()[index_of(name)]);
}

const OptionTable<NnMethodOptions>& nn_option_table(const std::string& name) {
    return tables()[index_of(name)];
}

std::vector<MethodInfo> network_search_methods() {
    std::vector<MethodInfo> out;
    for (std::size_t i = 0; i < variants().size(); ++i) {
        const Variant& v = variants()[i];
        MethodInfo m;
        m.name = v.name;
        m.aliases = {v.alias};
        m.description = std::string(v.description) + " (also --method " + v.alias + ")";
        m.paper = v.paper;
        m.describe_params = [i] { return tables()[i].docs(defaults_of(variants()[i])); };
        m.run = [i](const Puzzle& puzzle, const ParamMap& params, const RunControl& control) {
            const Variant& v = variants()[i];
            const NnMethodOptions o = tables()[i].parse(params, defaults_of(v));
            if (!v.network) return heuristic_solve(puzzle, o.search.heuristic, control);
            if (puzzle.width() != puzzle.height())
                throw std::invalid_argument(
                    std::string(v.name) + ": the network takes square puzzles only; this one is " +
                    std::to_string(puzzle.width()) + "x" + std::to_string(puzzle.height()));
            const std::string model = o.model.empty()
                                          ? default_model_path(puzzle.width(), o.search.reflections)
                                          : o.model;
            const auto predictor = load_model(model);  // throws with the file's name
            return network_search(puzzle, *predictor, o.search, control);
        };
        out.push_back(std::move(m));
    }
    return out;
}

}  // namespace nonolab::nn
