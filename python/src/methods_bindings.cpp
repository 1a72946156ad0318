// nonolab.methods(): the method registry (methods/registry.hpp), with each
// method's parameters and defaults as its option table documents them, the
// same list `nonolab solve --list-methods` prints.
#include "bindings.hpp"
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

}  // namespace

void bind_methods(py::module_& m) {
    m.def("methods", &list_methods);
}

}  // namespace nonolab::python
