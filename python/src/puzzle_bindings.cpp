// nonolab.Puzzle, reading and writing: the io registry (io/formats.hpp) and
// the batch front end's input loader (batch/suite.hpp), as the CLI uses them.
#include <pybind11/stl.h>

#include <cctype>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "batch/suite.hpp"
#include "bindings.hpp"
#include "core/picture.hpp"
#include "gen/ndom.hpp"
#include "io/colours.hpp"
#include "io/formats.hpp"
#include "io/nonodataset.hpp"
#include "io/render.hpp"
#include "io/text.hpp"

namespace nonolab::python {

namespace {

// 0xRRGGBB from an int, a colour name ("red") or hex text ("#ff0000").
std::uint32_t rgb_of(const py::handle& value) {
    if (py::isinstance<py::int_>(value)) {
        const long long v = value.cast<long long>();
        if (v < 0 || v > 0xFFFFFF)
            throw std::invalid_argument("colour " + std::to_string(v) +
                                        " is not an RGB value 0x000000..0xFFFFFF");
        return static_cast<std::uint32_t>(v);
    }
    const std::string text = py::str(value);
    if (auto rgb = io::rgb_of_colour_name(text)) return *rgb;
    if (auto rgb = io::parse_hex_rgb(text)) return *rgb;
    throw std::invalid_argument("colour '" + text +
                                "' is neither a colour name nor #rrggbb nor an integer");
}

// A palette from Python: entry 0 the background; each entry a colour name
// or hex text ("red", "#ff0000") or a tuple (name, colour[, symbol]).
Palette palette_of(const py::handle& spec) {
    Palette palette;
    std::vector<char> preferred;
    for (const py::handle& entry : spec) {
        Colour c;
        char symbol = 0;
        if (py::isinstance<py::str>(entry)) {
            c.rgb = rgb_of(entry);
            c.name = entry.cast<std::string>();
        } else {
            const auto t = entry.cast<py::sequence>();
            if (t.size() < 2 || t.size() > 3)
                throw std::invalid_argument(
                    "a palette entry is a colour name, #rrggbb, or (name, colour[, symbol])");
            c.name = t[0].cast<std::string>();
            c.rgb = rgb_of(t[1]);
            if (t.size() == 3) {
                const std::string s = t[2].cast<std::string>();
                if (s.size() != 1)
                    throw std::invalid_argument("the symbol of colour '" + c.name +
                                                "' must be one character, got '" + s + "'");
                symbol = s[0];
            }
        }
        palette.push_back(c);
        preferred.push_back(symbol);
    }
    if (palette.size() < 2)
        throw std::invalid_argument("a palette needs the background and at least one colour");
    if (!io::assign_symbols(palette, preferred))
        throw std::invalid_argument("too many colours to give each a symbol");
    return palette;
}

// Clues from Python: per line a list of lengths (colour 1) or of
// (length, colour) pairs, the colour a palette index or name.
std::vector<Clue> clues_of(const py::handle& lines, const Palette& palette, const char* kind) {
    std::vector<Clue> out;
    for (const py::handle& line : lines) {
        Clue clue;
        for (const py::handle& item : line) {
            Run run;
            if (py::isinstance<py::int_>(item)) {
                run.length = item.cast<int>();
            } else {
                const auto pair = item.cast<py::sequence>();
                if (pair.size() != 2)
                    throw std::invalid_argument(std::string(kind) + " " +
                                                std::to_string(out.size() + 1) +
                                                ": a run is a length or (length, colour)");
                run.length = pair[0].cast<int>();
                const py::object colour = pair[1];
                int index = -1;
                if (py::isinstance<py::int_>(colour)) {
                    index = colour.cast<int>();
                } else {
                    const std::string name = py::str(colour);
                    for (std::size_t k = 1; k < palette.size(); ++k)
                        if (palette[k].name == name) index = static_cast<int>(k);
                }
                if (index < 1 || index >= static_cast<int>(palette.size()))
                    throw std::invalid_argument(
                        std::string(kind) + " " + std::to_string(out.size() + 1) + ": colour '" +
                        std::string(py::str(colour)) + "' is not in the palette (1.." +
                        std::to_string(palette.size() - 1) + ")");
                run.colour = static_cast<std::uint8_t>(index);
            }
            clue.push_back(run);
        }
        out.push_back(std::move(clue));
    }
    return out;
}

// Lengths (black and white) or (length, colour) tuples, per line.
py::list clues_to_python(const std::vector<Clue>& clues, bool black_and_white) {
    py::list out;
    for (const Clue& clue : clues) {
        py::list line;
        for (const Run& r : clue) {
            if (black_and_white)
                line.append(r.length);
            else
                line.append(py::make_tuple(r.length, static_cast<int>(r.colour)));
        }
        out.append(line);
    }
    return out;
}

// A grid to draw: None, or a full or partial grid (-1 = undecided).
std::optional<Grid> drawable_grid(const PyPuzzle& p, const py::object& grid) {
    if (grid.is_none()) return std::nullopt;
    const auto values = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>(grid);
    const Puzzle& pz = p.puzzle();
    if (values.ndim() != 2 || values.shape(0) != pz.height() || values.shape(1) != pz.width())
        throw std::invalid_argument("the grid to draw must be " + std::to_string(pz.height()) +
                                    " x " + std::to_string(pz.width()) + " (height x width)");
    Grid g(pz.width(), pz.height());
    const std::int64_t* data = values.data();
    const auto colours = static_cast<std::int64_t>(pz.palette().size());
    for (int i = 0; i < g.size(); ++i) {
        if (data[i] < -1 || data[i] >= colours)
            throw std::invalid_argument("grid value " + std::to_string(data[i]) +
                                        " is not -1 (open) or a palette index");
        g.cells()[i] = data[i] == -1 ? kUnknown : static_cast<Cell>(data[i]);
    }
    return g;
}

std::string repr(const PyPuzzle& p) {
    std::ostringstream out;
    out << "<nonolab.Puzzle";
    if (!p.ref.name.empty()) out << " '" << p.ref.name << "'";
    out << " " << p.puzzle().width() << "x" << p.puzzle().height();
    if (!p.puzzle().black_and_white()) out << ", " << p.puzzle().palette().size() - 1 << " colours";
    if (!p.ref.source.empty()) out << " from " << p.ref.source << " #" << p.ref.index;
    out << ">";
    return out.str();
}

// batch::load_inputs, as `nonolab solve FILE` reads FILE: a puzzle file, a
// suite manifest, a folder holding one, or a NonoDataset spec. One item per
// puzzle, in file order: a Puzzle, or for a puzzle that cannot be read a
// tuple (index, file, line, message, text, unsupported) from which
// nonolab.read makes its PuzzleError. A file that cannot be split into
// puzzles at all is raised as the reader threw it.
py::list read(const std::string& path, const std::string& format, const std::vector<int>& indices) {
    std::vector<std::string> warnings;
    batch::InputOptions options{format, indices, true};
    options.keep_file_errors = false;
    const auto refs = batch::load_inputs(
        {path}, [&](const std::string& w) { warnings.push_back(w); }, options);
    const py::object warn = py::module_::import("warnings").attr("warn");
    for (const auto& w : warnings) warn(w);
    py::list out;
    for (const auto& ref : refs) {
        if (ref.puzzle) {
            out.append(py::cast(PyPuzzle{ref}));
            continue;
        }
        // The reader's text is "file:line: message"; split it back for .line.
        int line = 0;
        std::string message = ref.error;
        const std::string head = ref.source + ":";
        if (ref.error.rfind(head, 0) == 0) {
            std::size_t at = head.size(), end = at;
            while (end < ref.error.size() &&
                   std::isdigit(static_cast<unsigned char>(ref.error[end])))
                ++end;
            if (end > at && end - at < 10 && ref.error.compare(end, 2, ": ") == 0) {
                line = std::stoi(ref.error.substr(at, end - at));
                message = ref.error.substr(end + 2);
            } else if (ref.error.compare(at, 1, " ") == 0) {
                message = ref.error.substr(at + 1);
            }
        }
        out.append(
            py::make_tuple(ref.index, ref.source, line, message, ref.error, ref.unsupported));
    }
    return out;
}

// io::write_puzzles in the format named, or the one the extension names;
// written through a temporary file, so a failure leaves no partial file.
void write(const std::string& path, const std::vector<PyPuzzle>& puzzles, std::string format) {
    if (format.empty()) {
        const auto dot = path.find_last_of('.');
        const io::Format* f =
            dot == std::string::npos ? nullptr : io::find_format(path.substr(dot + 1));
        if (!f || !f->write)
            throw std::invalid_argument("cannot tell a writable format from '" + path +
                                        "'; pass format= (nonolab.formats() lists them)");
        format = f->name;
    }
    std::vector<Puzzle> list;
    for (const auto& p : puzzles) list.push_back(p.puzzle());
    io::write_file_atomic(path, io::write_puzzles(list, format));
}

py::list formats() {
    py::list out;
    for (const io::Format& f : io::formats()) {
        py::dict d;
        d["name"] = f.name;
        d["extensions"] = f.extensions;
        d["description"] = f.description;
        d["read"] = f.read != nullptr;
        d["write"] = f.write != nullptr;
        d["several"] = f.several;
        out.append(d);
    }
    return out;
}

// Puzzle.from_clues and Puzzle.from_grid.
void bind_constructors(py::class_<PyPuzzle>& cls) {
    cls.def_static(
           "from_clues",
           [](const py::object& rows, const py::object& cols, const py::object& palette,
              const std::string& name) {
               const Palette pal =
                   palette.is_none() ? black_and_white_palette() : palette_of(palette);
               auto r = clues_of(rows, pal, "row");
               auto c = clues_of(cols, pal, "column");
               PuzzleInfo info;
               info.title = name;
               const int width = static_cast<int>(c.size()), height = static_cast<int>(r.size());
               return make_py_puzzle(Puzzle(width, height, std::move(r), std::move(c), pal, info));
           },
           py::arg("rows"), py::arg("cols"), py::arg("palette") = py::none(), py::arg("name") = "")
        .def_static(
            "from_grid",
            [](const py::object& array, const py::object& palette, const std::string& name) {
                const Palette pal =
                    palette.is_none() ? black_and_white_palette() : palette_of(palette);
                PuzzleInfo info;
                info.title = name;
                return make_py_puzzle(puzzle_from_picture(
                    array_to_grid(array, static_cast<int>(pal.size())), pal, info));
            },
            py::arg("array"), py::arg("palette") = py::none(), py::arg("name") = "");
}

// The read-only properties: size, clues, palette, origin, goal.
void bind_properties(py::class_<PyPuzzle>& cls) {
    cls.def_property_readonly("width", [](const PyPuzzle& p) { return p.puzzle().width(); })
        .def_property_readonly("height", [](const PyPuzzle& p) { return p.puzzle().height(); })
        .def_property_readonly("rows",
                               [](const PyPuzzle& p) {
                                   return clues_to_python(p.puzzle().rows(),
                                                          p.puzzle().black_and_white());
                               })
        .def_property_readonly("cols",
                               [](const PyPuzzle& p) {
                                   return clues_to_python(p.puzzle().columns(),
                                                          p.puzzle().black_and_white());
                               })
        .def_property_readonly("palette",
                               [](const PyPuzzle& p) {
                                   py::list out;
                                   for (const Colour& c : p.puzzle().palette())
                                       out.append(py::make_tuple(c.name, "#" + io::rgb_hex(c.rgb),
                                                                 std::string(1, c.symbol)));
                                   return out;
                               })
        .def_property_readonly("black_and_white",
                               [](const PyPuzzle& p) { return p.puzzle().black_and_white(); })
        .def_property_readonly("name", [](const PyPuzzle& p) { return p.ref.name; })
        .def_property_readonly("source", [](const PyPuzzle& p) { return p.ref.source; })
        .def_property_readonly("index", [](const PyPuzzle& p) { return p.ref.index; })
        .def_property_readonly("group", [](const PyPuzzle& p) { return p.ref.group; })
        .def_property_readonly("goal", [](const PyPuzzle& p) -> py::object {
            const auto& goal = p.puzzle().info().goal;
            if (!goal) return py::none();
            return grid_to_array(*goal);
        });
}

// Pictures (SVG, text), repr and equality.
void bind_pictures(py::class_<PyPuzzle>& cls) {
    cls.def(
           "svg",
           [](const PyPuzzle& p, const py::object& grid, bool clues, int cell) {
               if (cell < 1 || cell > 200) throw std::invalid_argument("cell must be 1..200 px");
               const auto g = drawable_grid(p, grid);
               return io::render_svg(p.puzzle(), g ? &*g : nullptr, {clues, cell});
           },
           py::arg("grid") = py::none(), py::arg("clues") = true, py::arg("cell") = 16)
        .def(
            "text",
            [](const PyPuzzle& p, const py::object& grid, bool clues, bool unicode) {
                const auto g = drawable_grid(p, grid);
                return io::render_text(p.puzzle(), g ? &*g : nullptr, {clues, unicode, false});
            },
            py::arg("grid") = py::none(), py::arg("clues") = true, py::arg("unicode") = true)
        .def("_repr_svg_",
             [](const PyPuzzle& p) { return io::render_svg(p.puzzle(), nullptr, {}); })
        .def("__repr__", &repr)
        .def("__str__",
             [](const PyPuzzle& p) {
                 return io::render_text(p.puzzle(), nullptr, {true, true});
             })
        // Equal clues and palette (titles and goals aside); unhashable, like a list.
        .def(
            "__eq__",
            [](const PyPuzzle& a, const PyPuzzle& b) { return a.puzzle().same_clues(b.puzzle()); },
            py::is_operator());
}

}  // namespace

void bind_puzzle(py::module_& m) {
    py::class_<PyPuzzle> cls(m, "Puzzle");
    bind_constructors(cls);
    bind_properties(cls);
    bind_pictures(cls);
    m.def("read", &read, py::arg("path"), py::arg("format") = "",
          py::arg("indices") = std::vector<int>{});
    m.def("write", &write, py::arg("path"), py::arg("puzzles"), py::arg("format") = "");
    m.def("formats", &formats);
    m.def("is_dataset_spec", &io::is_dataset_spec, py::arg("text"));
    m.def(
        "ndom",
        [](int n) {
            if (n < 1 || n > 200) throw std::invalid_argument("ndom: n must be 1..200");
            return make_py_puzzle(gen::ndom(n));
        },
        py::arg("n"));
}

}  // namespace nonolab::python
