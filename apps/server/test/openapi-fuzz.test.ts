/**
 * Property-based fuzzing of the whole API from its OpenAPI document: for every operation,
 * fast-check generates path and query parameters and a JSON body from the operation's schemas,
 * with hostile values mixed in at every level (NUL, lone surrogates, huge numbers, wrong types,
 * very long strings), and sends them as a visitor and as a logged-in member (on operator routes,
 * as the operator). No answer may be a
 * 5xx: bad input is the client's error (4xx), never the server's. Fixed seed (a failure replays),
 * and a time budget per operation so the file stays well under a minute.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptWith, payloadKey, type PayloadKey } from './crypto-client';
import {
  type OpenApiOperation,
  type OperationInput,
  operationInput,
  urlText,
} from './fixtures/openapi-arbitrary';
import { buildTestApp, type TestContext } from './helper';
import { Identity } from './identity-client';

const SEED = 20261126;
/** Generated requests per operation (each as a visitor or as the member, as generated). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Wall-clock budget for all operations together; each gets its share of what is left. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 15_000);
/** The least time an operation gets, even when the ones before it used up the budget. */
const MIN_SHARE_MS = 50;
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
/**
 * 5xx answers that are designed, not failures: a game or the site in maintenance. Any other 5xx
 * (system.error above all) is a finding.
 */
const DESIGNED_5XX = new Set(['game.unavailable', 'system.maintenance']);
/** Only the operations whose "METHOD /path" contains this (to replay one while fixing it). */
const ONLY = process.env.FUZZ_ONLY;
/** Set: print every request's answer and input. */
const DEBUG = Boolean(process.env.FUZZ_DEBUG);

let t: TestContext;
let id: Identity;
let token: string;
let username: string;
let key: PayloadKey;
const ADMIN_KEY = 'test-admin-key-0123456789';
const operator = { 'x-api-key': ADMIN_KEY };
/**
 * The member logs in from one address and the generated calls come from another, so the failed
 * logins they make (captcha and lock-out per address) never stand in the member's way.
 */
const MEMBER_IP = '10.255.255.254';
const FUZZ_IP = '10.254.0.1';
const password = 'abc12345';

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  const m = await id.registerGolden({}, { ip: MEMBER_IP });
  token = m.token;
  username = m.username;
  key = await payloadKey(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** Percent-encodes text for a URL; a lone surrogate (no UTF-8 form) as its raw 3-byte sequence. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const cu = ch.charCodeAt(0);
    if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

function urlOf(path: string, input: OperationInput): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encode(urlText(input.path[name])));
  const query = Object.entries(input.query)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as const) : [[k, v] as const]))
    .map(([k, v]) => `${encode(k)}=${encode(urlText(v))}`)
    .join('&');
  return query ? `${filled}?${query}` : filled;
}

/**
 * The member's session still works; a generated call may have ended it (logout), so log in again.
 * A generated operator call may also have closed the site (the maintenance switch, or a window in
 * force): it is opened again first, as the operator would.
 */
async function keepSession(): Promise<void> {
  await t.db.db.updateTable('merchant').set({ maintenance_on: false }).execute();
  await t.db.db.deleteFrom('maintenance_window').execute();
  t.brands.invalidate();
  const res = await id.info(token);
  if (res.status === 200) return;
  const again = await id.login({ username, password }, { ip: MEMBER_IP });
  if (again.status === 200) {
    token = again.body.value!.token;
    return;
  }
  // The generated calls may have changed the password or locked the account: a new member then.
  const m = await id.registerGolden({}, { ip: MEMBER_IP });
  token = m.token;
  username = m.username;
}

interface Finding {
  operation: string;
  status: number;
  body: string;
  input: unknown;
}

describe('OpenAPI fuzz', () => {
  it(
    'no generated or hostile input gets a 5xx, as a visitor or as a member',
    async () => {
      const docRes = await t.app.inject({ url: '/docs/json' });
      expect(docRes.statusCode).toBe(200);
      const doc = docRes.json<{ paths: Record<string, Partial<Record<string, OpenApiOperation>>> }>();
      const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
        METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m]! })),
      );
      const chosen = operations.filter(
        ({ path, method }) => !ONLY || `${method.toUpperCase()} ${path}`.includes(ONLY),
      );
      expect(operations.length).toBeGreaterThan(100);

      const findings: Finding[] = [];
      const started = Date.now();
      let sent = 0;
      for (const [i, { path, method, op }] of chosen.entries()) {
        const name = `${method.toUpperCase()} ${path}`;
        const share = (BUDGET_MS - (Date.now() - started)) / (chosen.length - i);
        const operatorRoute = path.startsWith('/wps/admin/');
        // Routes that take their body encrypted say so (payload.decrypt.failed) to a plain one.
        let encrypted = false;
        const result = await fc.check(
          fc.asyncProperty(operationInput(op), fc.boolean(), async (input, asMember) => {
            const send = async (body: unknown) =>
              t.app.inject({
                method: method.toUpperCase() as 'GET',
                url: urlOf(path, input),
                headers: {
                  host: 'localhost',
                  // The signed-in caller: the member, or on operator routes the operator.
                  ...(asMember ? (operatorRoute ? operator : { authorization: token }) : {}),
                  ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
                },
                payload: body === undefined ? undefined : JSON.stringify(body),
                remoteAddress: FUZZ_IP,
              });
            const body = encrypted && input.body !== undefined ? encryptWith(key, input.body) : input.body;
            let res = await send(body);
            sent++;
            if (!encrypted && res.statusCode === 400 && res.body.includes('"payload.decrypt.failed"')) {
              encrypted = true;
              if (input.body !== undefined) res = await send(encryptWith(key, input.body));
            }
            if (DEBUG)
              console.info(name, res.statusCode, res.body.slice(0, 160), JSON.stringify(input).slice(0, 300));
            if (
              res.statusCode >= 500 &&
              !DESIGNED_5XX.has(res.json<{ errorCode?: string }>().errorCode ?? '')
            ) {
              findings.push({ operation: name, status: res.statusCode, body: res.body.slice(0, 300), input });
              return false;
            }
            return true;
          }),
          {
            // Seeded by the operation's place in the whole document, so FUZZ_ONLY replays the same inputs.
            seed: SEED + operations.findIndex((o) => o.op === op),
            numRuns: RUNS,
            endOnFailure: true,
            interruptAfterTimeLimit: Math.max(share, MIN_SHARE_MS),
            markInterruptAsFailure: false,
          },
        );
        // A run cut short by the time limit is no finding; a counterexample or a thrown error is.
        const broke = result.counterexample !== null || result.errorInstance !== null;
        if (result.failed && broke && !findings.some((f) => f.operation === name)) {
          findings.push({
            operation: name,
            status: 0,
            body: String(result.errorInstance),
            input: result.counterexample,
          });
        }
        await keepSession();
      }
      console.info(`fuzz: ${chosen.length} operations, ${sent} requests in ${Date.now() - started} ms`);
      expect(sent).toBeGreaterThan(chosen.length);
      expect(findings, JSON.stringify(findings, null, 1).slice(0, 20_000)).toEqual([]);
    },
    60_000 + BUDGET_MS,
  );
});
