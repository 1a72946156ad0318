// The options of `nonolab train`, filled by the command line (cmd_train.cpp)
// and read by the training code in the LibTorch plugin (plugin/torch_entry.cpp).
#pragma once

#include <cstdint>
#include <string>

namespace nonolab::cli {

struct TrainArgs {
    std::string data = "nonodataset:10x10/train";  ///< training set spec
    std::string test;                  ///< test set spec (after training, or --evaluate)
    std::string layers;                ///< hidden widths "a,b,c"; empty = default
    double dropout = 0.05;             ///< after each hidden layer
    double lr = 0;                     ///< Adam learning rate; 0 = default
    int epochs = 0;                    ///< 0 = default
    int batch = 256;                   ///< boards per Adam step
    std::uint64_t seed = 1;            ///< split, shuffles, weights, dropout
    bool reflections = false;          ///< train on all 8 reflections
    double validation = 0.02;          ///< share held out for progress reports
    std::string out = "model.pt";      ///< model file to write
    std::string resume;                ///< checkpoint to continue from
    double timeout = 0;                ///< seconds; 0 = none
    int threads = 1;                   ///< LibTorch threads; 0 = all cores
    std::string evaluate;              ///< measure this model instead of training
    bool no_reflections_eval = false;  ///< --evaluate without the 8 reflections
    bool json = false;                 ///< print the result as one JSON line
    std::string shared;                ///< shared folder; empty = default
};

}  // namespace nonolab::cli
