// Conversions between the library's types and Python's (bindings.hpp).
#include <stdexcept>
#include <string>

#include "batch/run_record.hpp"
#include "bindings.hpp"

namespace nonolab::python {

PyPuzzle make_py_puzzle(Puzzle puzzle, const std::string& source, int index) {
    PyPuzzle p;
    p.ref.source = source;
    p.ref.index = index;
    p.ref.name = puzzle.info().title;
    p.ref.puzzle = std::make_shared<const Puzzle>(std::move(puzzle));
    return p;
}

py::array_t<std::uint8_t> grid_to_array(const Grid& grid) {
    py::array_t<std::uint8_t> out({grid.height(), grid.width()});
    std::copy(grid.cells().begin(), grid.cells().end(), out.mutable_data());
    return out;
}

py::array_t<std::int8_t> partial_to_array(const Grid& grid) {
    py::array_t<std::int8_t> out({grid.height(), grid.width()});
    std::int8_t* data = out.mutable_data();
    for (std::size_t i = 0; i < grid.cells().size(); ++i) {
        const Cell c = grid.cells()[i];
        data[i] = c == kUnknown ? std::int8_t{-1} : static_cast<std::int8_t>(c);
    }
    return out;
}

Grid array_to_grid(const py::handle& array, int colours) {
    // Integers of any width (and bools, and nested lists of ints) are read
    // as int64; floats are refused rather than truncated.
    const py::array any = py::array::ensure(array);
    if (!any) throw std::invalid_argument("expected a 2-D integer array");
    if (any.dtype().kind() != 'i' && any.dtype().kind() != 'u' && any.dtype().kind() != 'b')
        throw std::invalid_argument("expected a 2-D integer array, got dtype " +
                                    std::string(py::str(any.dtype())));
    const auto values =
        py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(any);
    if (values.ndim() != 2)
        throw std::invalid_argument("expected a 2-D array (height x width), got " +
                                    std::to_string(values.ndim()) + " dimensions");
    const auto height = values.shape(0), width = values.shape(1);
    if (height < 1 || width < 1) throw std::invalid_argument("the array is empty");
    Grid grid(static_cast<int>(width), static_cast<int>(height), kEmpty);
    const std::int64_t* data = values.data();
    for (py::ssize_t r = 0; r < height; ++r)
        for (py::ssize_t c = 0; c < width; ++c) {
            const std::int64_t v = data[r * width + c];
            if (v < 0 || v >= colours)
                throw std::invalid_argument(
                    "cell (" + std::to_string(r) + ", " + std::to_string(c) + ") is " +
                    std::to_string(v) + ", expected 0 (background) to " +
                    std::to_string(colours - 1) + " (the palette's last colour)");
            grid.set(static_cast<int>(r), static_cast<int>(c), static_cast<Cell>(v));
        }
    return grid;
}

py::object record_to_dict(const batch::RunRecord& record) {
    // Looked up each time: a static py::object would outlive the interpreter.
    return py::module_::import("json").attr("loads")(batch::to_json_line(record));
}

}  // namespace nonolab::python
