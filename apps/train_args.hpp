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
    std::string test;              ///< test set spec (after training, or --evaluate)
    std::string out = "model.pt";  ///< model file to write
    std::string evaluate;          ///< measure this model instead of training
    bool json = false;             ///< print the result as one JSON line
    std::string shared;            ///< shared folder; empty = default
    ParamMap options;              ///< training options given (nn::train_flag_keys of its table)
};

}  // namespace nonolab::cli
