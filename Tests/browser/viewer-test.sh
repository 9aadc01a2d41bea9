#!/usr/bin/env bash
# Part of make browser-test: the pan/zoom viewer (site/assets/zoom.js) and the CSS polish on the
# static page Tests/browser/zoom-test.html, in headless Chromium. Screenshots (light, dark, and
# after following an anchor under the sticky header) go to .build/browser-test/viewer-*.png;
# checks read the DOM Chromium dumps after the scripts ran. Any console message fails.
set -euo pipefail
BIN=${1:-.build/debug/nibviz}
CORPUS=${2:-../shared/corpus/files}
OUT=.build/browser-test/viewer
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROMIUM" ] || { echo "viewer-test: chromium not found (apt-get install chromium)"; exit 1; }
rm -rf "$OUT" && mkdir -p "$OUT/assets"
cp site/assets/*.css site/assets/*.js "$OUT/assets/"
cp Tests/browser/zoom-test.html "$OUT/index.html"
big="$CORPUS/altstoreio__AltStore/AltStore__Base.lproj__Main.storyboard"
if [ -f "$big" ]; then
  "$BIN" render "$big" --scene "CgX-7h-sRI" -T svg -o "$OUT/big.svg"
else
  "$BIN" render Tests/NibVizCLITests/__Fixtures__/Names.storyboard --scene Settings -T svg -o "$OUT/big.svg"
fi
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --disable-default-apps --virtual-time-budget=3000)
status=0
shot() { # name url [extra flags…]
  local name=$1 url=$2; shift 2
  timeout 120 "$CHROMIUM" "${flags[@]}" --enable-logging=stderr --v=0 --window-size=1280,1000 "$@" \
    --screenshot="$OUT/../viewer-$name.png" "$url" >"$OUT/$name.log" 2>&1 || true
  if grep -q 'CONSOLE' "$OUT/$name.log"; then echo "viewer-test: console messages ($name):"; grep 'CONSOLE' "$OUT/$name.log"; status=1; fi
  [ -s "$OUT/../viewer-$name.png" ] || { echo "viewer-test: no screenshot for $name"; status=1; }
  echo "viewer-test: $name -> $OUT/../viewer-$name.png"
}
page="file://$PWD/$OUT/index.html"
shot light "$page?theme=light"
shot dark "$page?theme=dark" --force-dark-mode --blink-settings=preferredColorScheme=0
shot anchor "$page?theme=light#image"
dom() { timeout 60 "$CHROMIUM" "${flags[@]}" --window-size=1280,1000 --dump-dom "$1" 2>/dev/null || true; }
check() { # description, pattern, dom
  if echo "$3" | grep -qE "$2"; then echo "viewer-test: $1"; else echo "viewer-test: FAILED: $1"; status=1; fi
}
light=$(dom "$page?theme=light")
check "two viewers with toolbars" '(class="zoom-toolbar".*){2}' "$(echo "$light" | tr -d '\n')"
check "each links to the standalone SVG" '<a class="zoom-open" href="big.svg"' "$light"
# One zoom readout per toolbar: the status, not also the "Actual size" button.
check "one zoom readout per toolbar" '^1$' "$(echo "$light" | tr -d '\n' | grep -o '<div class="zoom-toolbar">.*</div>' | head -1 | sed 's/<\/div>.*//' | grep -o '[0-9]\+ %' | wc -l)"
check "the viewport is focusable and labelled" 'class="zoom-viewport" tabindex="0" role="group"' "$light"
# 2,400 pt with 10 pt text: fit would be ~30 %; the viewer starts where text is 9 px (68 %).
check "the inline viewer starts at a legible scale" 'class="zoom-status" aria-live="polite">68 %<' "$light"
check "the theme toggle says what it switches to" 'id="theme-toggle"[^>]*>☾ Dark<' "$light"
keys=$(dom "$page?theme=light&keys=%2B%2B")
check "+ + from the keyboard zooms in" 'data-keys-sent="\+\+"' "$keys"
check "… by 1.25 twice (68 % → 105 %)" 'class="zoom-status" aria-live="polite">105 %<' "$keys"
fit=$(dom "$page?theme=light&keys=0")
check "0 fits the width" 'class="zoom-status" aria-live="polite">[23][0-9] %<' "$fit"
dark=$(dom "$page?theme=dark")
check "in dark mode the toggle offers light" 'id="theme-toggle"[^>]*>☀ Light<' "$dark"
[ $status = 0 ] && echo "viewer-test: OK"
exit $status
