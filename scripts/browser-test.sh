#!/usr/bin/env bash
# make browser-test: headless Chromium loads the index, a concept page and the biggest document
# page of the corpus, in light and dark mode. Screenshots go to .build/browser-test/; any console
# message (errors, failed loads; the site itself logs nothing) fails the test.
set -euo pipefail
BIN=${1:-.build/debug/nibviz}
CORPUS=${2:-../shared/corpus/files}
OUT=.build/browser-test
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || { echo "browser-test: chromium not found (apt-get install chromium)"; exit 1; }
mkdir -p "$OUT"
rm -f "$OUT"/*.png "$OUT"/*.log
inputs=()
big=""
if [ -d "$CORPUS" ]; then
  big=$(find "$CORPUS" -name '*.storyboard' -printf '%s %p\n' | sort -n | tail -1 | cut -d' ' -f2-)
  inputs+=("$big")
else
  echo "browser-test: no corpus at $CORPUS; testing concept pages only"
fi
"$BIN" site "${inputs[@]}" -o "$OUT/site" --cache "$OUT/cache" || true
pages=("index.html" "concepts/view-cycle.html")
if [ -n "$big" ]; then
  pages+=("$(cd "$OUT/site" && find documents -name '*.html' ! -name index.html | head -1)")
fi
status=0
for page in "${pages[@]}"; do
  for theme in light dark; do
    name=$(echo "$page" | tr '/' '_' | sed 's/\.html$//')-$theme
    flags=()
    [ "$theme" = dark ] && flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0)
    url="file://$PWD/$OUT/site/$page?theme=$theme"
    timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync --disable-default-apps \
      --enable-logging=stderr --v=0 --window-size=1280,1600 --virtual-time-budget=3000 \
      "${flags[@]}" --screenshot="$OUT/$name.png" "$url" >"$OUT/$name.log" 2>&1 || true
    if grep -q 'CONSOLE' "$OUT/$name.log"; then
      echo "browser-test: console messages on $page ($theme):"; grep 'CONSOLE' "$OUT/$name.log"; status=1
    fi
    if [ ! -s "$OUT/$name.png" ]; then echo "browser-test: no screenshot for $page ($theme)"; status=1; fi
    echo "browser-test: $page ($theme) -> $OUT/$name.png"
  done
done
[ $status = 0 ] && echo "browser-test: OK, no console errors"
exit $status
