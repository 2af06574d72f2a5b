# `muster lsp` on the hostile frames of review F9 and the hover of F15 (issue 27), sourced
# by scripts/hostile.sh with M (the release muster) and DIR set, and lib.sh's run_case.
# Each case is one session on stdin: initialize, the bad frame or document, a hover
# (id 2), shutdown and exit. Exit 0 means the server answered the bad frame, kept serving
# and shut down cleanly; what it answered is in the error line run_case prints.
L="$DIR/lsp"
mkdir -p "$L"

# frame BODY: BODY behind its Content-Length header (counted in bytes).
frame() {
  printf 'Content-Length: %d\r\n\r\n%s' "$(printf '%s' "$1" | wc -c)" "$1"
}

# session NAME: writes $L/NAME.in, a session around what is on stdin.
session() {
  {
    frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{},"initializationOptions":{"debounceMs":0}}}'
    frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
    cat
    frame '{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.scenario.ron"},"position":{"line":0,"character":4}}}'
    frame '{"jsonrpc":"2.0","id":3,"method":"shutdown"}'
    frame '{"jsonrpc":"2.0","method":"exit"}'
  } > "$L/$1.in"
}

# lsp_case NAME: runs the session NAME; it must end with exit 0.
lsp_case() {
  run_case "lsp $1" 0 sh -c 'exec "$0" lsp < "$1"' "$M" "$L/$1.in"
}

printf 'Content-Length: 10\n\n{"a": 123}' | session lf-header
printf 'Content-Length 44\r\n\r\n' | session no-colon
printf 'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":9,"method":"shutdown"}' | session short-length
printf 'Content-Length: abc\r\n\r\n{}' | session length-abc
frame '{not json' | session not-json
frame '{"hello":1}' | session not-jsonrpc
frame "$(printf '{"jsonrpc":"2.0","method":"\377\376"}')" | session invalid-utf8
for n in 18446744073709551615 100000000000 2000000000 400000000; do
  printf 'Content-Length: %s\r\n\r\n{"a":1}' "$n" | session "length-$n"
done

# open URI BYTES: a didOpen of a document of BYTES bytes (a comment line of `a`s).
open_doc() {
  local head='{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"'"$1"'","languageId":"ron","version":1,"text":"// '
  local tail='\n"}}}'
  printf 'Content-Length: %d\r\n\r\n%s' $(( ${#head} + $2 - 3 + ${#tail} )) "$head"
  head -c $(( $2 - 3 )) /dev/zero | tr '\0' a
  printf '%s' "$tail"
}
# Past the frame cap (24 MiB): answered and skipped. Past the document cap (16 MiB) but
# within the frame cap: not checked, the client told why.
open_doc file:///nowhere/big.map.ron 52000000 | session doc-52mb
open_doc file:///nowhere/big.map.ron 17000000 | session doc-17mb
# F15: hover just after `é`.
{
  frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nowhere/x.scenario.ron","languageId":"ron","version":1,"text":"// é\n"}}}'
} | session hover-after-e

for c in lf-header no-colon short-length length-abc not-json not-jsonrpc invalid-utf8 \
  length-18446744073709551615 length-100000000000 length-2000000000 length-400000000 \
  doc-52mb doc-17mb hover-after-e; do
  lsp_case "$c"
done
