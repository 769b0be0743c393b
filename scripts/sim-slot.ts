/**
 * sim:slot — plays the house slot with the production RNG and checks the published RTP: the
 * paytable's and the progressive jackpot's (modules/providers/house/jackpot/README.md).
 *
 *   npm run sim:slot                                   10,000,000 rounds at a 200.00 bet
 *   npm run sim:slot -- --spins 1000000 --bet 2        another count, another bet
 *
 * Splits the rounds over one worker thread per CPU; each worker has its own SecureRng and plays
 * through playRoundUnits (the engine's allocation-free path, in whole bets per line). Prints the
 * measured RTP and hit rate with 99% confidence intervals (normal approximation: the RTP's from the
 * per-round win variance, the hit rate's binomial) next to the exact published figures, and exits 1
 * if the published RTP lies outside its interval (which a correct engine does 1 run in 100).
 *
 * Each worker also runs a jackpot pool of its own as the server does (jackpot-figures.ts: the
 * contribution with its carry, the draw with a second SecureRng, the seed), and prints what was
 * contributed, seeded and paid as shares of the stakes, the jackpot's measured return against its
 * published one, and the bookkeeping identity paid = contributed + seeded − pool left (exits 1 if it
 * fails: that is arithmetic, not chance). The bet matters for the jackpot alone: its chance is
 * stake / 200,000,000, so the default 200.00 bet sees about 1,000 wins in 10 million rounds (a 0.20
 * bet would see 10, too few to measure anything).
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fromMinor, minorText, toMinor } from '@app/contracts';
import {
  accrualOf,
  drawsJackpot,
  JACKPOT_TERMS,
  jackpotReturn,
  SLOT_PUBLISHED_RTP,
  wholeUnits,
} from '../apps/server/src/modules/providers/house/jackpot/jackpot-figures';
import { SecureRng } from '../apps/server/src/modules/providers/house/secure-rng';
import { HouseSlotService } from '../apps/server/src/modules/providers/house/slot.service';
import { playRoundUnits } from '../apps/server/src/modules/providers/house/slot-engine';
import { SLOT_FIGURES } from '../apps/server/src/modules/providers/house/slot-figures';
import { SLOT_LINE_COUNT } from '../apps/server/src/modules/providers/house/slot-paytable';

/** What a worker sends back; the sums are bigints written in decimal, money in minor units. */
interface Tally {
  rounds: number;
  hits: number;
  units: string;
  squares: string;
  maxUnits: number;
  jackpot: {
    wins: number;
    /** Whole minor units that reached the pool. */
    contributed: string;
    /** The first seed and every reseed. */
    seeded: string;
    paid: string;
    /** Sum of each round's jackpot payout squared (for the interval). */
    paidSquares: string;
    /** What the pool holds when the worker stops. */
    left: string;
    largest: string;
  };
}

const Z99 = 2.5758293035489;

/**
 * A worker runs this same file. Node 20 does not apply --import tsx to a worker's entry module, so
 * the worker starts from plain JavaScript that registers tsx (resolved from here) and then imports it.
 */
const workerBoot =
  `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
  `.then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;

/** One worker's pool, run as JackpotService runs it: one shard (its carry), the seed from the house. */
function jackpotPool(stake: bigint) {
  const rng = new SecureRng();
  const accrual = accrualOf(stake);
  const seed = JACKPOT_TERMS.seedMinor;
  const t = { wins: 0, contributed: 0n, seeded: seed, paid: 0n, paidSquares: 0n, left: seed, largest: 0n };
  let accrued = 0n;
  return {
    spin() {
      const whole = wholeUnits(accrued, accrual);
      accrued += accrual;
      t.contributed += whole;
      t.left += whole;
      if (!drawsJackpot(rng, stake)) return;
      t.wins++;
      t.paid += t.left;
      t.paidSquares += t.left * t.left;
      if (t.left > t.largest) t.largest = t.left;
      t.left = seed;
      t.seeded += seed;
    },
    tally: (): Tally['jackpot'] => ({
      wins: t.wins,
      contributed: String(t.contributed),
      seeded: String(t.seeded),
      paid: String(t.paid),
      paidSquares: String(t.paidSquares),
      left: String(t.left),
      largest: String(t.largest),
    }),
  };
}

function work(rounds: number, stake: bigint): Tally {
  const rng = new SecureRng();
  const jackpot = jackpotPool(stake);
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
    jackpot.spin();
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
  return { rounds, hits, units: String(units), squares: String(squares), maxUnits, jackpot: jackpot.tally() };
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

/** --bet <total bet>: one of the slot's bets (major units); 200.00 unless given. */
function parseBet(argv: string[]): bigint {
  const i = argv.findIndex((a) => a === '--bet' || a.startsWith('--bet='));
  if (i < 0) return 20_000n;
  const text = argv[i]!.includes('=') ? argv[i]!.split('=')[1]! : (argv[i + 1] ?? '');
  const bet = toMinor(text);
  const options = HouseSlotService.betOptions(1n);
  if (bet === null || !options.includes(bet)) {
    console.error(`--bet needs one of the slot's bets (${options.map(minorText).join(', ')}), got "${text}"`);
    process.exit(2);
  }
  return bet;
}

const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;
/** Minor units (a bigint sum) as a share of the stakes. */
const share = (minor: bigint, stakes: bigint) => Number((minor * 10n ** 12n) / stakes) / 1e12;

async function main() {
  const spins = parseSpins(process.argv.slice(2));
  const stake = parseBet(process.argv.slice(2));
  const workers = Math.max(1, Math.min(availableParallelism(), spins));
  const started = performance.now();
  const tallies = await Promise.all(
    Array.from({ length: workers }, (_, w) => {
      const rounds = Math.floor(spins / workers) + (w < spins % workers ? 1 : 0);
      const worker = new Worker(workerBoot, { eval: true, workerData: { rounds, stake: String(stake) } });
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

  // The jackpot, over every worker's pool (each a brand of its own).
  const total = (f: (j: Tally['jackpot']) => string) =>
    tallies.reduce((s, t) => s + BigInt(f(t.jackpot)), 0n);
  const stakes = BigInt(n) * stake;
  const wins = tallies.reduce((s, t) => s + t.jackpot.wins, 0);
  const contributed = total((j) => j.contributed);
  const seeded = total((j) => j.seeded);
  const paid = total((j) => j.paid);
  const left = total((j) => j.left);
  const largest = tallies.reduce(
    (m, t) => (BigInt(t.jackpot.largest) > m ? BigInt(t.jackpot.largest) : m),
    0n,
  );
  const published = jackpotReturn();
  const jackpotRtp = share(paid, stakes);
  // Per round: the payout's mean and variance from the exact sums (in stakes), as for the slot.
  const paidSquares = total((j) => j.paidSquares);
  const jVariance = Number(big * paidSquares - paid * paid) / (n * (n - 1)) / Number(stake) / Number(stake);
  const jackpotHalf = Z99 * Math.sqrt(jVariance / n);
  const expectedWins = (n * Number(stake)) / Number(JACKPOT_TERMS.oddsMinor);
  const balanced = paid === contributed + seeded - left;
  console.log(
    `  jackpot at a ${minorText(stake)} bet: ${published.contributionPercent.toFixed(2)} % contribution, ` +
      `chance 1 in ${(Number(JACKPOT_TERMS.oddsMinor) / Number(stake)).toLocaleString('en-US')} rounds, ` +
      `seed ${minorText(JACKPOT_TERMS.seedMinor)}, ${workers} pools`,
  );
  console.log(
    `    contributed  ${pct(share(contributed, stakes))} of stakes   published ${published.contributionPercent.toFixed(2)} %`,
  );
  console.log(
    `    seeded       ${pct(share(seeded, stakes))} of stakes   (${workers} first seeds + ${wins} reseeds;` +
      ` long run ${published.seedPercent.toFixed(2)} %)`,
  );
  console.log(
    `    wins         ${wins.toLocaleString('en-US')}   (expected ${expectedWins.toFixed(1)}; largest ${minorText(largest)})`,
  );
  console.log(
    `    paid         ${pct(jackpotRtp)} of stakes   99% CI [${pct(jackpotRtp - jackpotHalf, 2)}, ${pct(jackpotRtp + jackpotHalf, 2)}]` +
      `   published ${published.percent.toFixed(2)} %` +
      `   inside the interval: ${Math.abs(published.precise / 100 - jackpotRtp) <= jackpotHalf ? 'yes' : 'no'}`,
  );
  console.log(
    `    pools left   ${minorText(left)} owed to future winners (${fromMinor(left / BigInt(workers)).toFixed(2)} per pool)`,
  );
  console.log(
    `    paid = contributed + seeded − left: ${minorText(paid)} = ${minorText(contributed)} + ${minorText(seeded)}` +
      ` − ${minorText(left)}   ${balanced ? 'yes' : 'NO'}`,
  );
  console.log(
    `  slot + jackpot  measured ${pct(rtp + jackpotRtp)}   published ${SLOT_PUBLISHED_RTP.total.toFixed(2)} %` +
      ` (${SLOT_PUBLISHED_RTP.paytable.toFixed(2)} % paytable + ${SLOT_PUBLISHED_RTP.jackpot.toFixed(2)} % jackpot)`,
  );
  if (!balanced) {
    console.error('FAIL: the jackpot paid out something other than what went in');
    process.exit(1);
  }
  if (!rtpInside) {
    console.error('FAIL: the published RTP is outside the 99% confidence interval of the measured one');
    process.exit(1);
  }
}

if (isMainThread) {
  await main();
} else {
  const { rounds, stake } = workerData as { rounds: number; stake: string };
  parentPort!.postMessage(work(rounds, BigInt(stake)));
}
