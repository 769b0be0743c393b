/**
 * sim:slot — plays the house slot with the production RNG and checks the published RTP.
 *
 *   npm run sim:slot                      10,000,000 rounds
 *   npm run sim:slot -- --spins 1000000   another count
 *
 * Splits the rounds over one worker thread per CPU; each worker has its own SecureRng and plays
 * through playRoundUnits (the engine's allocation-free path, in whole bets per line). Prints the
 * measured RTP and hit rate with 99% confidence intervals (normal approximation: the RTP's from the
 * per-round win variance, the hit rate's binomial) next to the exact published figures, and exits 1
 * if the published RTP lies outside its interval (which a correct engine does 1 run in 100).
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { SecureRng } from '../apps/server/src/modules/providers/house/secure-rng';
import { playRoundUnits } from '../apps/server/src/modules/providers/house/slot-engine';
import { SLOT_FIGURES } from '../apps/server/src/modules/providers/house/slot-figures';
import { SLOT_LINE_COUNT } from '../apps/server/src/modules/providers/house/slot-paytable';

/** What a worker sends back; the sums are bigints written in decimal. */
interface Tally {
  rounds: number;
  hits: number;
  units: string;
  squares: string;
  maxUnits: number;
}

const Z99 = 2.5758293035489;

/**
 * A worker runs this same file. Node 20 does not apply --import tsx to a worker's entry module, so
 * the worker starts from plain JavaScript that registers tsx (resolved from here) and then imports it.
 */
const workerBoot =
  `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
  `.then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;

function work(rounds: number): Tally {
  const rng = new SecureRng();
  let units = 0n;
  let squares = 0n;
  let hits = 0;
  let maxUnits = 0;
  // Sums stay in plain numbers for 65,536 rounds (exact: the largest square is about 1.4e10), then
  // move into bigints.
  let batchUnits = 0;
  let batchSquares = 0;
  for (let i = 1; i <= rounds; i++) {
    const u = playRoundUnits(rng);
    if (u > 0) {
      hits++;
      batchUnits += u;
      batchSquares += u * u;
      if (u > maxUnits) maxUnits = u;
    }
    if ((i & 0xffff) === 0 || i === rounds) {
      units += BigInt(batchUnits);
      squares += BigInt(batchSquares);
      batchUnits = 0;
      batchSquares = 0;
    }
  }
  return { rounds, hits, units: String(units), squares: String(squares), maxUnits };
}

function parseSpins(argv: string[]): number {
  const i = argv.findIndex((a) => a === '--spins' || a.startsWith('--spins='));
  if (i < 0) return 10_000_000;
  const text = argv[i]!.includes('=') ? argv[i]!.split('=')[1]! : (argv[i + 1] ?? '');
  const spins = Number(text.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(spins) || spins < 2) {
    console.error(`--spins needs a whole number of at least 2, got "${text}"`);
    process.exit(2);
  }
  return spins;
}

const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;

async function main() {
  const spins = parseSpins(process.argv.slice(2));
  const workers = Math.max(1, Math.min(availableParallelism(), spins));
  const started = performance.now();
  const tallies = await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const rounds = Math.floor(spins / workers) + (w < spins % workers ? 1 : 0);
      const worker = new Worker(workerBoot, { eval: true, workerData: { rounds } });
      return new Promise<Tally>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const n = tallies.reduce((s, t) => s + t.rounds, 0);
  const hits = tallies.reduce((s, t) => s + t.hits, 0);
  const sum = tallies.reduce((s, t) => s + BigInt(t.units), 0n);
  const squares = tallies.reduce((s, t) => s + BigInt(t.squares), 0n);
  const maxUnits = Math.max(...tallies.map((t) => t.maxUnits));
  const lines = SLOT_LINE_COUNT;

  // Per round, in total bets: mean = sum / (n * 20); sample variance from the exact integer sums.
  const rtp = Number(sum) / n / lines;
  const big = BigInt(n);
  const variance = Number(big * squares - sum * sum) / (n * (n - 1)) / (lines * lines);
  const rtpHalf = Z99 * Math.sqrt(variance / n);
  const hitRate = hits / n;
  const hitHalf = Z99 * Math.sqrt((hitRate * (1 - hitRate)) / n);

  const exactRtp = Number((SLOT_FIGURES.rtpNumerator * 10n ** 12n) / SLOT_FIGURES.rtpDenominator) / 1e12;
  const exactHit = SLOT_FIGURES.hitCombinations / SLOT_FIGURES.combinations;
  const rtpInside = Math.abs(exactRtp - rtp) <= rtpHalf;
  const hitInside = Math.abs(exactHit - hitRate) <= hitHalf;

  console.log(
    `House slot simulation: ${n.toLocaleString('en-US')} rounds, ${workers} workers, SecureRng, ` +
      `${seconds.toFixed(1)} s (${Math.round(n / seconds).toLocaleString('en-US')} rounds/s)`,
  );
  console.log(
    `  RTP       measured ${pct(rtp)}   99% CI [${pct(rtp - rtpHalf, 2)}, ${pct(rtp + rtpHalf, 2)}]` +
      `   (sd per round ${Math.sqrt(variance).toFixed(2)} x total bet)`,
  );
  console.log(
    `            published ${SLOT_FIGURES.rtp.toFixed(2)} % (exact ${pct(exactRtp, 6)})` +
      `   inside the interval: ${rtpInside ? 'yes' : 'NO'}`,
  );
  console.log(
    `  hit rate  measured ${pct(hitRate)}   99% CI [${pct(hitRate - hitHalf, 2)}, ${pct(hitRate + hitHalf, 2)}]`,
  );
  console.log(
    `            published ${SLOT_FIGURES.hitRate.toFixed(2)} % (exact ${pct(exactHit, 6)})` +
      `   inside the interval: ${hitInside ? 'yes' : 'no'}`,
  );
  console.log(
    `  largest round win seen ${(maxUnits / lines).toFixed(2)} x total bet` +
      ` (largest possible ${SLOT_FIGURES.maxWinMultiplier})`,
  );
  if (!rtpInside) {
    console.error('FAIL: the published RTP is outside the 99% confidence interval of the measured one');
    process.exit(1);
  }
}

if (isMainThread) {
  await main();
} else {
  const { rounds } = workerData as { rounds: number };
  parentPort!.postMessage(work(rounds));
}
