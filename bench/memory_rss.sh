#!/usr/bin/env bash
# Issue 3 acceptance 5, memory: the simulator's peak RSS stays within the
# simulated device allocations plus 100 MB. `smsim ptx` copies a 64 MiB
# buffer filled from a file into another 64 MiB buffer (both touched, 128 MiB
# of device data) and GNU time reports the peak RSS of the process.
#   bench/memory_rss.sh [BUILD_DIR]      (default build; needs /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bytes=$((64 << 20))
head -c "$bytes" /dev/urandom >"$work/in.bin"
cat >"$work/copy.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry copy(.param .u64 dst, .param .u64 src, .param .u32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<6>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [dst];
  ld.param.u64 %rd2, [src];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r5, %r1;
  @%p1 bra DONE;
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd2, %rd3;
  add.s64 %rd5, %rd1, %rd3;
  ld.global.u32 %r1, [%rd4];
  st.global.u32 [%rd5], %r1;
DONE:
  ret;
}
PTX
words=$((bytes / 4))
/usr/bin/time -f '%M' -o "$work/rss_kib" "$build/bin/smsim" ptx "$work/copy.ptx" --kernel copy \
  --grid $((words / 256)) --block 256 \
  --arg "buf:$bytes:$work/out.bin" --arg "file:$work/in.bin" --arg "u32:$words" >/dev/null
cmp -s "$work/in.bin" "$work/out.bin" || { echo "the copy's output differs from its input"; exit 1; }
rss_kib=$(cat "$work/rss_kib")
allocated_mib=$((2 * bytes >> 20))
limit_mib=$((allocated_mib + 100))
echo "peak RSS $((rss_kib / 1024)) MiB for ${allocated_mib} MiB of device allocations (limit ${limit_mib} MiB)"
((rss_kib / 1024 <= limit_mib))
