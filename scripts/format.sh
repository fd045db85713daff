#!/usr/bin/env bash
# The C++ sources in the style of .clang-format (clang-format 14, installed from Debian's packages if
# missing). scripts/format.sh --check [FILE...]: lists the files that differ and fails if any does;
# --apply [FILE...]: rewrites them. Without FILEs: every C++ file git tracks.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-}"
case "$mode" in
  --check | --apply) shift ;;
  *) echo "usage: scripts/format.sh --check|--apply [FILE...]" >&2; exit 2 ;;
esac
if ! command -v clang-format >/dev/null; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq clang-format
fi
export style="--style=file:$PWD/.clang-format"
if (($#)); then files=("$@"); else mapfile -t files < <(git ls-files '*.cpp' '*.h'); fi
if [ "$mode" = --apply ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 16 -P "$(nproc)" clang-format "$style" -i
  exit 0
fi
# shellcheck disable=SC2016
differ=$(printf '%s\0' "${files[@]}" | xargs -0 -n 1 -P "$(nproc)" sh -c 'clang-format "$style" "$1" | cmp -s "$1" - || echo "$1"' sh | sort)
if [ -n "$differ" ]; then
  echo "$differ"
  echo "$(echo "$differ" | wc -l) of ${#files[@]} files are not formatted (scripts/format.sh --apply rewrites them)" >&2
  exit 1
fi
echo "${#files[@]} files formatted"
