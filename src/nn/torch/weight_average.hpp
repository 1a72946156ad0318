// An exponential moving average of a network's weights while it trains
// (Polyak averaging; `nonolab train --average DECAY`). Not in the paper,
// which trains at a constant rate and keeps the last weights; ours, off by
// default.
//
// Why: at a constant rate Adam's weights jitter around where the loss
// settles, and some boards come out right or wrong with the jitter. The
// average over the last ~1/(1-decay) steps sits nearer the middle, which
// is part of what a decaying rate buys, without slowing the training
// itself (the trajectory is the same with or without the average).
//
// The average is not part of a run's training state (training_state.hpp
// keeps the weights only): a resumed run starts it again from the state's
// weights, and after a few 1/(1-decay) steps the start no longer counts
// (docs/network.md, "Averaged weights").
#pragma once

#include "nn/torch/network.hpp"

namespace nonolab::nn::torch_backend {

class WeightAverage {
  public:
    /// Starts the average at `model`'s weights; decay in (0, 1).
    WeightAverage(NetworkImpl& model, double decay);
    /// average <- decay * average + (1 - decay) * weights, after each step.
    void update(NetworkImpl& model);
    /// The averaged network (same shape; eval or train mode as last set).
    Network& network() { return average_; }

  private:
    Network average_;
    double decay_;
};

}  // namespace nonolab::nn::torch_backend
