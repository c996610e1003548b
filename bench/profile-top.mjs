// node bench/profile-top.mjs FILE.cpuprofile [N]: the N functions (default 25) with the most
// self time in a V8 CPU profile written by `npm run bench -- --profile`, with their share.
import { readFileSync } from 'node:fs';

const [file, howMany = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-top.mjs FILE.cpuprofile [N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const selfTime = new Map(); // node id → microseconds
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const byFunction = new Map();
let total = 0;
for (const node of profile.nodes) {
  const time = selfTime.get(node.id) ?? 0;
  total += time;
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
}
const rows = [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(howMany));
for (const [key, time] of rows) {
  console.log(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${(time / 1000).toFixed(0).padStart(6)} ms  ${key}`);
}
