// nonolab.experiment: batch::run_experiment, as `nonolab experiment` runs
// it (apps/cmd_experiment.cpp): puzzles x methods x trials, each run with
// the seed derived from the master seed and its unit number, on `threads`
// threads, every record the one JSON line of batch/run_record.hpp.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "interruptible.hpp"
#include "methods/registry.hpp"

namespace nonolab::python {

namespace {

// Records as dicts, in unit order. `params` are "KEY=VALUE" (every method)
// or "METHOD:KEY=VALUE", parsed by batch::method_specs as --param is.
// `numbers` are the keys of batch::experiment_option_table as text, read as
// `nonolab experiment`'s flags are.
py::list experiment(const std::vector<PyPuzzle>& puzzles, const std::vector<std::string>& names,
                    const std::vector<std::string>& params, const ParamMap& numbers) {
    if (puzzles.empty()) throw std::invalid_argument("experiment: no puzzles");
    batch::ExperimentOptions options = batch::experiment_option_table().parse(numbers);
    options.methods = batch::method_specs(names, params);
    options.validate();
    std::vector<batch::PuzzleRef> refs;
    for (const auto& p : puzzles) refs.push_back(p.ref);

    std::vector<batch::RunRecord> records;
    run_interruptible([&](const std::atomic<bool>* cancel) {
        records = batch::run_experiment(refs, options, {}, find_method, cancel);
    });
    py::list out;
    for (const auto& r : records) out.append(record_to_dict(r));
    return out;
}

}  // namespace

void bind_experiment(py::module_& m) {
    m.def("_experiment", &experiment, py::arg("puzzles"), py::arg("methods"), py::arg("params"),
          py::arg("numbers"));
}

}  // namespace nonolab::python
