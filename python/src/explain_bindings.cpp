// nonolab.explain: the deductions that solve a puzzle, step by step, as
// `nonolab explain --json` prints them (exact/explain.hpp through the same
// batch/explain_output.cpp), with the options read from explain's own table.
#include <pybind11/stl.h>

#include "batch/explain_output.hpp"
#include "bindings.hpp"
#include "exact/explain.hpp"
#include "interruptible.hpp"

namespace nonolab::python {

namespace {

// The explanation as a dict, through the json module like the records.
py::object explain(const PyPuzzle& p, const ParamMap& params) {
    const exact::ExplainOptions options = exact::explain_option_table().parse(params);
    exact::Explanation e;
    run_interruptible(
        [&](const std::atomic<bool>* cancel) { e = exact::explain(p.puzzle(), options, cancel); });
    const std::string text = batch::explain_json(e, p.puzzle(), p.ref.source, p.ref.index).dump();
    return py::module_::import("json").attr("loads")(text);
}

}  // namespace

void bind_explain(py::module_& m) {
    m.def("_explain", &explain, py::arg("puzzle"), py::arg("params"));
}

}  // namespace nonolab::python
