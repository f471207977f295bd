#!/bin/sh
# Builds dispatch-bench as it was before issue 28 (the audio rules), the dispatcher's
# reference, from that commit's files unpacked under .build/ (once), and prints the program's path. Issue 39 asks that the
# dispatcher be no slower than that build, run interleaved with it on the same machine.
# usage: bench/dispatcher_baseline.sh SWIFT_BUILD_FLAGS...
set -eu
# The last commit before issue 28's first (48e6937, "Core: rule 2 as a person hears it").
baseline=48e6937^
top=$(git rev-parse --show-toplevel)
tree="$top/.build/dispatcher-baseline"
# Unpacked whole or not at all: an interrupted unpack leaves no stamp, and is done again.
if [ ! -e "$tree/.unpacked" ]; then
    rm -rf "$tree"
    mkdir -p "$tree"
    git -C "$top" archive "$baseline" | tar -x -C "$tree"
    touch "$tree/.unpacked"
fi
cd "$tree"
"${SWIFT:-swift}" build "$@" --product dispatch-bench > /dev/null
echo "$("${SWIFT:-swift}" build "$@" --show-bin-path)/dispatch-bench"
