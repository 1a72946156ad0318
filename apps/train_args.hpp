// What `nonolab train` hands to the LibTorch plugin (plugin/torch_entry.cpp):
// the command's own flags (data, output, --evaluate) and the training
// options as text, which the plugin parses with nn::train_option_table(),
// the same table the command line's training flags are generated from
// (cmd_train.cpp). Nothing is copied field by field.
#pragma once

#include <string>

#include "core/method.hpp"

namespace nonolab::cli {

struct TrainArgs {
    std::string data = "nonodataset:10x10/train";  ///< training set spec
    std::string test;                  ///< test set spec (after training, or --evaluate)
    std::string out = "model.pt";      ///< model file to write
    std::string evaluate;              ///< measure this model instead of training
    std::string save_half;             ///< with evaluate: write it here in float16, measure that
    bool no_reflections_eval = false;  ///< --evaluate without the 8 reflections
    std::string wrong_out;             ///< with evaluate: write the boards predicted wrong here
    bool json = false;                 ///< print the result as one JSON line
    std::string shared;                ///< shared folder; empty = default
    ParamMap options;                  ///< training options given (nn::train_option_table keys)
};

}  // namespace nonolab::cli
