// nonolab.methods(): the method registry (methods/registry.hpp), with each
// method's parameters and defaults as its option table documents them, the
// same list `nonolab solve --list-methods` prints.
#include <pybind11/stl.h>

#include "batch/experiment.hpp"
#include "bindings.hpp"
#include "exact/exact_options.hpp"
#include "exact/explain.hpp"
#include "exact/make_unique.hpp"
#include "methods/registry.hpp"

namespace nonolab::python {

namespace {

py::list list_methods() {
    py::list out;
    for (const MethodInfo& m : methods()) {
        py::dict d;
        d["name"] = m.name;
        d["description"] = m.description;
        d["paper"] = m.paper;
        py::list aliases;
        for (const auto& a : m.aliases) aliases.append(a);
        d["aliases"] = aliases;
        py::list params;
        for (const ParamDoc& p : m.params()) {
            py::dict q;
            q["key"] = p.key;
            q["default"] = p.default_value;
            q["help"] = p.help;
            params.append(q);
        }
        d["params"] = params;
        out.append(d);
    }
    return out;
}

// The defaults of the option tables behind explain(), make_unique(),
// experiment() and the exact solver's keywords, as their docs print them: what
// tests/python/test_defaults.py holds the Python signatures' defaults to.
std::map<std::string, std::string> option_defaults(const std::string& table) {
    std::vector<ParamDoc> docs;
    if (table == "explain")
        docs = exact::explain_option_table().docs();
    else if (table == "make-unique")
        docs = exact::make_unique_option_table().docs();
    else if (table == "exact")
        docs = exact::exact_option_table().docs();
    else if (table == "experiment")
        docs = batch::experiment_option_table().docs();
    else
        throw std::invalid_argument("no option table '" + table +
                                    "' (explain, make-unique, exact, experiment)");
    std::map<std::string, std::string> out;
    for (const ParamDoc& d : docs) out[d.key] = d.default_value;
    return out;
}

}  // namespace

void bind_methods(py::module_& m) {
    m.def("methods", &list_methods);
    m.def("_option_defaults", &option_defaults, py::arg("table"));
}

}  // namespace nonolab::python
