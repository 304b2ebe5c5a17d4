#!/usr/bin/env bash
# Rehearses a release of the published packages (nx.json `release.projects`) with Nx's own release
# tooling, changing nothing: the version bump (which builds first), the changelog from the commits,
# and `npm publish --dry-run` of each package. CI runs it after `npm test`; a real release is the
# same three commands without --dry-run (libs/client-sdk/README.md, "Releasing").
set -euo pipefail
cd "$(dirname "$0")/../.."
npx nx release version patch --dry-run
next=$(node -p "const [major, minor, patch] = require('./libs/client-sdk/package.json').version.split('.').map(Number); [major, minor, patch + 1].join('.')")
npx nx release changelog "$next" --dry-run --first-release
npx nx release publish --dry-run
