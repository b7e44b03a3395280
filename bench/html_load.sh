#!/usr/bin/env bash
# How long the HTML page of a result with many samples takes to open in a real browser (issue
# 17: 10^5 samples, a file under 2 MB that opens in under a second). A benchmark, not a test;
# it builds nothing.
#   bench/html_load.sh PATH/TO/hwbench [SAMPLES] [ROUNDS]   (defaults: 100000 samples, 5 rounds)
# Runs two series of SAMPLES/2 `nop` samples each with a `report table` (the cp article's
# layout: every sample drawn in run order, the heaviest chart there is) and a line report (a
# histogram per series), writes the page with `hwbench report --format html`, and opens it
# ROUNDS times in Debian's chromium, headless. A copy of the page gets one line of
# script at its end that, once the load event has finished, writes into the page's title
#   - load: from navigation start to the end of the load event (parsing, style, layout of the
#     whole page, inline SVG included), the browser's own Navigation Timing figures;
#   - paint: the first contentful paint.
# Prints the page's size and, per round and as the median, both figures in milliseconds.
set -euo pipefail
. "$(dirname "$0")/common.sh"
hwbench_binary "${1:?usage: bench/html_load.sh PATH/TO/hwbench [SAMPLES] [ROUNDS]}"
samples=${2:-100000}
rounds=${3:-5}
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || die "chromium is not installed (apt-get install chromium)"
work_dir hwbench-html
dir=$work

half=$((samples / 2))
printf 'series "a" nop runs %s\nseries "b" nop runs %s\nreport table ops/s with mean\nreport ops/s mean, ci95, count\n' \
  "$half" "$((samples - half))" > "$dir/many.bench"
"$hwbench" run -q -o "$dir/many.json" "$dir/many.bench" > /dev/null
"$hwbench" report --format html "$dir/many.json" > "$dir/page.html"
bytes=$(stat -c %s "$dir/page.html")

# The measuring line goes just before </body>, after everything the page holds.
probe='<script>addEventListener("load",()=>setTimeout(()=>{const n=performance.getEntriesByType("navigation")[0];'
probe+='const p=performance.getEntriesByName("first-contentful-paint")[0];'
probe+='document.title="load="+Math.round(n.loadEventEnd)+" paint="+Math.round(p?p.startTime:-1)},0))</script>'
sed "s#</body>#${probe}</body>#" "$dir/page.html" > "$dir/probe.html"
grep -q 'load="+Math' "$dir/probe.html" || die "the page has no </body>"

printf 'samples:    %s\npage:       %.2f MB\n' "$samples" "$(echo "$bytes / 1000000" | bc -l)"
loads=() paints=()
for ((r = 1; r <= rounds; r++)); do
  title=$("$chromium" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --disable-background-networking --disable-component-update --disable-sync --disable-dev-shm-usage \
    --user-data-dir="$dir/profile" --proxy-server=127.0.0.1:9 --host-resolver-rules='MAP * ~NOTFOUND' \
    --window-size=1000,2400 --virtual-time-budget=5000 --dump-dom "file://$dir/probe.html" 2>/dev/null |
    grep -o '<title>load=[0-9]* paint=-\?[0-9]*</title>' || true)
  [ -n "$title" ] || die "round $r: the page reported no timing"
  load=$(sed 's/.*load=\([0-9]*\).*/\1/' <<< "$title")
  paint=$(sed 's/.*paint=\(-\?[0-9]*\).*/\1/' <<< "$title")
  loads+=("$load") paints+=("$paint")
  printf 'round %d:    load %s ms, first paint %s ms\n' "$r" "$load" "$paint"
done
# Headless chromium may dump the page before it paints: -1, left out of the paint's median.
painted=()
for p in "${paints[@]}"; do [ "$p" -lt 0 ] || painted+=("$p"); done
paint_median=n/a
[ "${#painted[@]}" -eq 0 ] || paint_median="$(printf '%s\n' "${painted[@]}" | median) ms (${#painted[@]} of $rounds rounds painted)"
printf 'median:     load %s ms (goal: under 1000 ms), first paint %s\n' "$(printf '%s\n' "${loads[@]}" | median)" "$paint_median"
