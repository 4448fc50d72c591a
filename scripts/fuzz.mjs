// The fuzz soak: every export of every entry point of the built package attacked with generated
// junk (tests/fuzz/attack.mjs), round robin, until `--calls` calls are made. Prints, per export,
// how many calls returned a value and how many got each typed error; any other outcome (a raw
// exception, a changed input, a result that is not JSON, a call over 5 s of CPU time, 30 s for the searches) is a failure, printed
// with its input, and the exit code is 1.
//
//   npm run fuzz -- --calls 1000000 [--seed 42] [--only applyMove,loadState]
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : process.argv[i + 1];
};
const calls = Number(arg('calls', 20_000));
const seed = Number(arg('seed', Date.now() % 1_000_000));
const only = arg('only', null)?.split(',') ?? null;
const load = (entry) => import(pathToFileURL(path.join(ROOT, 'dist', `${entry}.js`)).href);
const lib = {
  api: await load('index'),
  engine: await load('engine'),
  bots: await load('bots'),
  notation: await load('notation'),
  render: await load('render'),
  element: await load('element'),
};
// Every expansion registered, so that states of any may be attacked.
lib.api.useExpansions(...lib.api.allExpansions);
const { createAttack, describe } = await import(pathToFileURL(path.join(ROOT, 'tests/fuzz/attack.mjs')).href);
// Calls are timed in CPU time (this process runs one thread), so that a busy machine, or a soak
// paused and resumed, does not make a call look slow.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const attack = createAttack(lib, fc, { clock: cpuMs });
const targets = attack.targets.filter((t) => only === null || only.includes(t.name));

const counts = new Map(targets.map((t) => [t.name, new Map()]));
const failures = [];
const slowest = new Map();
const started = Date.now();
let made = 0;
let round = 0;
const batch = 50;
while (made < calls) {
  for (const target of targets) {
    if (made >= calls) break;
    const n = Math.min(batch, calls - made);
    const samples = fc.sample(target.args, { numRuns: n, seed: seed + round * 7919 + targets.indexOf(target) });
    for (const args of samples) {
      const t0 = cpuMs();
      const verdict = await attack.judge(target, args);
      slowest.set(target.name, Math.max(slowest.get(target.name) ?? 0, cpuMs() - t0));
      const tally = counts.get(target.name);
      const key = verdict.ok ? verdict.outcome : 'FAILURE';
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (!verdict.ok) {
        const line = `${target.name}(${args.map(describe).join(', ')}): ${verdict.why}`;
        // Printed as found too, so that a long soak shows its failures before it ends.
        process.stderr.write(`\nFAILURE after ${made} calls: ${line.slice(0, 2000)}\n`);
        if (failures.length < 50) failures.push(line);
      }
    }
    made += n;
  }
  round++;
  if (round % 20 === 0)
    process.stderr.write(`\r${made} calls, ${failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`);
}
process.stderr.write('\n');
let agreeing = 0;
for (const s of fc.sample(attack.state, { numRuns: 200, seed })) if (attack.agree(s)) agreeing++;

console.log(`fuzz: ${made} calls, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('| export | calls | values | typed errors (code: count) | failures | slowest call (CPU) |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [name, tally] of counts) {
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  const errors = [...tally.entries()].filter(([k]) => k !== 'value' && k !== 'FAILURE').sort((a, b) => b[1] - a[1]);
  console.log(
    `| ${name} | ${total} | ${tally.get('value') ?? 0} | ${errors.map(([k, v]) => `${k}: ${v}`).join(', ')} | ${tally.get('FAILURE') ?? 0} | ${Math.round(slowest.get(name) ?? 0)} ms |`,
  );
}
console.log(`engine and pure API agree on ${agreeing} of 200 generated states (refused ones count as agreeing)`);
if (failures.length > 0) {
  console.error(`\n${failures.length} failures (first 50):\n${failures.join('\n')}`);
  process.exit(1);
}
