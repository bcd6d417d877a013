#!/usr/bin/env node
// The `diwall` command of the npm package: it runs the diwall binary of
// this computer's platform package (NAME-<os>-<cpu>, an optional dependency
// npm installs only where its os and cpu match), with the same arguments
// and standard streams, passes on the signals it gets, and exits as the
// binary exited.
'use strict';

const { spawn } = require('node:child_process');
const path = require('node:path');
const pkg = require('../package.json');

const platform = `${process.platform}-${process.arch}`;
const name = `${pkg.name}-${platform}`;

/** @returns {string} the path of the binary, or exits saying why there is none */
function binary() {
  if (process.env.DIWALL_BINARY) {
    return process.env.DIWALL_BINARY;
  }
  if (!pkg.optionalDependencies || !(name in pkg.optionalDependencies)) {
    const known = Object.keys(pkg.optionalDependencies || {}).map((d) => d.slice(pkg.name.length + 1));
    fail(`Diwall has no build for ${platform}; there are builds for ${known.join(', ')}.`);
  }
  let dir;
  try {
    dir = path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    fail(`The package ${name}, which holds Diwall's binary for ${platform}, is not installed. ` +
      'npm installs it with ' + pkg.name + ' unless optional dependencies are left out ' +
      '(--omit=optional, --no-optional): install ' + pkg.name + ' again without that.');
  }
  return path.join(dir, 'bin', process.platform === 'win32' ? 'diwall.exe' : 'diwall');
}

/** @param {string} message */
function fail(message) {
  process.stderr.write(`diwall: ${message}\n`);
  process.exit(1);
}

// A signal sent to this process (an MCP client ending the server, a
// terminal's Ctrl-C) goes to the binary; this process waits for it to exit.
// The handlers are in place before the binary starts, so that no signal
// can end this process and leave the binary running.
const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
/** @type {{ child?: import('node:child_process').ChildProcess }} */
const running = {};
for (const signal of signals) {
  process.on(signal, () => {
    const { child } = running;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
    }
  });
}

const file = binary();
// DIWALL_NPM_PACKAGE tells diwall it came from this package: `diwall
// install --client` run through npx then writes `npx -y NAME mcp` rather
// than a path in npx's cache, which npm may clear.
const child = spawn(file, process.argv.slice(2), {
  stdio: 'inherit',
  windowsHide: true,
  env: { ...process.env, DIWALL_NPM_PACKAGE: pkg.name },
});
running.child = child;

child.on('error', (err) => fail(`cannot run ${file}: ${err.message}`));
child.on('exit', (code, signal) => {
  if (signal) {
    // End as the binary ended: by the same signal, with its default action.
    for (const s of signals) {
      process.removeAllListeners(s);
    }
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
