// NonoDataset boards as NumPy arrays: nonolab.dataset (io::load_dataset,
// the specs every command reads) and nonolab.generate (the dataset
// generators, cut into the same shards as `nonolab generate`, so a seed
// gives the boards the CLI writes to its .npz shards, in the same order).
#include <pybind11/stl.h>

#include "batch/board_sources.hpp"
#include "bindings.hpp"
#include "core/board_size.hpp"
#include "gen/shards.hpp"
#include "interruptible.hpp"
#include "io/clue_encoding.hpp"
#include "io/nonodataset.hpp"

namespace nonolab::python {

namespace {

// Boards of n x n (or width x height) cells as an (N, H, W) array, and
// their clue vectors as (N, clue_vector_size(n)) when square, else None.
py::tuple boards_to_arrays(const std::vector<std::uint8_t>& cells, int width, int height) {
    const auto size = static_cast<py::ssize_t>(width) * height;
    const py::ssize_t count = size ? static_cast<py::ssize_t>(cells.size()) / size : 0;
    py::array_t<std::uint8_t> y(
        {count, static_cast<py::ssize_t>(height), static_cast<py::ssize_t>(width)});
    std::copy(cells.begin(), cells.end(), y.mutable_data());
    if (width != height) return py::make_tuple(py::none(), y);
    const py::ssize_t xs = io::clue_vector_size(width);
    py::array_t<std::uint8_t> x({count, xs});
    for (py::ssize_t i = 0; i < count; ++i)
        io::encode_board_clues(cells.data() + i * size, width, x.mutable_data() + i * xs);
    return py::make_tuple(x, y);
}

py::tuple dataset(const std::string& spec, const std::string& shared) {
    io::DatasetOptions options;
    options.shared_dir = shared;
    io::Dataset data;
    {
        py::gil_scoped_release release;  // reading and inflating can take seconds
        data = io::load_dataset(spec, options);
    }
    const auto count = static_cast<py::ssize_t>(data.size());
    const auto n = static_cast<py::ssize_t>(data.n);
    const py::ssize_t xs = count ? static_cast<py::ssize_t>(data.x.size()) / count : 0;
    py::array_t<std::uint8_t> x({count, xs});
    py::array_t<std::uint8_t> y({count, n, n});
    std::copy(data.x.begin(), data.x.end(), x.mutable_data());
    std::copy(data.y.begin(), data.y.end(), y.mutable_data());
    return py::make_tuple(x, y);
}

py::tuple generate(const std::string& kind, std::uint64_t count, int width, int height,
                   std::uint64_t seed, bool reflections, bool unique_only, double timeout,
                   std::uint64_t shard_size, const std::string& figure_setting,
                   int figures_per_board) {
    gen::ShardOptions so;
    so.shard_size = shard_size;
    so.seed = seed;
    so.reflections = reflections;
    so.unique_only = unique_only;
    so.timeout_seconds = timeout;
    so.validate();
    batch::BoardSourceOptions bo;  // as `nonolab generate --KIND` (batch/board_sources.hpp)
    bo.kind = kind;
    bo.count = count;
    bo.width = width;
    bo.height = height;
    bo.figures = figure_setting;
    bo.figures_per_board = figures_per_board;
    const gen::BoardSource src = batch::board_source(bo);
    std::vector<std::uint8_t> cells;
    run_interruptible([&](const std::atomic<bool>* cancel) {
        for (std::uint64_t k = 1; k <= gen::shard_count(src, so); ++k) {
            const gen::ShardStats s = gen::run_shard(
                src, so, k,
                [&](const Grid& board, const gen::BoardInfo&) {
                    cells.insert(cells.end(), board.cells().begin(), board.cells().end());
                    return true;
                },
                cancel);
            if (s.stopped) return;
        }
    });
    return boards_to_arrays(cells, width, height);
}

}  // namespace

void bind_dataset(py::module_& m) {
    m.def(
        "_parse_board_size",
        [](const std::string& text) {
            const BoardSize s = parse_board_size(text);
            return py::make_tuple(s.width, s.height);
        },
        py::arg("text"));
    m.def("_dataset", &dataset, py::arg("spec"), py::arg("shared"));
    m.def("_generate", &generate, py::arg("kind"), py::arg("count"), py::arg("width"),
          py::arg("height"), py::arg("seed"), py::arg("reflections"), py::arg("unique_only"),
          py::arg("timeout"), py::arg("shard_size"), py::arg("figure_setting"),
          py::arg("figures_per_board"));
}

}  // namespace nonolab::python
