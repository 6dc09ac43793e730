#!/usr/bin/env bash
# Every test, from a fresh clone: install, typecheck, lint, worker, web and end-to-end tests,
# then the production config check. `npm test` runs this; so does CI (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "dependencies"
if [ ! -x node_modules/.bin/wrangler ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # `npm install` (not `npm ci`): npm 11 writes locks without other platforms' optional
  # binaries (Biome's), which `npm ci` then refuses as out of sync. The lock still pins versions.
  npm install --no-audit --no-fund
fi
# npm scripts put node_modules/.bin first on PATH, so this is the node@22 devDependency.
export PATH="$PWD/node_modules/.bin:$PATH"
node --version

step "browser"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "End-to-end tests need Debian's Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
    exit 1
  fi
fi
/usr/bin/chromium --version

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "worker tests (workerd, real D1 and queue)"
npm run --silent test:worker
step "web tests"
npm run --silent test:web
step "production build and config (wrangler deploy --dry-run)"
npm run --silent check
step "end-to-end tests (Chromium, full local stack)"
npm run --silent test:e2e
