// The Python module's C++ side (_nonolab): what each topic file binds, and
// the conversions they share. The module is a front end like the CLI: every
// call goes to the same library function the CLI calls (batch::load_inputs,
// batch::run_unit, the method registry, io::write_puzzles, io::render_svg,
// io::load_dataset, gen::run_shard), so a record made here equals the
// CLI's record of the same run. The Pythonic signatures and defaults that
// are not the library's own (keyword arguments, None for "no limit") live
// in python/nonolab/__init__.py.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "batch/experiment.hpp"
#include "core/grid.hpp"
#include "core/puzzle.hpp"

namespace nonolab::python {

namespace py = pybind11;

/// A puzzle as Python sees it: the puzzle and where it came from, exactly
/// what the batch front end calls a PuzzleRef (source file or spec, 1-based
/// index, display name, suite group), so that a run on it is recorded as the
/// CLI records a run on the same file. Built in Python, source is "".
struct PyPuzzle {
    batch::PuzzleRef ref;  ///< ref.puzzle is never null
    const Puzzle& puzzle() const { return *ref.puzzle; }
};

/// A PyPuzzle for a puzzle made in memory (from clues, from a grid, generated).
PyPuzzle make_py_puzzle(Puzzle puzzle, const std::string& source = "", int index = 1);

// --- Conversions (convert.cpp) ---------------------------------------------

/// A complete or partial grid as an H x W uint8 array (a copy).
py::array_t<std::uint8_t> grid_to_array(const Grid& grid);

/// A partial grid as an H x W int8 array, -1 where the cell is undecided.
py::array_t<std::int8_t> partial_to_array(const Grid& grid);

/// A 2-D integer array as a grid; throws std::invalid_argument (ValueError)
/// naming the first cell outside [0, colours).
Grid array_to_grid(const py::handle& array, int colours);

/// The JSON line of a record as a Python dict (through the json module, so
/// the dict is exactly what a reader of the CLI's --json output gets).
py::object record_to_dict(const batch::RunRecord& record);

// --- Topics: each adds its functions and classes to the module ---------------

void bind_puzzle(py::module_& m);      ///< Puzzle, read, write, formats, ndom
void bind_solve(py::module_& m);       ///< _solve
void bind_methods(py::module_& m);     ///< methods
void bind_experiment(py::module_& m);  ///< _experiment
void bind_dataset(py::module_& m);     ///< dataset, _generate
void bind_explain(py::module_& m);     ///< _explain
void bind_make_unique(py::module_& m); ///< _make_unique

}  // namespace nonolab::python
