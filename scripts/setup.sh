#!/usr/bin/env bash
# Installs the Debian packages smsim needs that this machine lacks (run as root,
# or with sudo available). Safe to run repeatedly: it installs nothing when all
# are present.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang ccache pkg-config python3
  libgtest-dev libgmock-dev libbenchmark-dev
  libfmt-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev
  libzstd-dev liblz4-dev libclang-rt-14-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "smsim setup: installing ${missing[*]}" >&2
sudo_cmd=()
[[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
