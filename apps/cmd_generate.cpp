// nonolab generate: make puzzles and datasets.
//   --ndom N                 the n-Dom benchmark family (one puzzle)
//   --all N | --noise COUNT | --figures COUNT | --from-image FILE...
//                            boards for network training (Buades Rubio et al.
//                            2024, section 3.1), optionally with their eight
//                            reflections and only the unique ones
// Output: a .npz name gives sharded NonoDataset files (x_NAME-00001.npz with
// the clue vectors, y_NAME-00001.npz with the boards; io/npz_writer.hpp);
// any other name, one puzzle per board in a puzzle format. From images, each
// puzzle's uniqueness is reported (the puzzle maker's question).
//
// Shard k is a pure function of the options, --seed and k (gen/shards.hpp),
// so shards can be made apart (--shards) and later by the batch runner.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "batch/batch.hpp"
#include "batch/board_sources.hpp"
#include "batch/image_plugin.hpp"
#include "batch_cli.hpp"
#include "commands.hpp"
#include "core/board_size.hpp"
#include "core/error.hpp"
#include "core/picture.hpp"
#include "core/verify.hpp"
#include "gen/ndom.hpp"
#include "gen/npz_shards.hpp"
#include "gen/random_colour.hpp"
#include "gen/shards.hpp"
#include "io/colours.hpp"
#include "io/formats.hpp"
#include "io/npz_writer.hpp"
#include "io/text.hpp"
#include "progress.hpp"

namespace nonolab::cli {

namespace {

constexpr std::uint64_t kMaxFileBoards = 100'000;  // puzzles in one non-.npz file

struct GenerateArgs {
    int ndom = 0;
    int all = 0;
    std::uint64_t noise = 0, figures = 0;
    std::string figure_setting = "nonodataset";  ///< --figure-setting (gen/figures_options.hpp)
    int figures_per_board = 0;                   ///< --figures-per-board (0 = the setting's)

    std::string random;       ///< --random WxH: random boards of this size
    std::uint64_t count = 1;  ///< --count: how many --random boards
    int colours = 1;          ///< --colours K: colours besides the background
    double density = 0.5;     ///< --density: chance that a --random cell is not background
    std::string palette;      ///< --palette: colours for --from-image, background first
    std::vector<std::string> images;
    std::string method = "otsu-inv";
    int dedupe_distance = 0;
    std::string size = "10";
    bool reflections = false, unique_only = false;
    std::uint64_t seed = 1;
    std::string out = "-";
    std::string to;
    std::uint64_t shard_size = 100000;
    int threads = 0;   ///< --threads: shards made at once (0 = all cores)
    bool mpi = false;  ///< --mpi: spread the shards over an MPI job's ranks
    std::string shards;
    double timeout = 10;
};

using io::parse_int;

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// "N" or "WxH" (core/board_size.hpp).
std::pair<int, int> parse_size(const std::string& s, const std::string& flag) {
    try {
        const BoardSize size = parse_board_size(s);
        return {size.width, size.height};
    } catch (const std::invalid_argument& e) {
        throw UsageError(flag + ": " + e.what());
    }
}

// "K" or "A-B" (1-based, inclusive) within 1..n.
std::pair<std::uint64_t, std::uint64_t> parse_shards(const std::string& s, std::uint64_t n) {
    if (s.empty()) return {1, n};
    const size_t dash = s.find('-');
    const auto a = parse_int(io::trim(s.substr(0, dash)));
    const auto b = dash == std::string::npos ? a : parse_int(io::trim(s.substr(dash + 1)));
    if (!a || !b || *a < 1 || *b < *a)
        throw UsageError("--shards: expected K or A-B with 1 <= A <= B, got '" + s + "'");
    if (static_cast<std::uint64_t>(*b) > n)
        throw UsageError("--shards " + s + ": this run has " + std::to_string(n) + " shard(s)");
    return {static_cast<std::uint64_t>(*a), static_cast<std::uint64_t>(*b)};
}

std::string describe_verdict(const exact::ExactResult& r, double timeout) {
    switch (r.status) {
        case Status::unique:
            if (r.stats.nodes == 0)
                return "unique (proven: line solving and probing decide every cell, no guessing)";
            return "unique (proven: the exact search explored its whole tree, " +
                   std::to_string(r.stats.nodes) + " branch nodes, and found one solution)";
        case Status::multiple: {
            int diff = 0;
            if (r.solutions.size() >= 2)
                for (int i = 0; i < r.solutions[0].size(); ++i)
                    diff += r.solutions[0].cells()[i] != r.solutions[1].cells()[i];
            return "multiple (proven: two different solutions found, differing in " +
                   std::to_string(diff) + " cells)";
        }
        case Status::timeout:
            return "timeout (no verdict within " + std::to_string(static_cast<int>(timeout)) +
                   " s; try a larger --timeout)";
        default:
            return std::string(to_string(r.status));
    }
}

// The boards to make, as a shardable source.
gen::BoardSource make_source(const GenerateArgs& a, int width, int height) {
    const int sources = (a.all > 0) + (a.noise > 0) + (a.figures > 0) +
                        (!a.images.empty() ? 1 : 0) + (!a.random.empty() ? 1 : 0);
    if (sources == 0)
        throw UsageError(
            "say what to generate: --ndom N, --all N, --noise COUNT, --figures COUNT, "
            "--random WxH or --from-image FILE... (see --help)");
    if (sources > 1)
        throw UsageError("give one of --all, --noise, --figures, --random, --from-image per run");
    if (a.colours != 1 && a.random.empty())
        throw UsageError("--colours goes with --random or --from-image");
    if ((a.figure_setting != "nonodataset" || a.figures_per_board != 0) && a.figures == 0)
        throw UsageError("--figure-setting and --figures-per-board go with --figures");
    if (a.images.empty()) {  // a kind of boards (batch/board_sources.hpp)
        batch::BoardSourceOptions o;
        o.kind = a.all > 0 ? "all" : a.noise > 0 ? "noise" : a.figures > 0 ? "figures" : "random";
        o.count = a.noise + a.figures + (a.random.empty() ? 0 : a.count);
        o.width = width;
        o.height = height;
        o.colours = a.colours;
        o.density = a.density;
        o.figures = a.figure_setting;
        o.figures_per_board = a.figures_per_board;
        try {
            return batch::board_source(o);
        } catch (const std::invalid_argument& e) {
            throw UsageError(a.all > 0 ? "--all " + std::to_string(a.all) + ": " + e.what()
                                       : e.what());
        }
    }
    // Pictures: OpenCV, in the image plugin, loaded now (batch/image_plugin.hpp).
    std::vector<gen::ImageMethod> methods;
    if (a.method == "all")
        methods.assign(gen::kImageMethods.begin(), gen::kImageMethods.end());
    else
        try {
            methods.push_back(gen::parse_image_method(a.method));
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--method: ") + e.what() + ", or all");
        }
    gen::ImageToBoardOptions o;
    o.width = width;
    o.height = height;
    const gen::Dedupe d = batch::image_plugin().dedupe_images(a.images, a.dedupe_distance);
    for (const auto& [dropped, kept] : d.dropped)
        std::cerr << "note: " << a.images[dropped] << " skipped: a near-duplicate of "
                  << a.images[kept] << " (average hash)\n";
    std::vector<std::string> kept;
    for (std::size_t i : d.kept) kept.push_back(a.images[i]);
    return batch::image_plugin().image_source(kept, methods, o);
}

int run_ndom(const GenerateArgs& a) {
    std::string to = a.to;
    if (to.empty()) {
        const size_t dot = a.out.find_last_of('.');
        const io::Format* f =
            dot == std::string::npos ? nullptr : io::find_format(a.out.substr(dot + 1));
        to = f && f->write ? f->name : "non";
    }
    return write_output(a.out, [&] { return io::write_puzzles({gen::ndom(a.ndom)}, to); });
}

void print_summary(const gen::ShardStats& s, bool checked) {
    std::cerr << "generated " << s.generated << " board(s), wrote " << s.emitted;
    if (checked)
        std::cerr << "; unique " << s.unique << ", multiple " << s.multiple << ", timeout "
                  << s.timeouts;
    std::cerr << "\n";
}

// Sharded NonoDataset files.
int run_npz(const GenerateArgs& a, const gen::BoardSource& src, const gen::ShardOptions& so,
            int width, int height) {
    if (width != height)
        throw UsageError("the NonoDataset layout (.npz) holds square boards; got --size " +
                         std::to_string(width) + "x" + std::to_string(height));
    const std::uint64_t n = gen::shard_count(src, so);
    // Plain variables, not a structured binding: a lambda below captures
    // `first`, which clang before 16 refuses for a binding.
    const auto shards = parse_shards(a.shards, n);
    const std::uint64_t first = shards.first, last = shards.second;
    std::uint64_t total = 0;
    for (std::uint64_t k = first; k <= last; ++k) {
        const auto [b, e] = gen::shard_range(src, so, k);
        total += e - b;
    }
    (void)total;
    const std::filesystem::path parent = std::filesystem::path(a.out).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent);

    // The shards are a batch (src/batch/batch.hpp): unit u is shard first+u,
    // a pure function of (options, --seed, k) that writes its own two files
    // atomically, so threads or MPI ranks (on a shared filesystem) can make
    // them in any order. The unit's text carries its counts to rank 0.
    std::unique_ptr<batch::MpiSession> session;
    if (!join_mpi_or_report(a.mpi, session)) return kExitUsage;
    batch::Batch batch;
    batch.size = last - first + 1;
    batch.run = [&](std::uint64_t u,
                    const std::atomic<bool>* cancel) -> std::optional<batch::UnitResult> {
        const std::uint64_t k = first + u;
        const gen::NpzShardResult r = gen::write_npz_shard(src, so, k, width, a.out, cancel);
        if (r.stats.stopped) return std::nullopt;
        const gen::ShardStats& t = r.stats;
        // "k generated emitted unique multiple timeouts rows": parsed by the sink below.
        std::string text = std::to_string(k);
        for (std::uint64_t v : {t.generated, t.emitted, t.unique, t.multiple, t.timeouts, r.rows})
            text += " " + std::to_string(v);
        return batch::UnitResult{text, r.rows == 0, 0};
    };
    gen::ShardStats sum;
    std::vector<std::uint64_t> empty_shards;
    batch.sink = [&](std::uint64_t, const batch::UnitResult& r) {
        std::istringstream in(r.text);
        std::uint64_t k = 0, rows = 0;
        gen::ShardStats t;
        in >> k >> t.generated >> t.emitted >> t.unique >> t.multiple >> t.timeouts >> rows;
        sum += t;
        if (rows == 0) empty_shards.push_back(k);
    };
    Progress progress(static_cast<long>(batch.size));
    batch.on_progress = [&](const batch::BatchProgress& p) {
        progress.update(static_cast<long>(p.done), batch::format_progress(p, "shards"));
    };
    batch::BatchOptions bo;
    bo.threads = a.threads;
    bo.mpi = session.get();
    const batch::BatchOutcome out = batch::run_batch(batch, bo, &g_interrupted);
    progress.clear();
    if (!out.leader) return kExitOk;  // rank 0 reports for the whole job
    if (session) std::cerr << batch::format_ranks(out) << "\n";
    for (std::uint64_t k : empty_shards)
        std::cerr << "note: shard " << k << " kept no board; "
                  << io::dataset_shard_path(a.out, 'x', k) << " not written\n";
    if (out.dropped > 0) {
        std::cerr << "interrupted: " << out.dropped << " shard(s) not written; every written "
                  << "shard is complete (rerun the missing ones with --shards)\n";
        print_summary(sum, so.unique_only);
        return kExitUnsolved;
    }
    std::cerr << src.name << ": shards " << first << " to " << last << " of " << n << " -> "
              << io::dataset_shard_path(a.out, 'x', first) << " ... (and y_)\n";
    print_summary(sum, so.unique_only);
    return kExitOk;
}

// The puzzle format to write: --to, else the output's extension, else .non.
std::string output_format(const GenerateArgs& a) {
    if (!a.to.empty()) return a.to;
    const size_t dot = a.out.find_last_of('.');
    const io::Format* f =
        dot == std::string::npos ? nullptr : io::find_format(a.out.substr(dot + 1));
    if (a.out != "-" && dot != std::string::npos && (!f || !f->write))
        throw UsageError("cannot write puzzles to '" + a.out +
                         "': use .npz for a dataset, or a puzzle format (see nonolab "
                         "formats), or --to");
    return f && f->write ? f->name : "non";
}

// One puzzle per board in a puzzle file; from images, each verdict reported.
int run_file(const GenerateArgs& a, const gen::BoardSource& src, gen::ShardOptions so,
             bool report) {
    const std::string to = output_format(a);
    const std::uint64_t boards = src.count * (so.reflections ? 8 : 1);
    if (boards > kMaxFileBoards)
        throw UsageError("count too large for one puzzle file: " + std::to_string(boards) +
                         " puzzles (at most " + std::to_string(kMaxFileBoards) +
                         "); write a .npz dataset instead");
    so.check = so.check || report;
    const std::uint64_t n = gen::shard_count(src, so);
    const auto [first, last] = parse_shards(a.shards, n);
    std::vector<Puzzle> puzzles;
    gen::ShardStats sum;
    Progress progress(static_cast<long>(src.count));
    long done = 0;
    for (std::uint64_t k = first; k <= last; ++k) {
        const gen::ShardStats s = gen::run_shard(
            src, so, k,
            [&](const Grid& board, const gen::BoardInfo& info) {
                PuzzleInfo pi;
                pi.title = src.label ? src.label(info.item)
                                     : src.name + " #" + std::to_string(info.item + 1);
                if (so.reflections) pi.title += " " + nn::reflection_name(info.reflection);
                Puzzle p = puzzle_from_picture(board, src.palette, pi);
                if (info.verdict && info.reflection == nn::Reflection::rc) {
                    const exact::ExactResult& v = *info.verdict;
                    // Every verdict rests on solutions the independent verify accepts.
                    for (const Grid& g : v.solutions)
                        if (!verify(p, g))
                            throw std::logic_error("a solution of " + pi.title + " failed verify");
                    if (report) {
                        progress.clear();
                        std::cerr << pi.title << " (" << board.width() << "x" << board.height()
                                  << "): " << describe_verdict(v, so.timeout_seconds) << "\n";
                    }
                }
                puzzles.push_back(std::move(p));
                if (info.reflection == nn::Reflection::rc) progress.update(++done, src.name);
                return true;
            },
            &g_interrupted);
        sum += s;
        if (s.stopped) {
            progress.clear();
            std::cerr << "interrupted: nothing written\n";
            return kExitUnsolved;
        }
    }
    progress.clear();
    if (puzzles.empty()) {
        std::cerr << "no board kept; nothing written\n";
        print_summary(sum, so.check || so.unique_only);
        return kExitOk;
    }
    const int code = write_output(a.out, [&] { return io::write_puzzles(puzzles, to); });
    if (code == kExitOk && (so.unique_only || !report || puzzles.size() > 1))
        print_summary(sum, so.check || so.unique_only);
    return code;
}

// "ffffff,000000,red": colour names or hex, the background first.
std::vector<std::uint32_t> parse_palette(const std::string& text) {
    std::vector<std::uint32_t> rgbs;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        item = io::trim(item);
        const auto rgb = io::parse_hex_rgb(item) ? io::parse_hex_rgb(item)
                                                 : io::rgb_of_colour_name(io::to_lower(item));
        if (!rgb)
            throw UsageError("--palette: '" + item +
                             "' is neither RRGGBB hex nor a colour name (e.g. "
                             "ffffff,000000,d62728 or white,black,red)");
        rgbs.push_back(*rgb);
    }
    if (rgbs.size() < 2)
        throw UsageError(
            "--palette: give the background and at least one colour, e.g. "
            "white,black,red");
    return rgbs;
}

// Colour puzzles from pictures (--from-image with --colours K or --palette):
// each picture quantised, its puzzle solved for its verdict, reported.
int run_colour_images(const GenerateArgs& a, int width, int height) {
    if (a.reflections || !a.shards.empty() || a.method != "otsu-inv")
        throw UsageError("--reflections, --shards and --method do not apply to colour pictures");
    gen::ColourImageOptions o;
    o.width = width;
    o.height = height;
    o.colours = a.colours;
    o.seed = a.seed;
    if (!a.palette.empty()) o.palette = parse_palette(a.palette);
    try {
        o.validate();
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    const std::string to = output_format(a);
    exact::ExactOptions eo;
    eo.max_solutions = 2;
    eo.timeout_seconds = a.timeout;
    std::vector<Puzzle> puzzles;
    Progress progress(static_cast<long>(a.images.size()));
    for (const std::string& path : a.images) {
        const gen::ColourBoard cb = batch::image_plugin().colour_image_board(path, o);
        PuzzleInfo info;
        info.title = std::filesystem::path(path).filename().string();
        Puzzle p = puzzle_from_picture(cb.board, cb.palette, info);
        const exact::ExactResult v = exact::solve_exact(p, eo, &g_interrupted);
        if (g_interrupted) {
            progress.clear();
            std::cerr << "interrupted: nothing written\n";
            return kExitUnsolved;
        }
        for (const Grid& g : v.solutions)
            if (!verify(p, g)) throw std::logic_error("a solution of " + path + " failed verify");
        progress.clear();
        std::cerr << path << " (" << width << "x" << height << ", " << cb.palette.size() - 1
                  << " colour(s)): " << describe_verdict(v, a.timeout) << "\n";
        progress.update(static_cast<long>(puzzles.size() + 1), "pictures");
        if (a.unique_only && v.status != Status::unique) continue;
        puzzles.push_back(std::move(p));
    }
    progress.clear();
    if (puzzles.empty()) {
        std::cerr << "no puzzle kept; nothing written\n";
        return kExitOk;
    }
    return write_output(a.out, [&] { return io::write_puzzles(puzzles, to); });
}

int run_generate(const GenerateArgs& a) {
    try {
        if (a.ndom > 0) {
            if (a.all || a.noise || a.figures || !a.images.empty())
                throw UsageError("--ndom makes one puzzle; give it alone");
            return run_ndom(a);
        }
        if (!a.random.empty() && a.size != "10")
            throw UsageError("--random WxH gives the size; drop --size");
        const auto [width, height] = a.all > 0           ? std::pair{a.all, a.all}
                                     : !a.random.empty() ? parse_size(a.random, "--random")
                                                         : parse_size(a.size, "--size");
        gen::ShardOptions so;
        so.shard_size = a.shard_size;
        so.seed = a.seed;
        so.reflections = a.reflections;
        so.unique_only = a.unique_only;
        so.timeout_seconds = a.timeout;
        try {
            so.validate();
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--shard-size: ") + e.what());
        }
        if (!a.images.empty() && (a.colours != 1 || !a.palette.empty()))
            return run_colour_images(a, width, height);
        if (!a.palette.empty()) throw UsageError("--palette goes with --from-image");
        const bool npz = a.to == "npz" || (a.to.empty() && a.out.size() > 4 &&
                                           io::to_lower(a.out.substr(a.out.size() - 4)) == ".npz");
        const gen::BoardSource src = make_source(a, width, height);
        if (src.count == 0) throw UsageError("nothing to generate (no image left)");
        if (npz && (a.out.size() < 5 || io::to_lower(a.out.substr(a.out.size() - 4)) != ".npz"))
            throw UsageError("a dataset needs an output name ending in .npz, got '" + a.out + "'");
        if (npz && src.palette.size() > 2)
            throw UsageError("NonoDataset files (.npz) hold black-and-white boards; write " +
                             std::to_string(a.colours) + "-colour boards to a puzzle file");
        if (npz) return run_npz(a, src, so, width, height);
        return run_file(a, src, so, !a.images.empty());
    } catch (const UsageError& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return kExitUnreadable;
    }
}

}  // namespace

void add_generate(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<GenerateArgs>();
    CLI::App* sub = app.add_subcommand(
        "generate",
        "Generate puzzles and training datasets.\n"
        "  --ndom N: the n-Dom family of Wolter's survey (9-Dom is webpbn #8098), a\n"
        "  (2N+1)-square puzzle with one solution that line solving cannot start.\n"
        "  Dataset boards (Buades Rubio et al. 2024, section 3.1), one source per run:\n"
        "  --all N (every N x N board, N <= 5), --noise COUNT (cells filled with\n"
        "  probability 1/2), --figures COUNT (random lines, rectangles, circles:\n"
        "  --figure-setting nonodataset, fitted to NonoDataset's published boards,\n"
        "  or sparse, our first reading; docs/network.md),\n"
        "  --from-image FILE... (scaled to --size, then --method; near-duplicate\n"
        "  images dropped by average hash).\n"
        "  -o NAME.npz writes sharded NonoDataset files x_NAME-00001.npz (clues) and\n"
        "  y_NAME-00001.npz (boards) beside NAME; any other name writes one puzzle per\n"
        "  board in that format, and from images reports whether each is unique.\n"
        "Examples:\n"
        "  nonolab generate --ndom 12 -o 12dom.non\n"
        "  nonolab generate --all 5 -o data/all5.npz\n"
        "  nonolab generate --noise 100000 --size 10 --seed 3 -o data/noise10.npz\n"
        "  nonolab generate --from-image examples/cat.png --size 20x20 -o cat.non\n"
        "Colour puzzles:\n"
        "  --random WxH --colours K --density p --count N: random boards, each cell\n"
        "  a colour with chance p (uniform among K), else background.\n"
        "  --from-image FILE... --colours K (or --palette C0,C1,...): each picture\n"
        "  quantised to K colours plus a background, with its verdict.\n"
        "  nonolab generate --random 25x25 --colours 4 --density 0.6 --count 100 \\\n"
        "      --unique-only --seed 7 -o random4.non\n"
        "  nonolab generate --from-image logo.png --colours 3 --size 30x30 -o logo.non");
    sub->add_option("--ndom", args->ndom, "Generate the n-Dom puzzle for this N (1-200)")
        ->check(CLI::Range(1, 200));
    sub->add_option("--all", args->all, "Every N x N board, in order (N <= 5: 2^25 boards)")
        ->check(CLI::Range(1, 5));
    sub->add_option("--noise", args->noise,
                    "COUNT random boards, each cell filled with chance 1/2");
    sub->add_option("--figures", args->figures,
                    "COUNT boards of random lines, rectangles and circles (OpenCV)");
    sub->add_option("--figure-setting", args->figure_setting,
                    "--figures: nonodataset (13 one-pixel outlines and lines a 10x10 board, "
                    "scaled with the side: filled share 0.70, as NonoDataset's random boards) "
                    "or sparse (1-5 figures, half filled: share 0.42; before 2026-11-26)")
        ->capture_default_str();  // the names are checked by gen::figures_setting
    sub->add_option("--figures-per-board", args->figures_per_board,
                    "--figures: this many figures on every board instead of the setting's "
                    "(0 = the setting's; nonodataset: 13 for 10x10, 20 for 15x15)")
        ->check(CLI::Range(0, 10000))
        ->capture_default_str();
    sub->add_option("--from-image", args->images,
                    "Boards from these PNG/JPEG images (OpenCV); duplicates dropped");
    sub->add_option("--random", args->random,
                    "Random boards of this size WxH (or N): --count of them, --density, "
                    "--colours");
    sub->add_option("--count", args->count, "How many --random boards")->capture_default_str();
    sub->add_option("--colours,--colors", args->colours,
                    "K colours besides the background: for --random, and for --from-image "
                    "(k-means in CIELAB; the picture's light or most common colour is the "
                    "background)")
        ->check(CLI::Range(1, gen::kMaxRandomColours))
        ->capture_default_str();
    sub->add_option("--density", args->density,
                    "--random: chance that a cell is not background (then a colour, uniformly)")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    sub->add_option("--palette", args->palette,
                    "--from-image: map pixels to these colours instead of k-means, background "
                    "first (hex or names: white,black,d62728)");
    sub->add_option("--method", args->method,
                    "Image to board: canny, threshold (gray > 128), otsu, otsu-inv (dark = "
                    "filled), or all four")
        ->capture_default_str();
    sub->add_option("--dedupe-distance", args->dedupe_distance,
                    "Images whose average hashes differ in at most this many bits are duplicates")
        ->check(CLI::Range(0, 64))
        ->capture_default_str();
    sub->add_option("--size", args->size, "Board size N or WxH (.npz needs square)")
        ->capture_default_str();
    sub->add_flag("--reflections", args->reflections,
                  "Also emit the 7 other reflections of every board (8 in all)");
    sub->add_flag("--unique-only", args->unique_only,
                  "Keep only boards whose puzzle has exactly one solution (exact solver)");
    sub->add_option("--timeout", args->timeout,
                    "Seconds per board for the uniqueness check (0 = none)")
        ->check(CLI::NonNegativeNumber)
        ->capture_default_str();
    sub->add_option("--seed", args->seed, "Master seed; shard k uses derive_seed(seed, k)")
        ->capture_default_str();
    sub->add_option("-o,--output", args->out,
                    "Output: NAME.npz for dataset shards, else a puzzle file ('-' = stdout)")
        ->capture_default_str();
    sub->add_option("--to", args->to, "Output format (default: from the extension, else non)");
    sub->add_option("--shard-size", args->shard_size,
                    "Source boards per .npz shard (before --reflections and --unique-only)")
        ->capture_default_str();
    sub->add_option("--shards", args->shards, "Make only shard K or shards A-B (1-based)");
    sub->add_option("--threads,-j", args->threads,
                    "Shards made at once (.npz output; 0 = all cores)")
        ->check(CLI::NonNegativeNumber);
    add_mpi_flag(sub, args->mpi);
    sub->callback([args, &exit_code] { exit_code = run_generate(*args); });
}

}  // namespace nonolab::cli
