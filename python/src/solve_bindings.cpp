// nonolab.solve (and check, grade, logic_only, which __init__.py builds on
// it): one run of one method on one puzzle, the way `nonolab solve` makes
// it (apps/cmd_solve.cpp): the method from the registry, its parameters
// checked by batch::resolve_methods, the run by batch::run_unit with the
// seed given as is, and the record as its JSON line.
#include <pybind11/stl.h>

#include <stdexcept>

#include "batch/one_method.hpp"
#include "bindings.hpp"
#include "exact/exact_options.hpp"
#include "interruptible.hpp"
#include "io/solution_rows.hpp"
#include "methods/registry.hpp"

namespace nonolab::python {

namespace {

// The method and its parameters by the rules every front end shares
// (batch/one_method.hpp); "exact" always carries its solution count.
batch::MethodSpec method_spec(const std::string& method, const ParamMap& params,
                              const ParamMap& exact_options, int solutions) {
    const MethodInfo* info = find_method(method);
    if (!info)
        throw std::invalid_argument("unknown method '" + method +
                                    "'; nonolab.methods() lists them");
    ParamMap exact = exact_options;
    if (info->name == "exact") exact["solutions"] = std::to_string(solutions);
    try {
        return batch::one_method_spec(*info, batch::param_items(params), exact);
    } catch (const std::invalid_argument& e) {
        if (info->name == "exact" || exact_options.empty()) throw;
        throw std::invalid_argument(std::string(e.what()) +  // keywords meant as params=
                                    "; pass a method's own parameters as params=");
    }
}

// (record, solutions, partial): the record as a dict, its solutions as
// H x W uint8 arrays, and where logic stopped (int8, -1 open) or None.
py::tuple solve(const PyPuzzle& p, const std::string& method, const ParamMap& params,
                const ParamMap& exact_options, int solutions, double timeout, std::uint64_t seed,
                std::int64_t max_evaluations) {
    if (solutions < 1) throw std::invalid_argument("solutions must be at least 1");
    if (timeout < 0) throw std::invalid_argument("timeout must be None or >= 0 seconds");
    if (max_evaluations < 0) throw std::invalid_argument("max_evaluations must be >= 0");
    batch::ExperimentOptions options;
    options.methods = {method_spec(method, params, exact_options, solutions)};
    options.trials = 1;
    options.master_seed = seed;
    options.derive_seeds = false;  // the seed is the seed, as for `nonolab solve --seed`
    options.threads = 1;
    options.timeout = timeout;
    options.max_evaluations = max_evaluations;
    options.validate();

    batch::RunRecord record;
    run_interruptible([&](const std::atomic<bool>* cancel) {
        const std::vector<batch::PuzzleRef> refs = {p.ref};
        const MethodInfo* info = batch::resolve_methods(refs, options, find_method).front();
        const batch::WorkUnit unit = batch::unit_at(0, options);
        record = batch::run_unit(unit, p.ref, options.methods.front(), *info, options, cancel);
    });

    const Palette& palette = p.puzzle().palette();
    py::list grids;
    for (const auto& rows : record.solutions)
        grids.append(grid_to_array(io::grid_from_rows(rows, palette)));
    py::object partial = py::none();
    if (record.stats.contains("partial"))
        partial = partial_to_array(
            io::grid_from_rows(record.stats["partial"].get<std::vector<std::string>>(), palette));
    return py::make_tuple(record_to_dict(record), grids, partial);
}

}  // namespace

void bind_solve(py::module_& m) {
    m.def("_solve", &solve, py::arg("puzzle"), py::arg("method"), py::arg("params"),
          py::arg("exact_options"), py::arg("solutions"), py::arg("timeout"), py::arg("seed"),
          py::arg("max_evaluations"));
    // The exact solver's option keys, for solve()'s keyword arguments.
    m.def("_exact_option_keys", [] {
        std::vector<std::string> keys;
        for (const auto& e : exact::exact_option_table().entries()) keys.push_back(e.key);
        return keys;
    });
}

}  // namespace nonolab::python
