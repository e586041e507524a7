import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The server package's version (a backup's manifest names it). */
export function productVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The release an error report names (docs/error-reporting.md): `ar-online@<version>+<commit>`, the
 * server package's version and the checkout's commit (git), or the version alone where there is no
 * repository (an image built without .git: set SENTRY_RELEASE there). Read only when a DSN is set.
 */
export function productRelease(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { version: string };
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    })
      .toString()
      .trim();
  } catch {
    // no git, or not a checkout
  }
  return `ar-online@${version}${/^[0-9a-f]{7,40}$/.test(commit) ? `+${commit}` : ''}`;
}
