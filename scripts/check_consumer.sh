#!/usr/bin/env bash
# A find_package(cunum) consumer (issue 7): installs build/test into a prefix
# as a user would (cmake --install), then configures, builds and runs the
# small program of tests/consumer against that prefix alone.
#   scripts/check_consumer.sh [build dir, default build/test]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/test}
prefix=$PWD/build/consumer-prefix
rm -rf "$prefix" build/consumer
cmake --install "$build" --prefix "$prefix" > /dev/null
cmake -S tests/consumer -B build/consumer -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" > /dev/null
cmake --build build/consumer
./build/consumer/consumer
