// nonolab convert / formats: format conversion and the list of formats.
#include <iostream>
#include <memory>

#include "commands.hpp"
#include "core/error.hpp"
#include "io/formats.hpp"
#include "io/text.hpp"

namespace nonolab::cli {

namespace {

struct ConvertArgs {
    std::string in, out, from, to;
    std::vector<int> indices;
};

int run_convert(const ConvertArgs& a) {
    std::vector<Puzzle> puzzles;
    try {
        puzzles = io::read_puzzles(a.in, a.from);
    } catch (const ParseError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    if (!a.indices.empty()) {
        std::vector<Puzzle> picked;
        for (int k : a.indices) {
            if (k > static_cast<int>(puzzles.size())) {
                std::cerr << "error: " << a.in << " holds " << puzzles.size()
                          << " puzzle(s); there is no --index " << k << "\n";
                return kExitUsage;
            }
            picked.push_back(puzzles[k - 1]);
        }
        puzzles = std::move(picked);
    }
    std::string to = a.to;
    if (to.empty()) {
        const size_t dot = a.out.find_last_of('.');
        const io::Format* f =
            dot == std::string::npos ? nullptr : io::find_format(a.out.substr(dot + 1));
        if (!f || !f->write) {
            std::cerr << "error: cannot tell the output format from '" << a.out
                      << "'; name one with --to (writable: ";
            bool first = true;
            for (const io::Format& g : io::formats())
                if (g.write) std::cerr << (first ? "" : ", ") << g.name, first = false;
            std::cerr << ")\n";
            return kExitUsage;
        }
        to = f->name;
    }
    try {
        const std::string text = io::write_puzzles(puzzles, to);
        if (a.out == "-")
            std::cout << text;
        else
            io::write_file_atomic(a.out, text);
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
    if (a.out != "-")
        std::cerr << "wrote " << puzzles.size() << " puzzle(s) to " << a.out << " (" << to << ")\n";
    return kExitOk;
}

}  // namespace

void add_convert(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* sub = app.add_subcommand(
        "convert",
        "Convert a puzzle file to another format, chosen by OUT's extension or --to.\n"
        "OUT may be '-' for standard output. The output file is written whole or not at\n"
        "all. Run 'nonolab formats' for the formats that can be written.\n"
        "Example: nonolab convert examples/heart.non heart.xml");
    sub->add_option("in", args->in, "Input puzzle file")->required()->check(CLI::ExistingFile);
    sub->add_option("out", args->out, "Output file, or - for stdout")->required();
    sub->add_option("--from", args->from, "Input format (default: detect)");
    sub->add_option("--to", args->to, "Output format (default: from OUT's extension)");
    sub->add_option("--index", args->indices,
                    "Convert only these puzzles (1-based; repeatable). Needed when a file of "
                    "several puzzles goes to a one-puzzle format")
        ->check(CLI::PositiveNumber);
    sub->callback([args, &exit_code] { exit_code = run_convert(*args); });
}

void add_formats(CLI::App& app, int& exit_code) {
    CLI::App* sub = app.add_subcommand("formats", "List the puzzle file formats nonolab knows");
    sub->callback([&exit_code] {
        std::cout << "name      read write  extensions      description\n";
        for (const io::Format& f : io::formats()) {
            std::string ext;
            for (const auto& e : f.extensions) ext += (ext.empty() ? "." : " .") + e;
            if (ext.empty()) ext = "(detected)";
            std::printf("%-9s %-4s %-6s %-15s %s\n", f.name, f.read ? "yes" : "-",
                        f.write ? "yes" : "-", ext.c_str(), f.description);
        }
        exit_code = kExitOk;
    });
}

}  // namespace nonolab::cli
