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
# A document deep in a Pods-like folder: its path is one long word the pages must wrap.
deep="$OUT/inputs/Pods/SomeVendorFramework.framework/Versions/B/Resources/Base.lproj"
rm -rf "$OUT/inputs" && mkdir -p "$deep"
cp Tests/Fuzz/seeds/xib/card.xib "$deep/SomeVendorPermissionPromptWindowController.xib"
inputs+=("$OUT/inputs")
"$BIN" site "${inputs[@]}" -o "$OUT/site" --cache "$OUT/cache" || true
pages=("index.html" "concepts/view-cycle.html")
if [ -n "$big" ]; then
  # The big storyboard's page (not the Pods fixture's).
  pages+=("$(cd "$OUT/site" && find documents -name "$(basename "$big").html" | sort | head -1)")
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
# No page is wider than the window (a long document path once widened the home page, and a
# document page's breadcrumbs on a phone): a copy of each page with a probe that reports the
# document's scroll width against the window's, at a desktop width and at 500 px (the narrowest
# window headless Chromium opens).
probe='<script>addEventListener("load",()=>setTimeout(()=>{const p=document.createElement("pre");p.id="probe";
p.textContent="width "+document.documentElement.scrollWidth+" of "+document.documentElement.clientWidth;document.body.appendChild(p)},300))</script>'
trap 'find "$OUT/site" -name zz-width-probe.html -delete 2>/dev/null || true' EXIT
fits() { # page window-width
  local copy width scroll client
  if [ -z "$1" ] || [ ! -f "$OUT/site/$1" ]; then
    echo "browser-test: no page '$1' to measure"; status=1; return
  fi
  copy="$(dirname "$OUT/site/$1")/zz-width-probe.html"
  { cat "$OUT/site/$1"; echo "$probe"; } >"$copy"
  width=$(timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --window-size="$2",1600 \
    --virtual-time-budget=3000 --dump-dom "file://$PWD/$copy" 2>/dev/null \
    | sed -n 's/.*<pre id="probe">width \([0-9]*\) of \([0-9]*\)<.*/\1 \2/p' || true)
  rm -f "$copy"
  read -r scroll client <<<"${width:-0 0}"
  if [ "$client" = 0 ]; then
    echo "browser-test: the width probe on $1 did not report (page not loaded in time?)"; status=1
  elif [ "$client" -gt "$2" ] || [ "$client" -lt $(($2 * 3 / 4)) ]; then
    echo "browser-test: $1 was measured in a ${client} px window, not about $2 px"; status=1
  elif [ "$scroll" -gt "$client" ]; then
    echo "browser-test: $1 at $2 px is wider than the window (scroll width ${scroll}, window ${client})"; status=1
  else
    echo "browser-test: $1 fits a $2 px window"
  fi
}
deepPage=$(cd "$OUT/site" && find documents -path '*SomeVendorPermissionPromptWindowController.xib.html' | head -1)
for page in "${pages[@]}" "$deepPage"; do fits "$page" 1280; done
for page in "index.html" "$deepPage"; do fits "$page" 500; done
# Search: ?q= runs a query on load; the dumped DOM must list a result for a rule and a selector.
for query in "R-LOAD-6" "viewDidUnload"; do
  dom=$(timeout 60 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --virtual-time-budget=3000 \
    --dump-dom "file://$PWD/$OUT/site/index.html?q=$query" 2>/dev/null || true)
  if echo "$dom" | grep -q '<ul id="search-results"><li><a href='; then
    echo "browser-test: search for $query lists results"
  else
    echo "browser-test: search for $query shows no result"; status=1
  fi
done
# Narrow screen (phone): the sidebar folds above the content.
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --window-size=390,1400 \
  --virtual-time-budget=3000 --screenshot="$OUT/concept-narrow.png" "file://$PWD/$OUT/site/concepts/appearance.html" >/dev/null 2>&1 || true
echo "browser-test: narrow screen -> $OUT/concept-narrow.png"
# The pan/zoom viewer and the CSS polish on a static test page (Tests/browser/zoom-test.html).
Tests/browser/viewer-test.sh "$BIN" "$CORPUS" || status=1
[ $status = 0 ] && echo "browser-test: OK, no console errors"
exit $status
