// CI: `npm audit --omit=dev` must report no high or critical vulnerability in what ships.
// Exits 1 when it does. When the registry cannot answer audit requests (some mirrors and proxies
// refuse the bulk advisory endpoint), it says so plainly and exits 0: nothing was checked then.
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

// `--audit` overrides an `audit=false` in the user's npm configuration.
const result = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--audit', '--json'], {
  cwd: root,
  encoding: 'utf8',
});

let report = null;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = null;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? (result.stderr.trim().split('\n').at(-1) || `exit code ${result.status}`);
  console.log(`npm audit: NOT CHECKED. The registry did not answer the audit request (${reason}).`);
  console.log('npm audit: run `npm audit --omit=dev --audit-level=high` where the registry answers.');
  process.exit(0);
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical') {
      console.log(`  ${entry.severity}: ${name} ${entry.range ?? ''}`);
    }
  }
  process.exit(1);
}
