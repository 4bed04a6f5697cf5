#!/usr/bin/env bash
# The page without a server (issue 45): writes into DIR a folder that opens from file:// (a
# USB stick, offline) or from any static host, with the same page as `queens serve` and the
# same engines, compiled to WebAssembly and run in the page's Web Workers.
#
#   scripts/static-page.sh DIR
#
# DIR/index.html is the page's index.html with its module script replaced by two plain
# scripts: js/queens.js, the page's ES modules bundled into one (scripts/bundle-page.mjs; a
# page from file:// runs no module script), and js/engine.js, the workers' source (the
# wasm-bindgen glue, crates/queens-wasm/js/worker.js and the module gzipped in base64: a page from
# file:// starts no worker from a file, so the page starts it from a Blob). Beside them
# style.css, js/theme.js and icons/, as the server sends them. Nothing is fetched from
# outside DIR.
#
# Needs: the Rust target wasm32-unknown-unknown (rustup target add wasm32-unknown-unknown),
# Node.js, and the wasm-bindgen command of exactly the version of the wasm-bindgen crate in
# Cargo.lock; the script says how to install it when it is missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -ne 1 ]; then
  echo "usage: $0 DIR" >&2
  exit 2
fi
dir="$1"

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' "$root/Cargo.lock")
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$version" ]; then
  echo "static-page: needs wasm-bindgen $version (the crate's version in Cargo.lock), found '${have:-none}'." >&2
  echo "  install it with: cargo install wasm-bindgen-cli --version =$version --locked" >&2
  exit 1
fi
command -v node >/dev/null || { echo "static-page: needs Node.js" >&2; exit 1; }

# The engines: the profile `wasm` of Cargo.toml (the release profile without debug info).
(cd "$root" && cargo build --profile wasm --target wasm32-unknown-unknown -p queens-wasm)
target="${CARGO_TARGET_DIR:-$root/target}"
wasm="$target/wasm32-unknown-unknown/wasm/queens_wasm.wasm"
glue="$(mktemp -d)"
trap 'rm -rf "$glue"' EXIT
wasm-bindgen --target no-modules --no-typescript --out-dir "$glue" "$wasm"

assets="$root/crates/queens-web/assets"
mkdir -p "$dir/js" "$dir/icons"
cp "$assets/style.css" "$dir/style.css"
cp "$assets/js/theme.js" "$dir/js/theme.js"
cp "$assets"/icons/* "$dir/icons/"
# A name declared twice in one module's scope is a syntax error, which node --check finds.
node "$root/scripts/bundle-page.mjs" "$assets/js/main.js" > "$glue/queens.js"
node --check "$glue/queens.js"
cp "$glue/queens.js" "$dir/js/queens.js"

# The workers' source, as one string the page makes a Blob of.
GLUE="$glue/queens_wasm.js" WASM="$glue/queens_wasm_bg.wasm" WORKER="$root/crates/queens-wasm/js/worker.js" \
  node -e '
    const fs = require("fs");
    const zlib = require("zlib");
    const source = [
      fs.readFileSync(process.env.GLUE, "utf8"),
      fs.readFileSync(process.env.WORKER, "utf8"),
      "const QUEENS_WASM = \"" + zlib.gzipSync(fs.readFileSync(process.env.WASM), { level: 9 }).toString("base64") + "\";",
      "",
    ].join("\n");
    process.stdout.write(
      "// The engines of the static page: the source of its Web Workers (scripts/static-page.sh).\n" +
      "globalThis.queensEngine = { source: " + JSON.stringify(source) + " };\n");
  ' > "$dir/js/engine.js"

# index.html: the two plain scripts instead of the module (engine.js first: api.js reads it).
module='<script type="module" src="js/main.js"></script>'
grep -qF "$module" "$assets/index.html" || { echo "static-page: index.html has no '$module'" >&2; exit 1; }
# The footer says where the answers come from.
replacement='<script defer src="js/engine.js"></script>\n<script defer src="js/queens.js"></script>'
foot='<p data-i18n="app.foot">[^<]*</p>'
grep -q "$foot" "$assets/index.html" || { echo "static-page: index.html has no footer app.foot" >&2; exit 1; }
sed -e "s|$module|$replacement|" \
  -e "s|$foot|<p data-i18n=\"app.footStatic\">No server: every answer is computed in this browser by the queens library, as WebAssembly.</p>|" \
  "$assets/index.html" > "$dir/index.html"

bytes=$(du -cb "$dir/index.html" "$dir/style.css" "$dir/js" "$dir/icons" | tail -1 | cut -f1)
echo "static-page: wrote $dir (index.html; $bytes bytes in all; the module $(stat -c %s "$glue/queens_wasm_bg.wasm") bytes)"
