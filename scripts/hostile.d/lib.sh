# Shared by scripts/hostile.sh and the case files beside this one (sourced, not run).
# Each case file scripts/hostile.d/<area>.sh builds its inputs under "$DIR/<area>" and calls
# `run_case NAME EXPECT CMD...` once a case. EXPECT is the exit status the case must end
# with (0, 1 or 2). Each case runs three times, each run held to 3 GB of address space and
# 10 s; the line printed is
#   NAME | exit N (want E) | T s (median of the runs) | M kB (largest peak) | first line of
#   output naming a code (MU…, AC…, …)
# and a case fails (FAILED at the end of its line, and hostile.sh exits 1) when its exit
# status is not EXPECT, its median time is 1 s or more, or its peak memory 300 MB or more.
run_case() {
  local name="$1" expect="$2"; shift 2
  local out err t status=0 runs=() kb=0 i
  out="$(mktemp)"; err="$(mktemp)"; t="$(mktemp)"
  # Three runs; the median time (the kernel on this VM now and then adds half a second
  # of system time to one run of a large input) and the largest peak memory.
  for i in 1 2 3; do
    status=0
    ( ulimit -v 3000000; timeout 10 /usr/bin/time -q -f "%e %M" -o "$t" "$@" >"$out" 2>"$err" < /dev/null ) || status=$?
    local secs1 kb1
    read -r secs1 kb1 < <(tail -n 1 "$t" 2>/dev/null || echo "10.00 0")
    runs+=("${secs1:-10.00}")
    [ "${kb1:-0}" -gt "$kb" ] && kb="${kb1:-0}"
    # A case that hangs or fails is not run again.
    [ "$status" = "$expect" ] || break
  done
  local secs
  secs="$(printf '%s\n' "${runs[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
  local said
  said="$(cat "$out" "$err" | grep -m1 -oE '(MU|AC|AG|CB|SI)[0-9]{3}[^"]{0,100}|error: [^"]{0,100}' || true)"
  local verdict=""
  if [ "$status" != "$expect" ] || awk -v s="$secs" 'BEGIN{exit !(s>=1.0)}' || [ "$kb" -ge 300000 ]; then
    verdict=" FAILED"; HOSTILE_FAILED=1
  fi
  printf '%s | exit %s (want %s) | %s s | %s kB | %s%s\n' "$name" "$status" "$expect" "$secs" "$kb" "${said:-(no code)}" "$verdict"
  rm -f "$out" "$err" "$t"
}
