#include "nn/torch/line_net.hpp"

#include <stdexcept>

#include "io/clue_encoding.hpp"

namespace nonolab::nn::torch_backend {

LineNetImpl::LineNetImpl(const NetShape& shape) : shape_(shape) {
    const int n = shape.n, e = shape.width, h = shape.head;
    if (n < 1 || n > 64) throw std::invalid_argument("board side out of range");
    if (e < 1 || e > 4096) throw std::invalid_argument("line width must be in [1, 4096]");
    if (h < 1 || h > 4096) throw std::invalid_argument("head width must be in [1, 4096]");
    if (shape.steps < 1 || shape.steps > 16)
        throw std::invalid_argument("steps must be in [1, 16]");
    const int lm = io::clue_slots(n);
    namespace tn = torch::nn;
    enc1_ = register_module("enc1", tn::Linear(lm + n, e));
    enc2_ = register_module("enc2", tn::Linear(e, e));
    glob1_ = register_module("glob1", tn::Linear(2 * n * e, h));
    glob2_ = register_module("glob2", tn::Linear(h, h));
    row_ = register_module("row", tn::Linear(tn::LinearOptions(e, h).bias(false)));
    col_ = register_module("col", tn::Linear(tn::LinearOptions(e, h).bias(false)));
    out_ = register_module("out", tn::Linear(h, 1));
    // Small random line positions (seeded through torch's generator, as the
    // Linear layers' weights): zero would start every line alike.
    pos_ = register_parameter("pos", torch::randn({2 * n, e}) * 0.1);
}

std::vector<torch::Tensor> LineNetImpl::passes(torch::Tensor x) {
    const int n = shape_.n;
    const long b = x.size(0);
    const auto clues = x.reshape({b, 2 * n, io::clue_slots(n)}) / static_cast<double>(n);
    auto cells = torch::zeros({b, 2 * n, n}, x.options());
    std::vector<torch::Tensor> out;
    for (int s = 0; s < shape_.steps; ++s) {
        auto e = torch::relu(enc1_(torch::cat({clues, cells}, 2)) + pos_);
        e = torch::relu(enc2_(e));
        const auto g = glob2_(torch::relu(glob1_(e.reshape({b, -1}))));
        const auto r = row_(e.narrow(1, 0, n));  // [b, n, H]
        const auto c = col_(e.narrow(1, n, n));
        const auto z = torch::relu(r.unsqueeze(2) + c.unsqueeze(1) + g.unsqueeze(1).unsqueeze(1));
        const auto logits = out_(z).squeeze(3);  // [b, n, n], row-major cells
        out.push_back(logits.reshape({b, n * n}));
        const auto p = torch::sigmoid(logits) * 2 - 1;
        cells = torch::cat({p, p.transpose(1, 2)}, 1);
    }
    return out;
}

torch::Tensor LineNetImpl::forward(torch::Tensor x) {
    return passes(x).back();
}

std::pair<torch::Tensor, torch::Tensor> LineNetImpl::loss(torch::Tensor x, torch::Tensor y) {
    auto all = passes(x);
    for (auto& logits : all) logits = logits.to(torch::kFloat32);  // bf16_products.hpp
    auto total = torch::binary_cross_entropy_with_logits(all[0], y);
    for (std::size_t s = 1; s < all.size(); ++s)
        total = total + torch::binary_cross_entropy_with_logits(all[s], y);
    return {total / static_cast<double>(all.size()), all.back()};
}

FileParameters LineNetImpl::file_parameters() {
    return {{"enc1_w", enc1_->weight}, {"enc1_b", enc1_->bias},     {"pos", pos_},
            {"enc2_w", enc2_->weight}, {"enc2_b", enc2_->bias},     {"glob1_w", glob1_->weight},
            {"glob1_b", glob1_->bias}, {"glob2_w", glob2_->weight}, {"glob2_b", glob2_->bias},
            {"row_w", row_->weight},   {"col_w", col_->weight},     {"out_w", out_->weight},
            {"out_b", out_->bias}};
}

// The same passes as passes(), in TorchScript (only the last pass's
// probabilities are returned).
std::string LineNetImpl::script_source(bool half) const {
    const std::string n = std::to_string(shape_.n), two_n = std::to_string(2 * shape_.n);
    const std::string lm = std::to_string(io::clue_slots(shape_.n));
    const auto p = [&](const std::string& name) {
        return "self." + name + (half ? ".float()" : "");
    };
    const auto lin = [&](const std::string& in, const std::string& w, const std::string& b) {
        return "torch.matmul(" + in + ", " + p(w) + ".t())" + (b.empty() ? "" : " + " + p(b));
    };
    std::string s = "def forward(self, x):\n";
    s += "    b = x.size(0)\n";
    s += "    clues = x.reshape(b, " + two_n + ", " + lm + ") / " + n + ".0\n";
    s += "    cells = torch.zeros([b, " + two_n + ", " + n + "], dtype=x.dtype)\n";
    s += "    prob = torch.zeros([b, " + n + ", " + n + "], dtype=x.dtype)\n";
    s += "    for _ in range(" + std::to_string(shape_.steps) + "):\n";
    s += "        e = torch.relu(" + lin("torch.cat([clues, cells], 2)", "enc1_w", "enc1_b") +
         " + " + p("pos") + ")\n";
    s += "        e = torch.relu(" + lin("e", "enc2_w", "enc2_b") + ")\n";
    s += "        g = torch.relu(" + lin("e.reshape(b, -1)", "glob1_w", "glob1_b") + ")\n";
    s += "        g = " + lin("g", "glob2_w", "glob2_b") + "\n";
    s += "        r = " + lin("e[:, :" + n + "]", "row_w", "") + "\n";
    s += "        c = " + lin("e[:, " + n + ":]", "col_w", "") + "\n";
    s += "        z = torch.relu(r.unsqueeze(2) + c.unsqueeze(1) + g.unsqueeze(1).unsqueeze(1))\n";
    s += "        prob = torch.sigmoid(" + lin("z", "out_w", "out_b") + ").squeeze(3)\n";
    s += "        q = prob * 2.0 - 1.0\n";
    s += "        cells = torch.cat([q, q.transpose(1, 2)], 1)\n";
    return s + "    return prob.reshape(b, " + std::to_string(shape_.n * shape_.n) + ")\n";
}

long LineNetImpl::multiply_adds() const {
    const long n = shape_.n, lm = io::clue_slots(shape_.n), e = shape_.width, h = shape_.head;
    const long lines = 2 * n * ((lm + n) * e + e * e);  // the shared encoder, 2n times
    const long summary = 2 * n * e * h + h * h;
    const long head = 2 * n * e * h + n * n * h;  // R and C once per line, w once per cell
    return shape_.steps * (lines + summary + head);
}

}  // namespace nonolab::nn::torch_backend
