/**
 * sim:games — plays every house game's published figures with the production RNG and
 * prints each measured return to player beside the published one.
 *
 *   npm run sim:games                         each figure's own round count (at least 1,000,000)
 *   npm run sim:games -- --rounds 200000      another count for every figure
 *   npm run sim:games -- --only baccarat      figures whose name contains the text
 *
 * Each figure's rounds are split over one worker thread per CPU, each with its own SecureRng,
 * through the game's own settlement code (house/<game>/<game>-simulation.ts, listed in
 * house/simulations.ts). The interval is the normal approximation from the per-round variance.
 * Exits 1 if a published figure lies outside its measured 99.9% interval (a correct game does
 * that about once in a thousand figures); outside the 99% interval is shown but not fatal.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { SecureRng } from '../apps/server/src/modules/providers/house/secure-rng';
import { HOUSE_SIMULATIONS } from '../apps/server/src/modules/providers/house/simulations';

interface Tally {
  rounds: number;
  sum: number;
  squares: number;
}

const Z99 = 2.5758293035489;
const Z999 = 3.2905267314919;

/** Node 20 does not apply --import tsx to a worker's entry: the worker registers tsx first. */
const workerBoot =
  `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
  `.then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;

function work(index: number, rounds: number): Tally {
  const sim = HOUSE_SIMULATIONS[index]!;
  const rng = new SecureRng();
  // Sums in blocks so a long run loses no precision to one huge running total.
  let sum = 0;
  let squares = 0;
  let blockSum = 0;
  let blockSquares = 0;
  for (let i = 1; i <= rounds; i++) {
    const r = sim.playRound(rng);
    blockSum += r;
    blockSquares += r * r;
    if ((i & 0xffff) === 0 || i === rounds) {
      sum += blockSum;
      squares += blockSquares;
      blockSum = 0;
      blockSquares = 0;
    }
  }
  return { rounds, sum, squares };
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return argv[i]!.includes('=') ? argv[i]!.split('=').slice(1).join('=') : argv[i + 1];
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;

async function main() {
  const argv = process.argv.slice(2);
  const roundsText = option(argv, '--rounds');
  const rounds = roundsText === undefined ? undefined : Number(roundsText.replace(/[_,]/g, ''));
  if (rounds !== undefined && (!Number.isSafeInteger(rounds) || rounds < 2)) {
    console.error(`--rounds needs a whole number of at least 2, got "${roundsText}"`);
    process.exit(2);
  }
  const only = option(argv, '--only')?.toLowerCase();
  const chosen = HOUSE_SIMULATIONS.map((s, index) => ({ s, index })).filter(
    ({ s }) => !only || s.name.toLowerCase().includes(only),
  );
  if (chosen.length === 0) {
    console.error(`no figure's name contains "${only}"`);
    process.exit(2);
  }
  const threads = Math.max(1, availableParallelism());
  console.log(`sim:games: ${chosen.length} published figures, ${threads} workers each, SecureRng`);
  let fatal = 0;
  for (const { s, index } of chosen) {
    const n = rounds ?? s.rounds;
    const started = performance.now();
    const tallies = await Promise.all(
      Array.from({ length: Math.min(threads, n) }, (_, w) => {
        const share = Math.floor(n / threads) + (w < n % threads ? 1 : 0);
        const worker = new Worker(workerBoot, { eval: true, workerData: { index, rounds: share } });
        return new Promise<Tally>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
        });
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const count = tallies.reduce((a, t) => a + t.rounds, 0);
    const sum = tallies.reduce((a, t) => a + t.sum, 0);
    const squares = tallies.reduce((a, t) => a + t.squares, 0);
    const mean = sum / count;
    const variance = Math.max(0, (squares - count * mean * mean) / (count - 1));
    const se = Math.sqrt(variance / count);
    const in99 = Math.abs(mean - s.publishedRtp) <= Z99 * se;
    const in999 = Math.abs(mean - s.publishedRtp) <= Z999 * se;
    if (!in999) fatal++;
    console.log(`\n${s.name}`);
    console.log(
      `  measured RTP ${pct(mean)}   99% CI [${pct(mean - Z99 * se)}, ${pct(mean + Z99 * se)}]   ` +
        `${count.toLocaleString('en-US')} rounds, ${seconds.toFixed(1)} s`,
    );
    console.log(
      `  published    ${pct(s.publishedRtp)} (house edge ${pct(1 - s.publishedRtp)})   inside 99% CI: ${in99 ? 'yes' : in999 ? 'no (inside 99.9%)' : 'NO'}`,
    );
  }
  if (fatal > 0) {
    console.error(`\nFAIL: ${fatal} published figure(s) outside the measured 99.9% interval`);
    process.exit(1);
  }
}

if (isMainThread) {
  await main();
} else {
  const { index, rounds } = workerData as { index: number; rounds: number };
  parentPort!.postMessage(work(index, rounds));
}
