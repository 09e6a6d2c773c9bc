#include "func/decode/decoder.h"

#include <fmt/format.h>

#include "func/decode/control_successors.h"
#include "func/decode/descriptor_query.h"
#include "func/decode/executor_table.h"
#include "func/decode/post_dominators.h"
#include "func/exec/exec_context.h"
#include "func/exec/opcode_coverage.h"
#include "func/ops/fast_ops.h"
#include "isa/instruction_form.h"

namespace smsim::func {
namespace {

using isa::Modifier;

constexpr unsigned kRowBits = 64;  // one row of the warp register file

struct ModifierFlag {
  Modifier modifier;
  InstructionFlag flag;
};

constexpr ModifierFlag kFlags[] = {
    {Modifier::Ftz, kFtz},     {Modifier::Sat, kSat},       {Modifier::Approx, kApprox},
    {Modifier::Hi, kHigh},     {Modifier::Shiftamt, kHigh}, {Modifier::Wide, kWide},
    {Modifier::Relu, kRelu},   {Modifier::NaN, kNaN},       {Modifier::Aligned, kAligned},
    {Modifier::Uni, kUniform}, {Modifier::Clamp, kClamp},   {Modifier::Cg, kL2Only},
    {Modifier::Cv, kL2Only},
};

struct ModifierRounding {
  Modifier modifier;
  Rounding rounding;
};

constexpr ModifierRounding kRoundings[] = {
    {Modifier::Rn, Rounding::rn},   {Modifier::Rz, Rounding::rz},   {Modifier::Rm, Rounding::rm},
    {Modifier::Rp, Rounding::rp},   {Modifier::Rna, Rounding::rna}, {Modifier::Rni, Rounding::rni},
    {Modifier::Rzi, Rounding::rzi}, {Modifier::Rmi, Rounding::rmi}, {Modifier::Rpi, Rounding::rpi},
};

struct ModifierSpace {
  Modifier modifier;
  MemorySpace space;
};

constexpr ModifierSpace kSpaces[] = {
    {Modifier::Global, MemorySpace::global},        {Modifier::Shared, MemorySpace::shared},
    {Modifier::SharedCta, MemorySpace::shared},     {Modifier::Local, MemorySpace::local},
    {Modifier::SharedCluster, MemorySpace::shared}, {Modifier::Const, MemorySpace::constant},
    {Modifier::Param, MemorySpace::param},          {Modifier::ParamEntry, MemorySpace::param},
};

class KernelDecoder {
 public:
  explicit KernelDecoder(const KernelSpec& spec) : spec_(spec) {}

  DecodeResult run() {
    DecodedKernel kernel;
    kernel.name = spec_.name;
    // One more row than the kernel declares: the carry flag.
    kernel.register_count = spec_.register_count + 1;
    kernel.static_shared_bytes = spec_.static_shared_bytes;
    kernel.local_bytes_per_thread = spec_.local_bytes_per_thread;
    kernel.frame_reg = spec_.frame_reg;
    kernel.call_sites = spec_.call_sites;
    kernel.functions = spec_.functions;
    kernel.jump_tables = spec_.jump_tables;
    for (std::size_t i = 0; i < spec_.param_sizes.size(); ++i) {
      kernel.params.push_back(ParamDecl{.size = spec_.param_sizes[i],
                                        .alignment = i < spec_.param_alignments.size()
                                                         ? spec_.param_alignments[i]
                                                         : spec_.param_sizes[i]});
    }
    kernel.cluster_dims = Dim3{spec_.cluster_dims[0], spec_.cluster_dims[1], spec_.cluster_dims[2]};
    kernel.declares_cluster = spec_.declares_cluster;
    kernel.code.reserve(spec_.instructions.size());
    for (std::size_t i = 0; i < spec_.instructions.size(); ++i) {
      kernel.code.push_back(decode(spec_.instructions[i]));
      const isa::Opcode op = spec_.instructions[i].opcode;
      kernel.allocates = kernel.allocates || op == isa::Opcode::Alloca ||
                         op == isa::Opcode::Stacksave || op == isa::Opcode::Stackrestore;
    }
    if (opcode_coverage_file() != nullptr) {
      for (const InstructionSpec& s : spec_.instructions) {
        kernel.forms.push_back(isa::format_form(
            isa::make_form(s.opcode, std::span(s.types.data(), s.type_count),
                           s.call_frame ? s.ptx_modifiers : s.modifiers)));
      }
    }
    set_reconvergence(kernel);
    kernel.operand_lists = std::move(operand_lists_);
    kernel.descriptor_query = std::move(descriptor_query_);
    DecodeResult result;
    result.errors = std::move(errors_);
    if (result.errors.empty()) result.kernel = std::move(kernel);
    return result;
  }

 private:
  void fail(const InstructionSpec& s, std::string message) {
    errors_.push_back(
        DecodeError{.ptx_line = s.ptx_line,
                    .message = fmt::format("kernel {}, PTX line {}: {}: {}", spec_.name, s.ptx_line,
                                           isa::opcode_mnemonic(s.opcode), std::move(message))});
  }

  bool register_ok(const InstructionSpec& s, std::uint32_t reg) {
    if (reg == kNoReg || reg < spec_.register_count) return true;
    fail(s, fmt::format("register id {} is outside the kernel's {} registers", reg,
                        spec_.register_count));
    return false;
  }

  Operand operand(const InstructionSpec& s, const SpecOperand& o) {
    Operand r;
    switch (o.kind) {
      case SpecOperand::Kind::reg:
        if (o.reg == kNoReg) return r;  // the `_` sink
        register_ok(s, o.reg);
        r.kind = OperandKind::reg;
        r.reg = o.reg;
        r.bits = o.reg_bits;
        r.negated = o.negated;
        r.video_select = o.video_select;
        return r;
      case SpecOperand::Kind::imm:
        r.kind = OperandKind::imm;
        r.imm = o.imm;
        r.video_select = o.video_select;
        return r;
      case SpecOperand::Kind::special:
        if (!is_supported(o.special)) {
          char name[48];
          isa::format_special_register(o.special, name, sizeof name);
          fail(s, fmt::format("special register {} is not supported", name));
        }
        r.kind = OperandKind::special;
        r.special = o.special;
        return r;
      case SpecOperand::Kind::address:
        break;
    }
    return r;
  }

  DecodedInstruction decode(const InstructionSpec& s) {
    DecodedInstruction in;
    in.opcode = s.opcode;
    in.builtin = s.builtin;
    in.ptx_line = s.ptx_line;
    if (s.type_count > 0) in.type = s.types[0];
    if (s.type_count > 1) in.type2 = s.types[1];
    if (s.type_count > 2) in.type3 = s.types[2];
    for (const auto& [m, f] : kFlags) {
      if (s.has(m)) in.flags |= f;
    }
    for (const auto& [m, r] : kRoundings) {
      if (s.has(m)) in.rounding = r;
    }
    for (const auto& [m, space] : kSpaces) {
      if (s.has(m)) in.space = space;
    }
    decode_negated_sources(s, in);
    in.call_frame = s.call_frame;
    // Values do not depend on the cache operator; the access analysis does.
    for (Modifier m : {Modifier::Ca, Modifier::Cg, Modifier::Cs, Modifier::Lu, Modifier::Cv,
                       Modifier::Wb, Modifier::Wt}) {
      if (s.has(m)) in.cache = m;
    }
    if (s.has(Modifier::V2)) in.vector = 2;
    if (s.has(Modifier::V4)) in.vector = 4;
    const bool first_element_only = s.has(Modifier::V8);
    if (first_element_only && !decode_vector8(s)) return in;
    // Register rows hold 64 bits; a .b128 register is two rows
    // (func/load/register_rows.h), which only the instructions that move
    // 128-bit values whole know to address.
    const bool wide_ok = takes_wide_registers(s.opcode);
    for (std::size_t t = 0; t < s.type_count; ++t) {
      if (isa::type_bits(s.types[t]) > kRowBits && !wide_ok) {
        fail(s, fmt::format(".{} values are not supported on this instruction",
                            isa::type_name(s.types[t])));
      }
    }
    if (s.guard_reg != kNoReg && register_ok(s, s.guard_reg)) {
      in.guard_reg = s.guard_reg;
      in.guard_negated = s.guard_negated;
    }
    bool have_address = false;
    bool have_data = false;
    std::uint8_t memory_sources = 0;
    const bool listed = has_operand_list(s.opcode);
    if (listed) in.operand_list = static_cast<std::uint32_t>(operand_lists_.size());
    for (std::size_t k = 0; k < s.operands.size(); ++k) {
      const SpecOperand& o = s.operands[k];
      if (o.kind == SpecOperand::Kind::address && have_address) {
        // A second memory operand (cp.async's source) is a source operand;
        // with an operand list, the memory operands alone fill src[] in
        // order (the tensor copies' map and mbarrier around listed ones).
        const std::uint8_t slot = listed ? memory_sources : in.src_count;
        if (slot == kMaxSrc) {
          fail(s, "too many source operands");
          continue;
        }
        Operand second{.kind = OperandKind::address, .imm = o.imm};
        if (o.reg != kNoReg && register_ok(s, o.reg)) second.reg = o.reg;
        in.src[slot] = second;
        ++memory_sources;
        ++in.src_count;
        continue;
      }
      if (o.kind == SpecOperand::Kind::address) {
        have_address = true;
        if (o.reg != kNoReg && register_ok(s, o.reg)) in.addr_reg = o.reg;
        in.addr_offset = o.imm;
        continue;
      }
      // ld.v8/st.v8 move their first element only (decode_vector8).
      if (first_element_only && have_data) continue;
      have_data = true;
      // A .b128 register enters as its two rows, low half first.
      const bool wide =
          o.kind == SpecOperand::Kind::reg && o.reg != kNoReg && o.reg_bits > kRowBits;
      if (wide && !wide_ok) {
        fail(s, "a .b128 register is only an operand of mov, ld, ldu, st and atom");
        continue;
      }
      if (listed) {
        operand_lists_.push_back(operand(s, o));
        ++(k < s.dst_count ? in.dst_count : in.src_count);
        continue;
      }
      Operand row = operand(s, o);
      if (wide) row.bits = kRowBits;
      for (unsigned half = 0; half < (wide ? 2u : 1u); ++half) {
        if (half == 1) {
          register_ok(s, o.reg + 1);
          ++row.reg;
        }
        if (k < s.dst_count) {
          if (in.dst_count == kMaxDst) {
            fail(s, "too many destination operands");
            break;
          }
          in.dst[in.dst_count++] = row;
          continue;
        }
        if (in.src_count == kMaxSrc) {
          fail(s, "too many source operands");
          break;
        }
        in.src[in.src_count++] = row;
      }
    }
    const OpcodeExecution& how = opcode_execution(s.opcode);
    in.control = how.control;
    if (s.opcode == isa::Opcode::Call && s.builtin == Builtin::none) in.control = Control::call;
    if (s.opcode == isa::Opcode::Ret && s.function_return) in.control = Control::function_return;
    switch (in.control) {
      case Control::branch:
        if (s.target >= spec_.instructions.size()) fail(s, "branch target outside the kernel");
        in.target = s.target;
        if (s.has(Modifier::Uni)) in.flags |= kUniform;
        return in;
      case Control::branch_indexed:
        if (s.target >= spec_.jump_tables.size()) fail(s, "brx.idx without a jump table");
        for (std::uint32_t t : s.target < spec_.jump_tables.size() ? spec_.jump_tables[s.target]
                                                                   : std::vector<std::uint32_t>{}) {
          if (t >= spec_.instructions.size()) fail(s, "brx.idx target outside the kernel");
        }
        if (in.src_count != 1) fail(s, "brx.idx takes an index register and a target list");
        in.target = s.target;
        return in;
      case Control::call:
        if (s.target >= spec_.call_sites.size() || in.src_count != 1) {
          fail(s, "a call needs its call site and one target");
        }
        in.target = s.target;
        return in;
      case Control::barrier:
        decode_barrier(s, in);
        return in;
      case Control::function_return:
      case Control::exit:
      case Control::trap:
      case Control::breakpoint:
        return in;
      case Control::sleep:
        if (in.src_count != 1) fail(s, "nanosleep takes one duration operand");
        return in;
      case Control::warp_sync:
        // Only the .sync forms name member lanes to wait for (bar.warp.sync
        // always does); the others run with the lanes that are there.
        if (s.opcode != isa::Opcode::BarWarpSync && !s.has(Modifier::Sync)) {
          in.control = Control::none;
        }
        break;
      case Control::none:
        break;
    }
    if (auto query = descriptor_query_of(s)) {
      // Never executed: launches of the kernel fail first (launch.cpp).
      if (!descriptor_query_) descriptor_query_ = std::move(query);
      return in;
    }
    if (how.select == nullptr) {
      fail(s, "the functional engine does not execute this instruction yet");
      return in;
    }
    std::string why;
    in.execute = how.select(s, in, why);
    if (in.execute == nullptr) {
      fail(s, why.empty() ? "this form is not implemented" : why);
      return in;
    }
    add_carry_flag(s, in);
    if (s.opcode == isa::Opcode::Membar || s.opcode == isa::Opcode::Fence) set_fence_scope(s, in);
    ExecFn fast = nullptr;
    if (in.opcode == isa::Opcode::Ld || in.opcode == isa::Opcode::Ldu ||
        in.opcode == isa::Opcode::St) {
      fast = select_fast_memory(in);
    } else if (isa::is_float(in.type) && in.opcode != isa::Opcode::Mov) {
      fast = select_fast_float(in);
    } else {
      fast = select_fast_integer(in);
    }
    // The fast variants compute IEEE results; the truncating FMAD is not one.
    if (fast != nullptr && !s.truncated_product) in.execute = fast;
    return in;
  }

  // .v8 on sm_90 (8- and 16-bit elements; wider ones need sm_100): ptxas
  // 13.0 assembles ld.v8 and st.v8 into a scalar access of the first element
  // at its own alignment (LDG.E.U8, STS.U16, ...) and drops the other seven;
  // the H100 runs exactly that (tools/probes/results/h100-2026-11-22/
  // v8_cluster.txt, cubins built offline: the driver's JIT crashes on
  // ld.v8.b8). ld.v8 leaves elements 1-7 unwritten in the PTX's terms: ptxas
  // gives them whatever its register allocation leaves there, which no
  // model reproduces, so they keep their values here. ptxas itself crashes
  // on ld.v8 of 16-bit elements: no H100 runs those.
  bool decode_vector8(const InstructionSpec& s) {
    const unsigned bits = s.type_count > 0 ? isa::type_bits(s.types[0]) : 0;
    const bool load = s.opcode == isa::Opcode::Ld;
    if ((!load && s.opcode != isa::Opcode::St) || (bits != 8 && bits != 16)) {
      fail(s, ".v8 is an sm_90 form of ld and st with 8- or 16-bit elements only");
      return false;
    }
    if (load && bits == 16) {
      fail(s, "ld.v8 with 16-bit elements: ptxas 13.0 crashes (segmentation fault) on it, so "
              "no H100 runs it");
      return false;
    }
    return true;
  }

  // Only the f32/f64 add and fma executors apply operand negation (the form
  // the load-time ptxas rewrites produce); anything else would ignore it.
  void decode_negated_sources(const InstructionSpec& s, DecodedInstruction& in) {
    if (s.negated_sources == 0) return;
    const bool f32_or_f64 =
        s.type_count > 0 && (s.type() == isa::Type::F32 || s.type() == isa::Type::F64);
    if (!f32_or_f64 || (s.opcode != isa::Opcode::Add && s.opcode != isa::Opcode::Fma)) {
      fail(s, "negated sources are only modelled for f32/f64 add and fma");
      return;
    }
    constexpr InstructionFlag kNeg[] = {kNegSrc0, kNegSrc1, kNegSrc2};
    for (unsigned i = 0; i < 3; ++i) {
      if ((s.negated_sources >> i & 1) != 0) in.flags |= kNeg[i];
    }
    if ((s.negated_sources >> 3) != 0) fail(s, "only the first three sources can be negated");
  }

  // The carry flag (CC.CF) is a hidden register row after the kernel's own:
  // an extra source for addc/subc/madc, an extra destination for `.cc`.
  void add_carry_flag(const InstructionSpec& s, DecodedInstruction& in) {
    const bool carry_in = s.opcode == isa::Opcode::Addc || s.opcode == isa::Opcode::Subc ||
                          s.opcode == isa::Opcode::Madc;
    const bool carry_out = s.has(Modifier::Cc);
    const Operand flag{.kind = OperandKind::reg, .bits = 1, .reg = carry_flag_row()};
    if (carry_in) {
      if (in.src_count == kMaxSrc) {
        fail(s, "too many source operands");
        return;
      }
      in.flags |= kCarryIn;
      in.src[in.src_count++] = flag;
    }
    if (carry_out) {
      if (in.dst_count == kMaxDst) {
        fail(s, "too many destination operands");
        return;
      }
      in.flags |= kCarryOut;
      in.dst[in.dst_count++] = flag;
    }
  }

  std::uint32_t carry_flag_row() const { return spec_.register_count; }

  void decode_barrier(const InstructionSpec& s, DecodedInstruction& in) {
    in.combine = Modifier::Sync;
    if (s.has(Modifier::Arrive)) in.combine = Modifier::Arrive;
    if (s.has(Modifier::Red)) in.combine = Modifier::Red;
    for (Modifier m : {Modifier::Popc, Modifier::And, Modifier::Or}) {
      if (s.has(m)) in.mode = m;
    }
    // bar.* is always aligned; barrier.* only with .aligned.
    if (s.opcode == isa::Opcode::Bar) in.flags |= kAligned;
    if (in.combine == Modifier::Red && in.mode == Modifier::Count) {
      fail(s, "bar.red needs .popc, .and or .or");
    }
    if (s.opcode == isa::Opcode::BarrierCluster) {
      // barrier.cluster.arrive / .wait: no operands; .aligned changes nothing here.
      if (!s.has(Modifier::Arrive) && !s.has(Modifier::Wait)) fail(s, "needs .arrive or .wait");
      // An arrive's memory order: .relaxed has no release fence (the timing
      // model charges that fence, src/timing/cluster_release.h).
      if (s.has(Modifier::Relaxed)) in.mode = Modifier::Relaxed;
      return;
    }
    if (in.src_count == 0) fail(s, "a barrier needs a barrier id");
  }

  // What a membar or fence orders, for the timing model (the values do not
  // depend on it): its scope (membar.gl is the gpu scope), or .proxy for the
  // forms that order less than all of memory (proxy, mbarrier_init,
  // sync_restrict and op_restrict), whose cost was not measured.
  static void set_fence_scope(const InstructionSpec& s, DecodedInstruction& in) {
    for (Modifier m : {Modifier::Proxy, Modifier::MbarrierInit, Modifier::SyncRestrictSharedCta,
                       Modifier::SyncRestrictSharedCluster, Modifier::OpRestrictRelease}) {
      if (!s.has(m)) continue;
      in.mode = Modifier::Proxy;
      return;
    }
    for (Modifier m : {Modifier::Cta, Modifier::Cluster, Modifier::Gpu, Modifier::Sys}) {
      if (s.has(m)) in.mode = m;
    }
    if (s.has(Modifier::Gl)) in.mode = Modifier::Gpu;
  }

  // Each branch reconverges at its immediate post-dominator.
  void set_reconvergence(DecodedKernel& kernel) {
    const auto n = static_cast<std::uint32_t>(kernel.code.size());
    std::vector<std::vector<std::uint32_t>> successors(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      const DecodedInstruction& in = kernel.code[i];
      const std::vector<std::uint32_t>* table =
          in.control == Control::branch_indexed && in.target < kernel.jump_tables.size()
              ? &kernel.jump_tables[in.target]
              : nullptr;
      append_successors(in.control, in.guard_reg != kNoReg, in.target < n ? in.target : kNoPc, i,
                        successors[i], table);
    }
    const std::vector<std::uint32_t> ipdom = immediate_post_dominators(successors);
    for (std::uint32_t i = 0; i < n; ++i) {
      const Control control = kernel.code[i].control;
      if (control == Control::branch || control == Control::branch_indexed) {
        kernel.code[i].reconverge = ipdom[i];
      }
    }
  }

  // The instructions whose executors take a .b128 register as two rows.
  static bool takes_wide_registers(isa::Opcode op) {
    return op == isa::Opcode::Mov || op == isa::Opcode::Ld || op == isa::Opcode::Ldu ||
           op == isa::Opcode::St || op == isa::Opcode::Atom;
  }

  // Matrix instructions and tensor copies (up to five coordinates, three
  // im2col offsets, a CTA mask and a cache policy) keep their many operands
  // in the kernel's list.
  static bool has_operand_list(isa::Opcode op) {
    return op == isa::Opcode::Mma || op == isa::Opcode::WmmaLoad || op == isa::Opcode::WmmaStore ||
           op == isa::Opcode::WmmaMma || op == isa::Opcode::CpAsyncBulkTensor ||
           op == isa::Opcode::CpReduceAsyncBulkTensor ||
           op == isa::Opcode::CpAsyncBulkPrefetchTensor || op == isa::Opcode::MmaSp ||
           op == isa::Opcode::MmaSpOrdered || op == isa::Opcode::WgmmaMmaAsync ||
           op == isa::Opcode::WgmmaMmaAsyncSp;
  }

  const KernelSpec& spec_;
  std::vector<DecodeError> errors_;
  std::vector<Operand> operand_lists_;
  std::optional<DescriptorQuery> descriptor_query_;
};

}  // namespace

DecodeResult decode_kernel(const KernelSpec& spec) {
  return KernelDecoder(spec).run();
}

}  // namespace smsim::func
