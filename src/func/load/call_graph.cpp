#include "func/load/call_graph.h"

namespace smsim::func {
namespace {

bool is_function_symbol(const ptx::Operand& op) {
  return op.kind == ptx::OperandKind::Symbol && op.symbol.kind == ptx::SymbolKind::Function;
}

// Direct callees of `f`, and the functions whose address it takes; true when
// `f` runs alloca.
bool scan(const ptx::Function& f, std::vector<std::size_t>& callees, std::vector<bool>& taken) {
  bool allocates = false;
  for (const ptx::Instruction& inst : f.instructions) {
    allocates = allocates || inst.opcode == isa::Opcode::Alloca;
    const auto operands = f.operands(inst);
    bool target_seen = false;
    for (const ptx::Operand& op : operands) {
      if (op.kind == ptx::OperandKind::ParamList) continue;
      const bool call_target = inst.opcode == isa::Opcode::Call && !target_seen;
      target_seen = target_seen || inst.opcode == isa::Opcode::Call;
      if (!is_function_symbol(op)) continue;
      if (call_target) {
        callees.push_back(op.symbol.index);
      } else {
        taken[op.symbol.index] = true;
      }
    }
  }
  return allocates;
}

}  // namespace

CallGraph analyse_calls(const ptx::Module& module) {
  const std::size_t n = module.functions.size();
  CallGraph graph{.recursive = std::vector<bool>(n, false),
                  .address_taken = std::vector<bool>(n, false),
                  .allocates = std::vector<bool>(n, false)};
  std::vector<std::vector<std::size_t>> callees(n);
  for (std::size_t i = 0; i < n; ++i) {
    graph.allocates[i] = scan(module.functions[i], callees[i], graph.address_taken);
  }
  for (const ptx::Variable& v : module.globals) {
    for (const ptx::InitItem& item : v.init) {
      if (item.kind == ptx::InitKind::Address && item.symbol_is_function && item.symbol < n) {
        graph.address_taken[item.symbol] = true;
      }
    }
  }
  // A function is recursive when a walk over direct calls from it returns to it.
  for (std::size_t start = 0; start < n; ++start) {
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> stack(callees[start].begin(), callees[start].end());
    while (!stack.empty() && !graph.recursive[start]) {
      const std::size_t f = stack.back();
      stack.pop_back();
      if (f >= n || seen[f]) continue;
      if (f == start) graph.recursive[start] = true;
      seen[f] = true;
      stack.insert(stack.end(), callees[f].begin(), callees[f].end());
    }
  }
  return graph;
}

}  // namespace smsim::func
