/**
 * Budget: Lighthouse (mobile preset, Debian's Chromium) on the home page, median of 3 runs:
 * performance score at least 98, LCP at most 1.8 s and CLS 0, for the first brand (GOLDEN) and
 * the second (LOTUS, at lotus.localhost) on a first visit, and for a returning visitor of GOLDEN in
 * each of the 7 languages (the language chosen on an earlier visit: stored on the device, and in
 * the cookie the server preloads the page's first banner by). Starts its own server on a temporary
 * PGlite database with the built site; prints each run (with first contentful paint and total
 * blocking time, where the rest of the score goes), each page's medians and a table of them.
 * BENCH_WEB_ONLY=golden,lotus,TH,... measures some of the pages only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { LANGUAGES, LOCAL_KEYS, type Language } from '@app/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium';

const PORT = Number(process.env.BENCH_PORT ?? 8282);
const RUNS = 3;
const url = `http://localhost:${PORT}/`;

interface Target {
  label: string;
  origin: string;
  /** A returning visitor's language, or none: a first visit (Lighthouse's own storage reset). */
  lang: Language | null;
}
const TARGETS: Target[] = [
  { label: 'golden', origin: `http://localhost:${PORT}`, lang: null },
  { label: 'lotus', origin: `http://lotus.localhost:${PORT}`, lang: null },
  ...LANGUAGES.map((lang) => ({ label: lang, origin: `http://localhost:${PORT}`, lang })),
];
const only = process.env.BENCH_WEB_ONLY?.split(',').map((l) => l.trim().toLowerCase());
const targets = only ? TARGETS.filter((t) => only.includes(t.label.toLowerCase())) : TARGETS;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));

const server = spawn(
  process.execPath,
  // The demo (its brands and games) on a throw-away PGlite: production refuses PGlite and the demo.
  ['--openssl-legacy-provider', '--import', 'tsx', 'apps/server/src/main.ts', '--demo'],
  {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** One GET to the server as `host` would be asked, its answer read to the end. */
function visit(host: string, pathname: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: PORT, path: pathname, headers: { host } }, (res) => {
      res.resume();
      res.once('end', () => resolve());
    }).once('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  await waitForServer();
  // One unrecorded visit of each brand warms the freshly started server (JIT, database pages) the
  // way any running site is warm; the recorded runs then measure the site, not the server's first
  // seconds. By address, with the brand's host in the header (Node does not resolve *.localhost).
  for (const host of new Set(targets.map((t) => new URL(t.origin).host)))
    for (const p of [
      '',
      'wps/system/status',
      'wps/relay/MCSFE_getListAnnouncements',
      'wps/relay/GCSGAME_newGameVendor',
    ])
      await visit(host, `/${p}`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });

  /**
   * What Lighthouse's storage reset does before a run (the HTTP cache, the service worker and its
   * caches, storage and cookies of the origin go), then the language chosen on an earlier visit is
   * put back where the site keeps it, so the run is a returning visitor's without its cache.
   */
  async function returningVisitor(origin: string, lang: Language): Promise<void> {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const context = browser.contexts()[0]!;
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      // A page of the origin without the site's script (nothing registers a service worker).
      await page.goto(`${origin}/healthz`);
      await page.evaluate((a) => localStorage.setItem(a.key, a.value), { key: LOCAL_KEYS.lang, value: lang });
      await context.addCookies([{ name: 'lang', value: lang, url: origin }]);
      await page.close();
    } finally {
      await browser.close();
    }
  }

  interface Medians {
    label: string;
    score: number;
    lcp: number;
    cls: number;
    fcp: number;
    tbt: number;
  }
  const results: Medians[] = [];
  try {
    for (const target of targets) {
      const runs: Array<Omit<Medians, 'label'>> = [];
      for (let i = 0; i < RUNS; i++) {
        if (target.lang) await returningVisitor(target.origin, target.lang);
        // The default Lighthouse config is the mobile preset (simulated slow 4G, 4x CPU slowdown).
        const result = await lighthouse(`${target.origin}/`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          disableStorageReset: target.lang !== null,
        });
        if (!result) throw new Error('lighthouse returned nothing');
        const { categories, audits } = result.lhr;
        const run = {
          score: Math.round((categories.performance?.score ?? 0) * 100),
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
          fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
        };
        runs.push(run);
        console.log(
          `${target.label} run ${i + 1}: performance ${run.score}, CLS ${run.cls.toFixed(3)}, LCP ${Math.round(run.lcp)} ms, ` +
            `FCP ${Math.round(run.fcp)} ms, TBT ${Math.round(run.tbt)} ms`,
        );
      }
      const m: Medians = {
        label: target.label,
        score: median(runs.map((r) => r.score)),
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        fcp: median(runs.map((r) => r.fcp)),
        tbt: median(runs.map((r) => r.tbt)),
      };
      results.push(m);
      console.log(
        `${m.label} median of ${RUNS}: performance ${m.score} (budget >= 98), LCP ${Math.round(m.lcp)} ms ` +
          `(budget <= 1800), CLS ${m.cls.toFixed(3)} (budget 0), FCP ${Math.round(m.fcp)} ms, TBT ${Math.round(m.tbt)} ms`,
      );
    }
  } finally {
    await chrome.kill();
  }
  const over = (m: Medians) => m.score < 98 || m.lcp > 1800 || m.cls > 0;
  console.table(
    results.map((m) => ({
      page: m.label,
      performance: m.score,
      'LCP ms': Math.round(m.lcp),
      CLS: Number(m.cls.toFixed(3)),
      'FCP ms': Math.round(m.fcp),
      'TBT ms': Math.round(m.tbt),
      budget: over(m) ? 'OVER' : 'ok',
    })),
  );
  if (results.some(over)) {
    console.error('over budget');
    process.exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
