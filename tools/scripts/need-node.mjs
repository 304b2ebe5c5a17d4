#!/usr/bin/env node
// Runs first in every npm script that starts project code: the service and tools need Node 24.11 or
// later, which `npm ci` brings as a package where the registry has one (root package.json
// `optionalDependencies`, docs/DECISIONS.md "Build and dependencies"). On an older Node the service
// would die on its first import with a SyntaxError; this says what to do instead. Plain old syntax on
// purpose: it must run on whatever Node the machine has.
const NEEDED = { major: 24, minor: 11 };
// Platforms whose Node 24 package root package.json lists (npm installs the one matching the machine).
const BROUGHT = ['linux-x64', 'linux-arm64', 'darwin-x64', 'win32-x64'];

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < NEEDED.major || (major === NEEDED.major && minor < NEEDED.minor)) {
  const platform = `${process.platform}-${process.arch}`;
  const needed = `Node.js ${NEEDED.major}.${NEEDED.minor} or later`;
  const advice = BROUGHT.includes(platform)
    ? `\`npm ci\` installs it for ${platform} into node_modules/.bin: run \`npm ci\` (without --omit=optional), then start scripts through npm (\`npm start\`, \`npm test\`, \`npm run ...\`).`
    : `The npm registry has no Node 24 package for ${platform}, so the project cannot bring one here: install ${needed} (https://nodejs.org/en/download), then \`npm ci\`.`;
  console.error(`The Hotel API needs ${needed}; this is Node.js ${process.version}. ${advice}`);
  process.exit(1);
}
