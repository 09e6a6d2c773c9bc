#include "func/decode/post_dominators.h"

#include <utility>

namespace smsim::func {
namespace {

constexpr std::uint32_t kNone = UINT32_MAX;

}  // namespace

// Cooper, Harvey and Kennedy's iterative dominator algorithm run on the
// reversed control-flow graph, rooted at a virtual exit node.
std::vector<std::uint32_t> immediate_post_dominators(
    const std::vector<std::vector<std::uint32_t>>& successors) {
  const auto n = static_cast<std::uint32_t>(successors.size());
  const std::uint32_t exit = n;
  // Reverse edges: pred_in_reverse[v] = nodes u with an edge v -> u in the
  // reversed graph, i.e. the forward successors of v (with exit mapped).
  std::vector<std::vector<std::uint32_t>> reverse_succ(n + 1);  // forward predecessors
  for (std::uint32_t i = 0; i < n; ++i) {
    bool to_exit = successors[i].empty();
    for (std::uint32_t s : successors[i]) {
      if (s == kNone || s >= n) {
        to_exit = true;
        continue;
      }
      reverse_succ[s].push_back(i);
    }
    if (to_exit) reverse_succ[exit].push_back(i);
  }
  // Postorder of the reversed graph from the exit (iterative DFS).
  std::vector<std::uint32_t> order;
  std::vector<std::uint32_t> rank(n + 1, kNone);
  std::vector<bool> seen(n + 1, false);
  std::vector<std::pair<std::uint32_t, std::size_t>> stack{{exit, 0}};
  seen[exit] = true;
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    if (next < reverse_succ[node].size()) {
      const std::uint32_t child = reverse_succ[node][next++];
      if (!seen[child]) {
        seen[child] = true;
        stack.emplace_back(child, 0);
      }
      continue;
    }
    rank[node] = static_cast<std::uint32_t>(order.size());
    order.push_back(node);
    stack.pop_back();
  }
  std::vector<std::uint32_t> idom(n + 1, kNone);
  idom[exit] = exit;
  auto intersect = [&](std::uint32_t a, std::uint32_t b) {
    while (a != b) {
      while (rank[a] < rank[b]) a = idom[a];
      while (rank[b] < rank[a]) b = idom[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    // Reverse postorder, skipping the root.
    for (std::size_t k = order.size() - 1; k-- > 0;) {
      const std::uint32_t v = order[k];
      // Predecessors of v in the reversed graph are v's forward successors.
      std::uint32_t candidate = kNone;
      auto consider = [&](std::uint32_t p) {
        if (idom[p] == kNone) return;
        candidate = candidate == kNone ? p : intersect(candidate, p);
      };
      bool to_exit = successors[v].empty();
      for (std::uint32_t s : successors[v]) {
        if (s == kNone || s >= n) {
          to_exit = true;
          continue;
        }
        consider(s);
      }
      if (to_exit) consider(exit);
      if (candidate != kNone && idom[v] != candidate) {
        idom[v] = candidate;
        changed = true;
      }
    }
  }
  std::vector<std::uint32_t> result(n, kNone);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (idom[i] != kNone && idom[i] != exit) result[i] = idom[i];
  }
  return result;
}

}  // namespace smsim::func
