// Streamed training (nn/shard_stream.hpp, train --stream): the same batches
// for the same seed, a resume mid-window that continues them, windows that
// sample every shard, two windows and a shard at most in memory, the boards
// load_dataset would give, and errors that name the shard, also when met on
// the reading thread mid-run.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "io/npz_writer.hpp"
#include "nn/shard_stream.hpp"
#include "nn/torch/trainer.hpp"
#include "nn_torch/torch_test_util.hpp"

namespace nonolab::nn::torch_backend {
namespace {

namespace fs = std::filesystem;

// `shards` shard pairs of `rows` random 5x5 boards each, as `generate
// --shard-size` writes them: DIR/x_s-0000K.npz and DIR/y_s-0000K.npz.
std::string write_shards(const fs::path& dir, int shards, int rows, std::uint64_t seed) {
    Rng rng(seed);
    io::DatasetShard shard(5);
    const std::string out = (dir / "s.npz").string();
    for (int k = 1; k <= shards; ++k) {
        shard.clear();
        for (int i = 0; i < rows; ++i) {
            Grid g(5, 5, kEmpty);
            for (auto& c : g.cells()) c = rng.chance(0.5) ? kFilled : kEmpty;
            shard.add(g);
        }
        shard.write(io::dataset_shard_path(out, 'x', k), io::dataset_shard_path(out, 'y', k));
    }
    return "pair:" + (dir / "x_s-*.npz").string() + "," + (dir / "y_s-*.npz").string();
}

TrainOptions stream_options() {
    TrainOptions o = tiny_options();
    o.stream = true;
    o.epochs = 2;
    o.validation = 0.1;
    return o;
}

using Batches = std::vector<std::uint64_t>;

std::function<void(const TrainProgress&)> record(Batches& into) {
    return [&into](const TrainProgress& p) {
        if (!p.epoch_end) into.push_back(p.batch_digest);
    };
}

TEST(Stream, SameSeedSameBatchesOtherSeedOthers) {
    const fs::path dir = temp_dir();
    const std::string spec = write_shards(dir, 7, 50, 1);
    TrainOptions o = stream_options();
    Batches a, b, c;
    const TrainResult ra = train_streamed(spec, {}, o, record(a));
    train_streamed(spec, {}, o, record(b));
    EXPECT_EQ(a, b);
    EXPECT_EQ(params(ra.model), params(train_streamed(spec, {}, o).model));
    // 350 boards, about 10% held out: 10 or 11 batches of 32 per epoch, two epochs.
    EXPECT_GE(a.size(), 18u);
    // The second epoch is ordered afresh.
    const std::size_t half = a.size() / 2;
    EXPECT_NE(Batches(a.begin(), a.begin() + half), Batches(a.begin() + half, a.end()));
    o.seed = 9;
    train_streamed(spec, {}, o, record(c));
    EXPECT_NE(a, c);
    EXPECT_TRUE(ra.metadata["stream"]);
    fs::remove_all(dir);
}

// Every kept board of the spec (a stride and a slice over the shards) is
// trained on exactly once per epoch or held out, with the cells
// load_dataset gives it at the same position.
TEST(Stream, AnEpochIsTheInMemoryBoardsEachOnce) {
    const fs::path dir = temp_dir();
    const std::string spec = write_shards(dir, 5, 40, 2) + "%3!=1@7-120";
    const io::Dataset whole = io::load_dataset(spec);
    const ShardPlan plan = plan_shards(spec, {}, 0.2, 4);
    ASSERT_EQ(plan.train_boards + plan.validation_boards, whole.size());
    EXPECT_GT(plan.validation_boards, 5u);
    std::set<std::uint64_t> seen;
    ValidationBoards streamed(plan);
    {
        ShardStream stream(plan, 1, 77, 0, &streamed);
        std::vector<StreamSample> got;
        while (stream.take(13, got) > 0)
            for (const StreamSample& s : got) {
                EXPECT_TRUE(seen.insert(s.id).second) << "board " << s.id << " twice";
                ASSERT_LT(s.id, whole.size());
                EXPECT_FALSE(plan.held_out(s.id));
                EXPECT_EQ(std::string(s.board, s.board + 25),
                          std::string(whole.board(s.id), whole.board(s.id) + 25));
                EXPECT_EQ(std::string(s.clues, s.clues + 30),
                          std::string(whole.clues(s.id), whole.clues(s.id) + 30));
            }
    }
    EXPECT_EQ(seen.size(), plan.train_boards);
    ValidationBoards held(plan);  // read afresh
    EXPECT_EQ(held.all().size(), plan.validation_boards);
    EXPECT_EQ(streamed.all().x, held.all().x);  // the same boards, in the same order
    EXPECT_EQ(streamed.all().y, held.all().y);
    fs::remove_all(dir);
}

// Stopped mid-epoch (inside a window), resumed from the state: the rest of
// the run is the batches, masks and rates of an uninterrupted run.
TEST(Stream, ResumeMidWindowContinuesTheUninterruptedBatches) {
    const fs::path dir = temp_dir();
    const std::string spec = write_shards(dir, 7, 50, 3);
    TrainOptions o = stream_options();
    o.epochs = 3;
    Batches full, resumed;
    train_streamed(spec, {}, o, record(full));
    o.state = (dir / "run.json").string();
    long calls = 0;
    const long stop_after = static_cast<long>(full.size() / 3) + 3;  // epoch 2, batch 4
    const TrainResult first =
        train_streamed(spec, {}, o, record(resumed), [&] { return calls++ == stop_after; });
    ASSERT_TRUE(first.interrupted);
    EXPECT_EQ(read_training_state(o.state).batch, 3);
    TrainOptions r = o;
    r.resume = o.state;
    const TrainResult second = train_streamed(spec, {}, r, record(resumed));
    EXPECT_EQ(second.epochs_done, 3);
    EXPECT_EQ(resumed, full);
    fs::remove_all(dir);
}

// A window is a seeded stripe across every shard, not a run of whole
// shards: with shards that are each one narrow slice of the boards (as
// generate --all's, in enumeration order), every window still holds boards
// of every shard, and about its share of each.
TEST(Stream, EveryWindowSamplesEveryShard) {
    const fs::path dir = temp_dir();
    const int shards = 8, rows = 60;
    const std::string spec = write_shards(dir, shards, rows, 7);
    const ShardPlan plan = plan_shards(spec, {}, 0.0, 1);
    ShardStream stream(plan, 1, 123, 0, nullptr);
    const std::size_t windows = stream.window_boards().size();
    ASSERT_EQ(windows, static_cast<std::size_t>(shards / kWindowShards));
    std::map<std::string, std::vector<int>> per_shard;  // window -> boards of each shard
    std::vector<StreamSample> got;
    while (stream.take(17, got) > 0)
        for (const StreamSample& s : got) {
            std::vector<int>& counts = per_shard[stream.where()];
            counts.resize(shards);
            ++counts[s.id / rows];
        }
    ASSERT_EQ(per_shard.size(), windows);
    for (const auto& [where, counts] : per_shard)
        for (int k = 0; k < shards; ++k) {
            // Expected rows / windows = 15 a shard; a whole-shard window gives 0 or 60.
            EXPECT_GE(counts[k], 5) << where << ", shard " << k + 1;
            EXPECT_LE(counts[k], 30) << where << ", shard " << k + 1;
        }
    // Another epoch seed cuts other stripes.
    ShardStream other(plan, 1, 124, 0, nullptr);
    EXPECT_NE(other.window_boards(), stream.window_boards());
    fs::remove_all(dir);
}

// Memory stays at two windows and the shard file being read, well under the
// whole set, while a whole epoch streams by (read ahead on the thread).
TEST(Stream, AtMostTwoWindowsAndOneShardAreInMemory) {
    const fs::path dir = temp_dir();
    const int rows = 30;
    const std::string spec = write_shards(dir, 11, rows, 4);
    const ShardPlan plan = plan_shards(spec, {}, 0.1, 1);
    reset_peak_resident_boards();
    EXPECT_EQ(resident_boards(), 0u);
    {
        ShardStream stream(plan, 8, 5, 0, nullptr);
        const std::vector<std::uint64_t>& sizes = stream.window_boards();
        ASSERT_EQ(sizes.size(), 6u);
        std::vector<StreamSample> got;
        std::uint64_t samples = 0;
        while (stream.take(40, got) > 0) samples += got.size();
        EXPECT_EQ(samples, plan.train_boards * 8);
        const std::uint64_t largest = *std::max_element(sizes.begin(), sizes.end());
        EXPECT_LE(peak_resident_boards(), 2 * largest + rows);
        EXPECT_GE(peak_resident_boards(), largest);
        EXPECT_LT(2 * largest + rows, 11u * rows / 2);  // the bound means something
    }
    EXPECT_EQ(resident_boards(), 0u);
    // The trainer's streamed run releases everything too.
    TrainOptions o = stream_options();
    o.reflections = true;
    EXPECT_EQ(train_streamed(spec, {}, o).epochs_done, 2);
    EXPECT_EQ(resident_boards(), 0u);
    fs::remove_all(dir);
}

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(Stream, MissingTruncatedOrMismatchedShardsNameTheFile) {
    const fs::path dir = temp_dir();
    write_shards(dir, 3, 40, 5);
    const auto x = [&](int k) {
        return (dir / ("x_s-0000" + std::to_string(k) + ".npz")).string();
    };
    const auto y = [&](int k) {
        return (dir / ("y_s-0000" + std::to_string(k) + ".npz")).string();
    };
    const TrainOptions o = stream_options();
    const auto train_on = [&](const std::string& spec) {
        return error_of([&] { train_streamed(spec, {}, o); });
    };
    std::string e = train_on("pair:" + x(1) + "," + (dir / "y_gone.npz").string());
    EXPECT_NE(e.find("y_gone.npz"), std::string::npos) << e;
    EXPECT_NE(e.find("no such file"), std::string::npos) << e;
    // A shard cut short: its header announces more than the file holds.
    const std::string y2 = io_text(y(2));
    write_text(y(2), y2.substr(0, y2.size() - 100));
    e = train_on("pair:" + x(2) + "," + y(2));
    EXPECT_NE(e.find("y_s-00002.npz"), std::string::npos) << e;
    EXPECT_NE(e.find("truncated"), std::string::npos) << e;
    // x and y of different lengths.
    e = train_on("pair:" + x(1) + "," + y(3) + "+pair:" + x(3) + "," + y(1) + "%2=0");
    EXPECT_EQ(e, "(no error)");  // same counts: pairs are not checked by content
    io::DatasetShard small(5);
    small.add(Grid(5, 5, kEmpty));
    small.write((dir / "x_one.npz").string(), (dir / "y_one.npz").string());
    e = train_on("pair:" + x(1) + "," + (dir / "y_one.npz").string());
    EXPECT_NE(e.find("x_s-00001.npz: holds 40 clue vectors but"), std::string::npos) << e;
    EXPECT_NE(e.find("y_one.npz holds 1 boards"), std::string::npos) << e;
    fs::remove_all(dir);
}

// A shard that breaks after the plan read it, while the reading thread is
// ahead of training: the error reaches the training loop, which saves the
// state at the last whole batch and stops (no crash, no hang).
TEST(Stream, AShardBrokenMidRunStopsTheRunWithItsNameAndASavedState) {
    const fs::path dir = temp_dir();
    const std::string spec = write_shards(dir, 9, 40, 6);
    TrainOptions o = stream_options();
    o.state = (dir / "run.json").string();
    long batches = 0;
    const auto progress = [&](const TrainProgress& p) {
        if (p.epoch_end || ++batches != 1) return;
        // Windows are read or being read from every shard; break every file.
        for (int k = 1; k <= 9; ++k) {
            const std::string f = (dir / ("y_s-0000" + std::to_string(k) + ".npz")).string();
            write_text(f, io_text(f).substr(0, 200));
        }
    };
    try {
        train_streamed(spec, {}, o, progress);
        ADD_FAILURE() << "trained on broken shards";
    } catch (const ParseError& e) {
        EXPECT_NE(std::string(e.what()).find("y_s-0000"), std::string::npos) << e.what();
    }
    const TrainingState st = read_training_state(o.state);
    EXPECT_GE(st.batch, 1);
    EXPECT_EQ(st.step, st.batch);
    EXPECT_EQ(resident_boards(), 0u);
    fs::remove_all(dir);
}

TEST(Stream, RemovingTestBoardsByContentCannotStream) {
    const std::string e =
        error_of([] { plan_shards("nonodataset:10x10/train", {NONOLAB_SHARED_DIR}, 0.02, 1); });
    EXPECT_NE(e.find("train it without --stream"), std::string::npos) << e;
}

}  // namespace
}  // namespace nonolab::nn::torch_backend
