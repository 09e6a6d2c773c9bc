#pragma once
// The checked PTX IR: the contract between the front end and the engines.
// Names are resolved to dense ids (registers per function, variables,
// functions, labels -> instruction indices), so executing an instruction needs
// no string or map; names stay in the declarations for printing and
// diagnostics. A Function's `body` keeps the original statement order and
// block nesting so the printer can write back text that ptxas accepts.

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "isa/modifier.h"
#include "isa/opcode.h"
#include "isa/special_register.h"
#include "isa/state_space.h"
#include "isa/type.h"
#include "ptx/diagnostics.h"

namespace smsim::ptx {

using isa::Modifier;
using isa::Opcode;
using isa::StateSpace;
using isa::Type;

inline constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();
using RegId = uint32_t;

enum class Linkage : uint8_t { None, Visible, Extern, Weak, Common };

// Texture/sampler/surface handles are variables without a numeric type.
enum class OpaqueKind : uint8_t { None, Texref, Samplerref, Surfref };

// ---------------------------------------------------------------- variables
enum class InitKind : uint8_t {
  Open,     // `{`
  Close,    // `}`
  Integer,  // bits of the value
  Float,    // bits of an f32 (`float_bits` 32) or f64 (64) value
  Address,  // `sym`, `sym+off`, `generic(sym)+off`, `mask(...)` not supported
};

struct InitItem {
  InitKind kind = InitKind::Integer;
  uint8_t float_bits = 0;
  bool generic = false;   // `generic(sym)`
  bool negative = false;  // written with a leading minus (printing only)
  uint64_t bits = 0;
  uint32_t symbol = kNone;  // global variable or function index (see SymbolRef)
  bool symbol_is_function = false;
  int64_t offset = 0;
};

struct Variable {
  std::string name;
  StateSpace space = StateSpace::Global;
  Linkage linkage = Linkage::None;
  Type type = Type::B8;
  OpaqueKind opaque = OpaqueKind::None;
  uint8_t vector = 1;          // `.v2` / `.v4`
  uint32_t align = 0;          // 0 when not given
  std::vector<uint64_t> dims;  // array dimensions; 0 means `[]` (size from initializer or extern)
  std::vector<InitItem> init;  // empty when there is no initializer
  std::string raw_init;        // samplerref `{ filter_mode = linear, ... }` kept as text
  bool managed = false;        // `.attribute(.managed)`: CUDA __managed__ memory
  bool is_ptr = false;         // `.ptr` (kernel params)
  StateSpace ptr_space = StateSpace::Generic;
  uint32_t ptr_align = 0;
  SourceLoc loc;

  uint64_t element_count() const;  // product of dims (1 for scalars)
  uint64_t size_bytes() const;     // element_count * vector * type bytes
};

// --------------------------------------------------------------- operands
enum class SymbolKind : uint8_t { None, Global, Local, Param, Return, Function };

struct SymbolRef {
  SymbolKind kind = SymbolKind::None;
  uint32_t index =
      kNone;  // into Module::globals / Function::locals / params / returns / Module::functions
  bool valid() const { return kind != SymbolKind::None; }
};

enum class OperandKind : uint8_t {
  Register,         // `reg`
  SpecialRegister,  // `sreg`
  Immediate,        // `bits` (two's complement)
  FloatImmediate,   // `bits` of an f32 or f64 (`float_bits`)
  Symbol,           // `symbol` (its address, or the function for call)
  Label,            // `label` (Function::labels index)
  Address,          // `[base + offset]`: base is `reg`, `symbol` or neither (absolute)
  Vector,           // `{a, b, ...}`: children
  ParamList,        // `(a, b, ...)`: children
  PipePair,         // `d|p`: two children
  TexAddress,       // `[tex, sampler, {coords}]`: children
  Sink,             // `_`
};

// Sub-word selectors of video instructions (`%r1.b0`, `%r2.h1`).
enum class VideoSelector : uint8_t { None, B0, B1, B2, B3, H0, H1 };

// Kept small (48 bytes): a large module holds millions of operands.
struct Operand {
  OperandKind kind = OperandKind::Sink;
  bool negated = false;    // `!%p`
  bool negative = false;   // immediate written with a leading minus (printing only)
  uint8_t float_bits = 0;  // 32 or 64 for FloatImmediate
  VideoSelector selector = VideoSelector::None;
  isa::SpecialRegisterRef sreg{isa::SpecialRegister::Tid};
  RegId reg = kNone;
  SymbolRef symbol;
  uint32_t label = kNone;
  uint32_t first_child = 0;  // children live in Function::operand_pool
  uint32_t child_count = 0;
  union {
    uint64_t bits = 0;  // Immediate / FloatImmediate
    int64_t offset;     // Address
  };
  SourceLoc loc;
};
static_assert(sizeof(Operand) <= 48, "Operand grew: large modules hold millions of them");

// ------------------------------------------------------------ instructions
enum class SuffixKind : uint8_t { Modifier, Type, Shape };

struct Suffix {
  SuffixKind kind = SuffixKind::Modifier;
  uint16_t value = 0;  // Modifier or Type enum value; unused for Shape
  static Suffix of(Modifier m) { return {SuffixKind::Modifier, static_cast<uint16_t>(m)}; }
  static Suffix of(Type t) { return {SuffixKind::Type, static_cast<uint16_t>(t)}; }
  Modifier modifier() const { return static_cast<Modifier>(value); }
  Type type() const { return static_cast<Type>(value); }
};

struct MatrixShape {
  uint16_t m = 0, n = 0, k = 0;  // k == 0 for `.m8n8` (ldmatrix)
  bool present() const { return m != 0; }
};

inline constexpr std::size_t kMaxSuffixes = 16;

struct Instruction {
  Opcode opcode = Opcode::Mov;
  uint8_t suffix_count = 0;
  std::array<Suffix, kMaxSuffixes> suffixes{};  // in source order (printing)
  MatrixShape shape;
  RegId guard = kNone;  // predicate register, or kNone
  bool guard_negated = false;
  uint32_t first_operand = 0;  // in Function::operand_pool
  uint32_t operand_count = 0;
  SourceLoc loc;               // PTX line:col
  uint32_t debug_loc = kNone;  // Function::debug_locs index of the latest `.loc`

  std::span<const Suffix> suffix_list() const { return {suffixes.data(), suffix_count}; }
  bool has(Modifier m) const;
  // The n-th type suffix (instruction type, then source type for cvt ...).
  std::optional<Type> type(std::size_t n = 0) const;
  std::size_t type_count() const;
  // The first modifier of a group, e.g. the rounding mode.
  std::optional<Modifier> modifier_in(isa::ModifierGroup g) const;
  // The (first) state space named by a modifier, Generic when none.
  StateSpace space() const;
  unsigned vector_width() const;  // 1, 2, 4 or 8
};

// ---------------------------------------------------------------- functions
struct RegisterDecl {
  std::string name;  // `%r` for `%r<10>`, `%p` for a plain `%p`
  Type type = Type::B32;
  uint8_t vector = 1;  // `.reg .v4 .f32 %v`
  uint32_t count = 0;  // 0 for a plain name, N for `name<N>`
  RegId first = 0;
  SourceLoc loc;
};

struct RegisterInfo {
  Type type = Type::B32;
  uint32_t decl = 0;       // RegisterDecl index
  uint32_t index = kNone;  // index within a `<N>` range, kNone for a plain name
};

struct Label {
  std::string name;
  uint32_t target = kNone;       // instruction index the label precedes
  uint32_t target_list = kNone;  // TargetList index for `.branchtargets` / `.calltargets`
  uint32_t prototype = kNone;    // Prototype index for `.callprototype`
  SourceLoc loc;                 // definition, or first use while undefined
  bool defined = false;
};

struct TargetList {
  bool calls = false;             // `.calltargets` (functions) vs `.branchtargets` (labels)
  std::vector<uint32_t> targets;  // label ids, or function indices
};

struct Prototype {
  std::vector<Variable> returns;
  std::vector<Variable> params;
  bool noreturn = false;
};

// One `.loc` directive.
struct DebugLoc {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;
  std::string extra;  // `, function_name ..., inlined_at ...` kept for printing
};

struct PerfDirectives {
  std::vector<uint32_t> maxntid, reqntid, reqnctapercluster;
  std::optional<uint32_t> minnctapersm, maxnctapersm, maxnreg, maxclusterrank;
  bool explicitcluster = false;
  bool noreturn = false;
  std::vector<std::string> pragmas;  // header `.pragma "...";`
};

enum class BodyItemKind : uint8_t {
  Instruction,
  RegisterDecl,
  Local,
  Label,
  BlockOpen,
  BlockClose,
  Pragma,
  Loc,
};

struct BodyItem {
  BodyItemKind kind;
  uint32_t index;  // into the matching vector (Pragma: Function::pragmas)
};

struct Function {
  std::string name;
  bool is_entry = false;
  Linkage linkage = Linkage::None;
  bool has_body = false;
  std::vector<Variable> returns;
  std::vector<Variable> params;
  PerfDirectives perf;
  SourceLoc loc;

  std::vector<RegisterDecl> register_decls;
  std::vector<RegisterInfo> registers;  // RegId -> type
  std::vector<Variable> locals;         // `.local/.shared/.param` inside the body
  std::vector<Instruction> instructions;
  std::vector<Operand> operand_pool;
  std::vector<Label> labels;
  std::vector<TargetList> target_lists;
  std::vector<Prototype> prototypes;
  std::vector<DebugLoc> debug_locs;
  std::vector<std::string> pragmas;
  std::vector<BodyItem> body;

  std::span<const Operand> operands(const Instruction& inst) const {
    return {operand_pool.data() + inst.first_operand, inst.operand_count};
  }
  std::span<const Operand> children(const Operand& op) const {
    return {operand_pool.data() + op.first_child, op.child_count};
  }
  Type register_type(RegId r) const { return registers[r].type; }
  std::string register_name(RegId r) const;
};

// ------------------------------------------------------------------ module
struct FileEntry {
  uint32_t index = 0;
  std::string name;
  std::optional<uint64_t> timestamp, size;
};

struct Section {
  std::string name;  // `.debug_info`
  std::string body;  // verbatim text between the braces
};

struct Alias {
  std::string alias, target;
};

// FunctionDecl is a prototype (`.func f(...);`) seen before the definition.
enum class ModuleItemKind : uint8_t {
  Global,
  FunctionDecl,
  Function,
  File,
  Section,
  Dwarf,
  Alias,
  Pragma
};

struct ModuleItem {
  ModuleItemKind kind;
  uint32_t index;
};

struct Module {
  uint32_t version_major = 0, version_minor = 0;
  std::vector<std::string> target;  // `sm_90a`, `texmode_independent`, `debug`
  uint32_t sm = 0;                  // numeric part of the sm_XX target, 0 when absent
  uint32_t address_size = 64;
  bool has_address_size = false;

  std::vector<Variable> globals;
  std::vector<Function> functions;
  std::vector<FileEntry> files;
  std::vector<Section> sections;
  std::vector<std::string> dwarf_lines;
  std::vector<Alias> aliases;
  std::vector<std::string> pragmas;
  std::vector<ModuleItem> items;  // declaration order, for printing

  std::optional<uint32_t> find_function(std::string_view name) const;
  std::optional<uint32_t> find_global(std::string_view name) const;
};

}  // namespace smsim::ptx
