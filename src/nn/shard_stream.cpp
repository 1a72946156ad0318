#include "nn/shard_stream.hpp"

#include <algorithm>
#include <atomic>
#include <functional>
#include <stdexcept>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "io/clue_encoding.hpp"
#include "io/npz.hpp"
#include "io/text.hpp"

namespace nonolab::nn {
namespace {

// derive_seed units of an epoch's seed: far above the batch numbers + 1 that
// seed the dropout masks (trainer.cpp), so no stream is drawn twice.
constexpr std::uint64_t kStripeUnit = 0x53545249504553ull;
constexpr std::uint64_t kWindowUnit = 0x57494E444F570000ull;

std::atomic<std::size_t> g_resident{0}, g_peak{0};

}  // namespace

// Counts boards in memory for as long as it lives. Outside the anonymous
// namespace: ShardStream::Window holds one, and a member of a named class
// must not have a type with internal linkage (-Wsubobject-linkage).
class Resident {
  public:
    Resident() = default;
    Resident(const Resident&) = delete;
    Resident& operator=(const Resident&) = delete;
    ~Resident() { g_resident -= count_; }
    void add(std::size_t boards) {
        count_ += boards;
        const std::size_t now = g_resident += boards;
        std::size_t peak = g_peak.load();
        while (now > peak && !g_peak.compare_exchange_weak(peak, now)) {
        }
    }

  private:
    std::size_t count_ = 0;
};

namespace {

// Boards p in [0, x) with p mod k == r.
std::size_t count_equal(std::size_t x, std::size_t k, std::size_t r) {
    return (x + k - 1 - r) / k;
}

// Boards of the part's positions [a, b) that pass the stride.
std::size_t count_passing(const PlannedShard& s, std::size_t a, std::size_t b) {
    if (s.every == 0) return b - a;
    const std::size_t eq =
        count_equal(b, s.every, s.every_rest) - count_equal(a, s.every, s.every_rest);
    return s.every_keep ? eq : (b - a) - eq;
}

// Where one shard's boards go: the training boards `wanted` (with their
// global indices) appended to x, y and ids, held-out boards to `held`. The
// caller reserves the planned sizes, so the buffers never grow by doubling.
struct ShardSink {
    std::vector<std::uint8_t>& x;
    std::vector<std::uint8_t>& y;
    std::vector<std::uint64_t>& ids;
    std::function<bool(std::uint64_t)> wanted;  // null: no training board wanted
    io::Dataset* held;                          // null: no held-out board wanted
};

void read_shard(const ShardPlan& plan, std::size_t k, ShardSink out) {
    const PlannedShard& s = plan.shards[k];
    const int n = plan.n;
    const std::size_t xs = static_cast<std::size_t>(io::clue_vector_size(n)),
                      ys = static_cast<std::size_t>(n) * n;
    Resident resident;  // the decoded files
    resident.add(s.rows);
    const io::NpzArray xa = io::read_npz_array(io::read_file_text(s.x_file), s.x_file);
    const io::NpzArray ya = io::read_npz_array(io::read_file_text(s.y_file), s.y_file);
    // The plan read the headers; a shard rewritten since then must not be
    // trained on with the old counts (a resume would skip the wrong boards).
    if (ya.count != s.rows || ya.values != ys)
        throw ParseError(s.y_file, 0,
                         "expected " + std::to_string(s.rows) + " boards of " + std::to_string(ys) +
                             " cells (as planned from its header), got " +
                             std::to_string(ya.count) + " of " + std::to_string(ya.values));
    if (xa.count != s.rows || xa.values != xs)
        throw ParseError(s.x_file, 0,
                         "expected " + std::to_string(s.rows) + " clue vectors of " +
                             std::to_string(xs) + " values (as " + s.y_file + "), got " +
                             std::to_string(xa.count) + " of " + std::to_string(xa.values));
    if (out.held) {
        out.held->n = n;
        out.held->name = plan.spec;
        out.held->x.reserve(out.held->x.size() + (s.kept - s.train) * xs);
        out.held->y.reserve(out.held->y.size() + (s.kept - s.train) * ys);
    }
    std::size_t pass = s.pass_before, kept = 0;
    for (std::size_t i = 0; i < s.rows; ++i) {
        const std::size_t p = s.raw_before + i;
        if (s.every != 0 && ((p % s.every == s.every_rest) != s.every_keep)) continue;
        const std::size_t q = pass++;
        if (q < s.slice_begin || q >= s.slice_end) continue;
        const std::uint8_t* cells = reinterpret_cast<const std::uint8_t*>(ya.bytes.data()) + i * ys;
        for (std::size_t c = 0; c < ys; ++c)
            if (cells[c] > 1)
                throw ParseError(s.y_file, 0,
                                 "board " + std::to_string(i + 1) +
                                     ": expected cells 0 or 1, got " + std::to_string(cells[c]));
        const std::uint8_t* clues = reinterpret_cast<const std::uint8_t*>(xa.bytes.data()) + i * xs;
        const std::uint64_t g = s.global_first + kept++;
        if (plan.held_out(g)) {
            if (out.held) {
                out.held->x.insert(out.held->x.end(), clues, clues + xs);
                out.held->y.insert(out.held->y.end(), cells, cells + ys);
            }
        } else if (out.wanted && out.wanted(g)) {
            out.x.insert(out.x.end(), clues, clues + xs);
            out.y.insert(out.y.end(), cells, cells + ys);
            out.ids.push_back(g);
        }
    }
}

void shuffle(std::vector<std::uint32_t>& v, std::uint64_t seed) {
    Rng rng(seed);
    for (std::size_t i = v.size(); i > 1; --i)
        std::swap(v[i - 1], v[rng.below(static_cast<std::uint32_t>(i))]);
}

std::vector<std::string> split_union(const std::string& spec) {
    std::vector<std::string> parts;
    std::size_t begin = 0;
    while (begin <= spec.size()) {
        std::size_t end = spec.find('+', begin);
        if (end == std::string::npos) end = spec.size();
        if (end == begin)
            throw std::invalid_argument("dataset spec '" + spec +
                                        "': an empty part around '+' (expected SPEC+SPEC)");
        parts.push_back(spec.substr(begin, end - begin));
        begin = end + 1;
    }
    return parts;
}

}  // namespace

std::size_t resident_boards() {
    return g_resident.load();
}
std::size_t peak_resident_boards() {
    return g_peak.load();
}
void reset_peak_resident_boards() {
    g_peak = g_resident.load();
}

bool ShardPlan::held_out(std::size_t g) const {
    if (validation <= 0) return false;
    const std::uint64_t h = derive_seed(validation_seed, g);
    return static_cast<double>(h >> 11) * 0x1.0p-53 < validation;
}

ShardPlan plan_shards(const std::string& spec, const io::DatasetOptions& options, double validation,
                      std::uint64_t seed) {
    ShardPlan plan;
    plan.spec = spec;
    plan.validation = validation;
    // The in-memory split's unit (trainer.cpp), for a seed of its own.
    plan.validation_seed = derive_seed(seed, 0x5EEDull);
    std::size_t global = 0;
    for (const std::string& part : split_union(spec)) {
        const io::DatasetSpec d = io::parse_dataset_spec(part, options);
        if (!d.minus_y.empty() || d.twins != 0)
            throw std::invalid_argument(
                "--stream: '" + part +
                "' picks boards by comparing their content with other files, which needs every "
                "board in memory; train it without --stream");
        std::vector<PlannedShard> shards;
        std::size_t raw = 0, pass = 0;
        for (std::size_t k = 0; k < d.x_files.size(); ++k) {
            const io::NpzShape xs = io::npz_array_shape(d.x_files[k]);
            const io::NpzShape ys = io::npz_array_shape(d.y_files[k]);
            int n = 0;
            while (static_cast<std::size_t>(n) * n < ys.values) ++n;
            if (static_cast<std::size_t>(n) * n != ys.values)
                throw ParseError(
                    d.y_files[k], 0,
                    "expected N*N board cells per row, got " + std::to_string(ys.values));
            if (xs.values != static_cast<std::size_t>(io::clue_vector_size(n)))
                throw ParseError(d.x_files[k], 0,
                                 "expected " + std::to_string(io::clue_vector_size(n)) +
                                     " clue values per row for " + std::to_string(n) + "x" +
                                     std::to_string(n) + " boards (as in " + d.y_files[k] +
                                     "), got " + std::to_string(xs.values));
            if (xs.count != ys.count)
                throw ParseError(d.x_files[k], 0,
                                 "holds " + std::to_string(xs.count) + " clue vectors but " +
                                     d.y_files[k] + " holds " + std::to_string(ys.count) +
                                     " boards");
            if (plan.n != 0 && plan.n != n)
                throw ParseError(d.x_files[k], 0,
                                 "holds " + std::to_string(n) + "x" + std::to_string(n) +
                                     " boards, the files before it " + std::to_string(plan.n) +
                                     "x" + std::to_string(plan.n));
            plan.n = n;
            PlannedShard s;
            s.x_file = d.x_files[k];
            s.y_file = d.y_files[k];
            s.rows = ys.count;
            s.every = d.every;
            s.every_rest = d.every_rest;
            s.every_keep = d.every_keep;
            s.raw_before = raw;
            s.pass_before = pass;
            pass += count_passing(s, raw, raw + s.rows);
            raw += s.rows;
            shards.push_back(s);
        }
        // The slice counts the boards that pass the stride (as load_dataset's).
        const std::size_t first = d.first - 1, last = d.last == 0 ? pass : d.last;
        if (d.first > pass || last > pass)
            throw std::invalid_argument("dataset spec '" + part + "': the slice goes past the " +
                                        std::to_string(pass) + " boards");
        for (PlannedShard& s : shards) {
            s.slice_begin = first;
            s.slice_end = last;
            const std::size_t a = std::max(s.pass_before, first);
            const std::size_t b = std::min(
                s.pass_before + count_passing(s, s.raw_before, s.raw_before + s.rows), last);
            s.kept = b > a ? b - a : 0;
            s.global_first = global;
            global += s.kept;
            for (std::size_t g = s.global_first; g < s.global_first + s.kept; ++g)
                if (!plan.held_out(g)) ++s.train;
            plan.train_boards += s.train;
            plan.validation_boards += s.kept - s.train;
            plan.shards.push_back(std::move(s));
        }
    }
    return plan;
}

ValidationBoards::ValidationBoards(const ShardPlan& plan)
    : plan_(plan), by_shard_(plan.shards.size()) {}

void ValidationBoards::keep(std::size_t k, io::Dataset boards) {
    if (!complete_ && !by_shard_[k]) by_shard_[k] = std::move(boards);
}

const io::Dataset& ValidationBoards::all() {
    if (complete_) return all_;
    all_.n = plan_.n;
    all_.name = plan_.spec + " (held out)";
    for (std::size_t k = 0; k < by_shard_.size(); ++k) {
        if (!by_shard_[k]) {
            std::vector<std::uint8_t> unused;
            std::vector<std::uint64_t> no_ids;
            io::Dataset held;
            read_shard(plan_, k, {unused, unused, no_ids, nullptr, &held});
            by_shard_[k] = std::move(held);
        }
        all_.x.insert(all_.x.end(), by_shard_[k]->x.begin(), by_shard_[k]->x.end());
        all_.y.insert(all_.y.end(), by_shard_[k]->y.begin(), by_shard_[k]->y.end());
        by_shard_[k].reset();  // kept once, in all_
    }
    complete_ = true;
    return all_;
}

struct ShardStream::Window {
    Resident resident;
    std::vector<std::uint8_t> x, y;
    std::vector<std::uint64_t> ids;
    std::vector<std::uint32_t> order;  ///< sample numbers: board * per_board + reflection
    std::vector<io::Dataset> held;     ///< per shard, if this window keeps them
};

ShardStream::ShardStream(const ShardPlan& plan, int per_board, std::uint64_t epoch_seed,
                         std::uint64_t skip, ValidationBoards* validation)
    : plan_(plan),
      per_board_(per_board),
      epoch_seed_(epoch_seed),
      window_seed_(derive_seed(epoch_seed, kStripeUnit)),
      validation_(validation) {
    const std::size_t windows =
        std::max<std::size_t>(1, (plan.shards.size() + kWindowShards - 1) / kWindowShards);
    window_boards_.assign(windows, 0);
    for (const PlannedShard& s : plan.shards)
        for (std::size_t g = s.global_first; g < s.global_first + s.kept; ++g)
            if (!plan.held_out(g)) ++window_boards_[window_of(g)];
    // Skip whole windows by their counts: nothing of them is read.
    std::uint64_t before = 0;
    std::size_t first = windows;
    for (std::size_t w = 0; w < windows; ++w) {
        const std::uint64_t samples = window_boards_[w] * per_board;
        total_ += samples;
        if (first == windows && skip < before + samples) {
            first = w;
            offset_ = skip - before;
        }
        before += samples;
    }
    next_window_ = first;
    if (first < windows) reader_ = std::thread([this, first] { reader_loop(first); });
}

ShardStream::~ShardStream() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    if (reader_.joinable()) reader_.join();
}

std::size_t ShardStream::window_of(std::uint64_t g) const {
    // The hash's top 32 bits scaled to [0, W): no modulo bias worth a name.
    const std::uint64_t h = derive_seed(window_seed_, g) >> 32;
    return static_cast<std::size_t>((h * window_boards_.size()) >> 32);
}

std::unique_ptr<ShardStream::Window> ShardStream::read_window(std::size_t w, bool keep_held) const {
    auto win = std::make_unique<Window>();
    const std::size_t boards = window_boards_[w];
    const std::size_t xs = static_cast<std::size_t>(io::clue_vector_size(plan_.n)),
                      ys = static_cast<std::size_t>(plan_.n) * plan_.n;
    win->resident.add(boards);
    win->x.reserve(boards * xs);
    win->y.reserve(boards * ys);
    win->ids.reserve(boards);
    if (keep_held) win->held.resize(plan_.shards.size());
    const auto in_window = [this, w](std::uint64_t g) { return window_of(g) == w; };
    for (std::size_t k = 0; k < plan_.shards.size(); ++k)
        read_shard(plan_, k,
                   {win->x, win->y, win->ids, in_window, keep_held ? &win->held[k] : nullptr});
    if (win->ids.size() != boards)  // the plan's counts, checked again by read_shard
        throw std::logic_error("stream window " + std::to_string(w + 1) + ": planned " +
                               std::to_string(boards) + " boards, read " +
                               std::to_string(win->ids.size()));
    win->order.resize(win->ids.size() * static_cast<std::size_t>(per_board_));
    for (std::size_t s = 0; s < win->order.size(); ++s)
        win->order[s] = static_cast<std::uint32_t>(s);
    shuffle(win->order, derive_seed(epoch_seed_, kWindowUnit + w));
    return win;
}

void ShardStream::reader_loop(std::size_t first) {
    for (std::size_t w = first; w < window_boards_.size(); ++w) {
        {
            // One window ahead at most: the bound on memory.
            std::unique_lock<std::mutex> lock(mutex_);
            changed_.wait(lock, [&] { return stop_ || !ready_; });
            if (stop_) return;
        }
        std::unique_ptr<Window> win;
        try {
            win = read_window(w, w == first);
        } catch (...) {
            std::lock_guard<std::mutex> lock(mutex_);
            error_ = std::current_exception();
            changed_.notify_all();
            return;
        }
        std::lock_guard<std::mutex> lock(mutex_);
        ready_ = std::move(win);
        changed_.notify_all();
    }
}

std::size_t ShardStream::take(std::size_t count, std::vector<StreamSample>& out) {
    out.clear();
    while (!current_ || offset_ >= current_->order.size()) {
        const bool first = !current_;
        current_.reset();  // frees its shards before the reader starts another
        if (!first) offset_ = 0;
        if (next_window_ >= window_boards_.size()) return 0;
        std::unique_ptr<Window> win;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            changed_.wait(lock, [&] { return ready_ || error_; });
            if (!ready_) std::rethrow_exception(error_);
            win = std::move(ready_);
        }
        changed_.notify_all();
        current_ = std::move(win);
        current_index_ = next_window_++;
        if (validation_)
            for (std::size_t k = 0; k < current_->held.size(); ++k)
                validation_->keep(k, std::move(current_->held[k]));
        current_->held.clear();
    }
    const int n = plan_.n;
    const std::size_t xs = static_cast<std::size_t>(io::clue_vector_size(n)),
                      ys = static_cast<std::size_t>(n) * n;
    const std::size_t k = std::min<std::uint64_t>(count, current_->order.size() - offset_);
    out.resize(k);
    for (std::size_t i = 0; i < k; ++i) {
        const std::uint32_t s = current_->order[offset_ + i];
        const std::size_t board = s / per_board_;
        StreamSample& o = out[i];
        o.clues = current_->x.data() + board * xs;
        o.board = current_->y.data() + board * ys;
        o.reflection = static_cast<int>(s % per_board_);
        o.id = current_->ids[board] * per_board_ + o.reflection;
    }
    offset_ += k;
    return k;
}

std::string ShardStream::where() const {
    if (!current_) return "";
    return "window " + std::to_string(current_index_ + 1) + "/" +
           std::to_string(window_boards_.size()) + " of " + std::to_string(plan_.shards.size()) +
           " shards";
}

}  // namespace nonolab::nn
