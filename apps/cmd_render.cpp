// nonolab render: draw a puzzle (clues and grid) on the terminal, as SVG or PNG,
// optionally with its solution or its goal image.

#include <iostream>
#include <memory>

#include "batch/image_plugin.hpp"
#include "commands.hpp"
#include "core/error.hpp"
#include "core/verify.hpp"
#include "exact/exact_solver.hpp"
#include "io/formats.hpp"
#include "io/render.hpp"
#include "io/text.hpp"
#include "terminal.hpp"

namespace nonolab::cli {

namespace {

struct RenderArgs {
    std::string file, format, svg, png;
    int index = 1;
    bool solve = false, goal = false, ascii = false, no_clues = false;
    double timeout = 10;
    int cell = 16;
};

int run_render(const RenderArgs& a) {
    // Only the puzzle --index names has to be readable.
    std::vector<io::Entry> entries;
    try {
        entries = io::read_entries(a.file, a.format);
    } catch (const ParseError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    if (a.index > static_cast<int>(entries.size())) {
        std::cerr << "error: " << a.file << " holds " << entries.size()
                  << " puzzle(s); there is no --index " << a.index << "\n";
        return kExitUsage;
    }
    const io::Entry& entry = entries[static_cast<std::size_t>(a.index - 1)];
    if (!entry.puzzle) {
        std::cerr << "error: " << a.file << " #" << a.index << ": " << entry.error << "\n";
        return kExitUnreadable;
    }
    if (!a.png.empty()) {
        try {
            batch::image_plugin();  // before any solve: a missing plugin is said at once
        } catch (const std::exception& e) {
            std::cerr << "error: --png: " << e.what() << "; use --svg\n";
            return kExitUsage;
        }
    }
    const Puzzle& p = *entry.puzzle;
    std::optional<Grid> grid;
    int code = kExitOk;
    if (a.goal) {
        if (!p.info().goal) {
            std::cerr << "error: " << a.file << " #" << a.index << " has no goal image\n";
            return kExitUsage;
        }
        grid = *p.info().goal;
    } else if (a.solve) {
        exact::ExactOptions opt;
        opt.max_solutions = 1;
        opt.timeout_seconds = a.timeout;
        try {
            const auto r = exact::solve_exact(p, opt, &g_interrupted);
            if (!r.solutions.empty() && verify(p, r.solutions[0])) {
                grid = r.solutions[0];
            } else {
                std::cerr << "note: no solution drawn (" << to_string(r.status) << ")\n";
                code = r.status == Status::contradiction ? kExitContradiction : kExitUnsolved;
            }
        } catch (const std::invalid_argument& e) {
            std::cerr << "note: no solution drawn (" << e.what() << ")\n";
        }
    }
    if (!a.svg.empty() || !a.png.empty()) {
        try {
            if (!a.svg.empty()) {
                io::SvgRenderOptions so;
                so.clues = !a.no_clues;
                so.cell = a.cell;
                io::write_file_atomic(a.svg, io::render_svg(p, grid ? &*grid : nullptr, so));
                std::cerr << "wrote " << a.svg << "\n";
            }
            if (!a.png.empty()) {
                io::PngRenderOptions po;
                po.clues = !a.no_clues;
                po.cell = a.cell;
                batch::image_plugin().write_png(a.png, p, grid ? &*grid : nullptr, po);
                std::cerr << "wrote " << a.png << "\n";
            }
        } catch (const std::invalid_argument& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUsage;
        } catch (const std::exception& e) {
            std::cerr << "error: " << e.what() << "\n";
            return kExitUnreadable;
        }
        return code;
    }
    io::TextRenderOptions to;
    to.clues = !a.no_clues;
    to.unicode = !a.ascii;
    to.ansi = !a.ascii && colour_terminal(stdout);
    if (!p.info().title.empty()) std::cout << p.info().title << "\n";
    std::cout << io::render_text(p, grid ? &*grid : nullptr, to);
    return code;
}

}  // namespace

void add_render(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<RenderArgs>();
    CLI::App* sub = app.add_subcommand(
        "render",
        "Draw a puzzle with its clues: on the terminal (default), as SVG or as PNG.\n"
        "Add --solve to fill in a solution, or --goal to show the file's goal image.\n"
        "Example: nonolab render examples/heart.non --solve --svg heart.svg");
    sub->add_option("file", args->file, "Puzzle file")->required()->check(CLI::ExistingFile);
    sub->add_option("--index", args->index, "Which puzzle of the file (1-based)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    sub->add_option("--format", args->format, "Read the file as this format");
    sub->add_option("--svg", args->svg, "Write an SVG picture to this file");
    sub->add_option("--png", args->png, "Write a PNG picture to this file (needs OpenCV)");
    sub->add_option("--cell", args->cell, "SVG/PNG cell size in pixels")->capture_default_str();
    sub->add_flag("--solve", args->solve, "Solve the puzzle and draw the solution");
    sub->add_flag("--goal", args->goal, "Draw the goal image stored in the file");
    sub->add_option("--timeout", args->timeout, "Time limit for --solve, in seconds")
        ->capture_default_str();
    sub->add_flag("--ascii", args->ascii, "Terminal picture with '#' and '.' only");
    sub->add_flag("--no-clues", args->no_clues, "Draw the grid without clues");
    sub->callback([args, &exit_code] { exit_code = run_render(*args); });
}

}  // namespace nonolab::cli
