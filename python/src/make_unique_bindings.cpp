// nonolab.make_unique: the fewest cell changes that make a picture's puzzle
// reach a goal, as `nonolab make-unique --json` prints them
// (exact/make_unique.hpp through the same batch/make_unique_output.cpp),
// with the options read from make-unique's own table.
#include <pybind11/stl.h>

#include "batch/make_unique_output.hpp"
#include "bindings.hpp"
#include "exact/make_unique.hpp"
#include "interruptible.hpp"

namespace nonolab::python {

namespace {

py::object make_unique(const PyPuzzle& p, const ParamMap& params,
                       const std::vector<std::pair<int, int>>& locked) {
    exact::MakeUniqueOptions options = exact::make_unique_option_table().parse(params);
    for (const auto& [row, col] : locked) options.locked.push_back({row, col});
    const auto& goal = p.puzzle().info().goal;
    if (!goal)
        throw std::invalid_argument(
            "make_unique needs a picture: a puzzle made by Puzzle.from_grid, or read from a "
            "file with a goal picture");
    exact::MakeUniqueResult m;
    run_interruptible([&](const std::atomic<bool>* cancel) {
        m = exact::make_unique(*goal, p.puzzle().palette(), options, cancel);
    });
    const std::string text = batch::make_unique_json(m, p.puzzle(), options.goal).dump();
    return py::module_::import("json").attr("loads")(text);
}

}  // namespace

void bind_make_unique(py::module_& m) {
    m.def("_make_unique", &make_unique, py::arg("puzzle"), py::arg("params"), py::arg("locked"));
}

}  // namespace nonolab::python
