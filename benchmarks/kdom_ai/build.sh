#!/usr/bin/env bash
# Build regalia's kdom-ai driver (RandomGames.java, beside this script) outside the
# repository, against a copy of kdom-ai (Gedda et al. 2018) fetched by the user; kdom-ai's
# code is never copied into regalia.
#
# Usage: benchmarks/kdom_ai/build.sh KDOM_AI_CHECKOUT OUT_DIR
#   KDOM_AI_CHECKOUT: a clone of github mgedda/kdom-ai (any folder holding its src/main);
#   OUT_DIR: where the classes go (a temporary folder outside the repository).
# Needs a JDK (javac 11+) and fastutil (Debian: apt-get install libfastutil-java, which puts
# /usr/share/java/fastutil.jar; or FASTUTIL_JAR=path). Then benchmarks/bench_native.py
# --kdom-ai OUT_DIR runs it (java -cp OUT_DIR:fastutil.jar RandomGames 4 WARMUP SECONDS).
#
# kdom-ai targets Java 8 and imports com.sun.istack.internal.Nullable, an annotation that
# later JDKs do not ship: the copy compiled here has that import and its uses removed (an
# annotation: no behaviour changes). javac compiles only the classes the driver reaches.
set -euo pipefail
src=${1:?usage: build.sh KDOM_AI_CHECKOUT OUT_DIR}
out=${2:?usage: build.sh KDOM_AI_CHECKOUT OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
jar=${FASTUTIL_JAR:-/usr/share/java/fastutil.jar}
[ -f "$jar" ] || { echo "fastutil not found at $jar (apt-get install libfastutil-java)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -d "$src/src/main" ]; then
  cp -r "$src/src/main" "$work/main"
else   # a bare git directory (a fetched mirror)
  mkdir -p "$work/tree" && git -C "$src" archive HEAD src/main | tar -x -C "$work/tree"
  mv "$work/tree/src/main" "$work/main"
fi
grep -rl "com.sun.istack.internal.Nullable" "$work/main" | while read -r f; do
  sed -i -e '/import com.sun.istack.internal.Nullable;/d' -e 's/@Nullable //g' "$f"
done
mkdir -p "$out"
javac -nowarn -encoding UTF-8 -d "$out" -cp "$jar" -sourcepath "$work/main" \
      "$here/RandomGames.java"
echo "built $out (run: java -cp $out:$jar RandomGames 4 5 10)"
