// The extension module _nonolab: the topics of bindings.hpp, the plugin
// loaders the CLI installs (apps/nonolab.cpp), and the library's exceptions
// as Python ones. python/nonolab/__init__.py re-exports all of it.
#include "batch/image_plugin.hpp"
#include "bindings.hpp"
#include "core/error.hpp"
#include "nn/openblas_core.hpp"
#include "nn/openmp_wait_policy.hpp"
#include "torch_plugin.hpp"

namespace nonolab::python {

namespace {

// nonolab.PuzzleError(ValueError): a file that cannot be read (with its
// file and line) or clues that describe no puzzle (file None, line None).
// nonolab.UnsupportedError(PuzzleError): a format variant we refuse.
void register_errors(py::module_& m) {
    static PyObject* puzzle_error = PyErr_NewExceptionWithDoc(
        "nonolab.PuzzleError",
        "A puzzle that cannot be read or built: .file and .line (1-based, 0 = the whole "
        "file) say where, .message what; both are None for clues built in Python.",
        PyExc_ValueError, nullptr);
    static PyObject* unsupported_error = PyErr_NewExceptionWithDoc(
        "nonolab.UnsupportedError",
        "A well-formed file in a variant nonolab does not handle (triddlers, triangle grids).",
        puzzle_error, nullptr);
    m.attr("PuzzleError") = py::handle(puzzle_error);
    m.attr("UnsupportedError") = py::handle(unsupported_error);
    py::register_exception_translator([](std::exception_ptr p) {
        const auto raise = [](PyObject* type, const std::string& what, py::object file,
                              py::object line, const std::string& message) {
            py::object e = py::reinterpret_borrow<py::object>(type)(what);
            e.attr("file") = file;
            e.attr("line") = line;
            e.attr("message") = message;
            PyErr_SetObject(type, e.ptr());
        };
        try {
            if (p) std::rethrow_exception(p);
        } catch (const UnsupportedError& e) {
            raise(unsupported_error, e.what(), py::str(e.source()), py::int_(e.line()),
                  e.message());
        } catch (const ParseError& e) {
            raise(puzzle_error, e.what(), py::str(e.source()), py::int_(e.line()), e.message());
        } catch (const PuzzleError& e) {
            raise(puzzle_error, e.what(), py::none(), py::none(), e.what());
        } catch (const WriteError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });
}

}  // namespace

}  // namespace nonolab::python

PYBIND11_MODULE(_nonolab, m) {
    namespace np = nonolab::python;
    m.doc() = "nonolab's C++ side; use the package nonolab (docs/python.md).";
    m.attr("__version__") = NONOLAB_PROJECT_VERSION;
    // Model files and PNG puzzles load through the CLI's plugins, on first
    // use (core/plugin.hpp: beside this module, then the build tree).
    nonolab::cli::install_lazy_torch_loader();
    // Now, not when the plugin loads: numpy loads the same OpenBLAS with its
    // first array (nn/openblas_core.hpp; an earlier `import numpy` wins).
    nonolab::nn::choose_openblas_core();
    // Before LibTorch loads GNU OpenMP (nn/openmp_wait_policy.hpp; a module
    // imported earlier that loaded it wins).
    nonolab::nn::choose_openmp_wait_policy();
    nonolab::batch::install_lazy_image_decoder();
    np::register_errors(m);
    np::bind_puzzle(m);
    np::bind_solve(m);
    np::bind_methods(m);
    np::bind_experiment(m);
    np::bind_dataset(m);
    np::bind_explain(m);
    np::bind_make_unique(m);
}
