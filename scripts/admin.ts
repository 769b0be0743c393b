/**
 * admin — the operator's cashier actions from a terminal, until the back office exists.
 *
 * Runs the real server in-process on the configured database (DATABASE_URL, else the embedded
 * PGlite; with PGlite, stop the server first) and calls the operator API (`/wps/admin/...`)
 * with a one-time key, so every rule, lock, idempotency check and inbox message is the API's.
 *
 *   npm run admin -- deposits          --brand GOLDEN [--status PENDING] [--page 1]
 *   npm run admin -- deposit-approve   <id> --brand GOLDEN
 *   npm run admin -- deposit-reject    <id> --brand GOLDEN --reason "receipt unreadable"
 *   npm run admin -- withdrawals       --brand GOLDEN [--status PENDING] [--page 1]
 *   npm run admin -- withdrawal-approve <id> --brand GOLDEN [--amount 50.00 --reason "..."] [--request-id ID]
 *   npm run admin -- withdrawal-reject <id> --brand GOLDEN --reason "name does not match"
 *   npm run admin -- payout-resolve    <withdrawal id> <payout id> --brand GOLDEN
 *   npm run admin -- adjust            <username> <signed amount> --brand GOLDEN --reason "..."
 *                                      [--turnover-multiple 1]   (only asks; see below)
 *   npm run admin -- vendor-secret     <vendor> --brand GOLDEN   (new seamless callback secret)
 *   npm run admin -- game-type         LIVE off --brand GOLDEN   (switch a game category off)
 *   npm run admin -- legacy-crypto     [on|off] --brand GOLDEN   (real clients' legacy scheme; none: show it)
 *   npm run admin -- lottery-rtp       [Lott=9300 ZY=default ...] --brand LOTUS
 *                                      (lottery return per prize mode, basis points; none: show it)
 *   npm run admin -- points-redemptions --brand GOLDEN [--status IN_PROCESS] [--page 1]
 *   npm run admin -- points-approve    <id> --brand GOLDEN   (goods redeemed in the points mall)
 *   npm run admin -- points-reject     <id> --brand GOLDEN --reason "out of stock" (points and stock back)
 * Common: --operator NAME (audit name; default $USER), --json (print the raw answer).
 * A money call without --request-id gets a fresh one, printed so the same call can be retried
 * safely: the API moves the money once per request id.
 * `adjust` moves no money: a manual adjustment needs a second person (maker-checker), so it only
 * records the request and prints its approval id; another staff member approves or rejects it in
 * the back office (Approvals). The CLI never approves: it would be one person deciding alone.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isPermission, isRole, PERMISSIONS, PRIZE_MODES, type Role } from '@app/contracts';
import { buildApp, buildPlatform } from '../apps/server/src/app';
import type { OperatorPrincipal } from '../apps/server/src/platform/operator-auth';
import { openConfiguredDb } from './lib/configured-db';

const USAGE = `usage: npm run admin -- <command> [arguments] --brand CODE [options]
commands:
  deposits [--status S] [--page N]              list deposits (PENDING APPROVED REJECTED ARRIVED FAILED)
  deposit-approve <id>                          approve a pending deposit and credit the member
  deposit-reject <id> --reason TEXT             reject a pending deposit
  withdrawals [--status S] [--page N]           list withdrawals (PENDING PARTIAL PAID REJECTED)
  withdrawal-approve <id> [--amount A --reason TEXT] [--request-id ID]
                                                pay all that remains, or part of it (with a reason);
                                                at or above the brand's threshold a second person approves
  withdrawal-reject <id> --reason TEXT          reject; the rest on hold goes back to the member
  payout-resolve <id> <payoutId>                settle a payout the member reported as not received
  adjust <username> <amount> --reason TEXT [--turnover-multiple N]
                                                ask for a credit (positive) or debit (negative) of a
                                                main wallet; another staff member approves it in the
                                                back office (Approvals) before money moves
  vendor-secret <vendor>                        set a new seamless-wallet callback secret and print it
  game-type <type> on|off                       switch a game category (RNG LIVE FISH PVP SPORTS ...) on or off
  legacy-crypto [on|off]                        show, or switch, the real clients' legacy payload scheme (audited)
  lottery-rtp [<mode>=<bp>|<mode>=default ...]  show, or set, the lottery return per prize mode (Lott ZY Elott SEA)
                                                in basis points from 8000 to 9900 (9300 = 93%); default: back to
                                                the platform's; new slips are priced at it, placed lines keep their odds
  points-redemptions [--status S] [--page N]   list points-mall redemptions (IN_PROCESS APPROVED REJECTED)
  points-approve <id>                           approve goods in process (the member is told)
  points-reject <id> --reason TEXT              reject goods in process: the points and the stock come back
  staff-create --username U --name "N" (--brand B --role R | --platform-owner)
                                                a staff account; prints its one-time password
                                                (changed, and TOTP enrolled, at the first sign-in)
  apikey-create --name N (--brand B --permissions a,b | --all-brands)
                                                an API key (header x-api-key); printed once
options: --operator NAME   --json`;

// A negative amount ("-12.50") would read as an option: carry its sign past the parser.
const MINUS = '\u2212';
const argv = process.argv.slice(2).map((a) => (/^-\d/.test(a) ? MINUS + a.slice(1) : a));
const { values, positionals } = parseArgs({
  args: argv,
  allowPositionals: true,
  options: {
    brand: { type: 'string' },
    status: { type: 'string' },
    page: { type: 'string' },
    reason: { type: 'string' },
    amount: { type: 'string' },
    'request-id': { type: 'string' },
    'turnover-multiple': { type: 'string' },
    operator: { type: 'string' },
    username: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    permissions: { type: 'string' },
    'platform-owner': { type: 'boolean', default: false },
    'all-brands': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  /** The request id a retry should repeat, when the call has one. */
  requestId?: string;
  /** Sent as the Idempotency-Key header (back-office money decisions keyed by the caller). */
  idempotencyKey?: string;
  /** A username whose member id replaces `:memberId` in url (looked up through the API first). */
  memberOf?: string;
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const [command, ...args] = positionals.map((p) => (p.startsWith(MINUS) ? `-${p.slice(1)}` : p));
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!command) fail('a command is needed');
if (command === 'staff-create' || command === 'apikey-create') {
  process.exit(await accessCommand(command));
}
if (!values.brand) fail('--brand is required (e.g. --brand GOLDEN)');

const arg = (i: number, name: string) => args[i] ?? fail(`${command}: missing <${name}>`);
const need = (name: 'reason', value: string | undefined) =>
  value ?? fail(`${command}: --${name} is required`);
const requestId = () => values['request-id'] ?? randomUUID().replaceAll('-', '');
const list = (what: string, pageParam = 'pageNo') => {
  const q = new URLSearchParams({ [pageParam]: values.page ?? '1', pageSize: '20' });
  if (values.status) q.set('status', values.status.toUpperCase());
  return { method: 'GET' as const, url: `/wps/admin/${what}?${q}` };
};

function callFor(): Call {
  switch (command) {
    case 'deposits': {
      // The back office's queue: page and pageSize, newest first.
      const q = new URLSearchParams({ page: values.page ?? '1', pageSize: '20' });
      if (values.status) q.set('status', values.status.toUpperCase());
      return { method: 'GET', url: `/wps/admin/deposits?${q}` };
    }
    case 'deposit-approve':
      return { method: 'POST', url: `/wps/admin/deposits/${encodeURIComponent(arg(0, 'id'))}/approve` };
    case 'deposit-reject':
      return {
        method: 'POST',
        url: `/wps/admin/deposits/${encodeURIComponent(arg(0, 'id'))}/reject`,
        body: { reason: need('reason', values.reason) },
      };
    case 'withdrawals':
      return list('withdrawals', 'page');
    case 'withdrawal-approve': {
      const id = requestId();
      return {
        method: 'POST',
        url: `/wps/admin/withdrawals/${encodeURIComponent(arg(0, 'id'))}/approve`,
        body: {
          ...(values.amount !== undefined && { amount: values.amount }),
          ...(values.reason !== undefined && { reason: values.reason }),
        },
        requestId: id,
        idempotencyKey: id,
      };
    }
    case 'withdrawal-reject':
      return {
        method: 'POST',
        url: `/wps/admin/withdrawals/${encodeURIComponent(arg(0, 'id'))}/reject`,
        body: { reason: need('reason', values.reason) },
      };
    case 'payout-resolve':
      return {
        method: 'POST',
        url: `/wps/admin/withdrawals/${encodeURIComponent(arg(0, 'id'))}/payouts/${encodeURIComponent(arg(1, 'payoutId'))}/resolve`,
      };
    case 'game-type': {
      const state = arg(1, 'on|off');
      if (state !== 'on' && state !== 'off') throw new Error('game-type: say on or off');
      return {
        method: 'POST',
        url: `/wps/admin/game-types/${encodeURIComponent(arg(0, 'type').toUpperCase())}`,
        body: { enabled: state === 'on' },
      };
    }
    case 'legacy-crypto': {
      if (args.length === 0) return { method: 'GET', url: '/wps/admin/legacy-crypto' };
      const state = arg(0, 'on|off');
      if (state !== 'on' && state !== 'off') fail('legacy-crypto: say on or off');
      return { method: 'POST', url: '/wps/admin/legacy-crypto', body: { enabled: state === 'on' } };
    }
    case 'lottery-rtp': {
      if (args.length === 0) return { method: 'GET', url: '/wps/admin/lottery/rtp' };
      const rtpBp: Record<string, number | null> = {};
      for (const pair of args) {
        const m = /^([A-Za-z]+)=(\d+|default)$/.exec(pair);
        if (!m)
          fail(`lottery-rtp: "${pair}" is not <mode>=<basis points> or <mode>=default (e.g. Lott=9300)`);
        const mode = PRIZE_MODES.find((p) => p.toLowerCase() === m[1]!.toLowerCase());
        if (!mode) fail(`lottery-rtp: unknown prize mode "${m[1]}" (one of ${PRIZE_MODES.join(' ')})`);
        if (mode in rtpBp) fail(`lottery-rtp: ${mode} is named twice`);
        rtpBp[mode] = m[2] === 'default' ? null : Number(m[2]);
      }
      // The API checks the band (8000..9900) and refuses the whole call when one value is out of it.
      return { method: 'POST', url: '/wps/admin/lottery/rtp', body: { rtpBp } };
    }
    case 'vendor-secret':
      return { method: 'POST', url: `/wps/admin/vendors/${encodeURIComponent(arg(0, 'vendor'))}/secret` };
    case 'adjust': {
      if (values['request-id'] !== undefined)
        fail('adjust: takes no --request-id (it only asks; a second person approves once)');
      const multiple = values['turnover-multiple'];
      const amount = arg(1, 'amount');
      const debit = amount.startsWith('-');
      return {
        method: 'POST',
        url: '/wps/admin/players/:memberId/adjustments',
        memberOf: arg(0, 'username'),
        body: {
          direction: debit ? 'DEBIT' : 'CREDIT',
          amount: debit ? amount.slice(1) : amount,
          reason: need('reason', values.reason),
          ...(multiple !== undefined && { turnoverMultiplier: Number(multiple) }),
        },
      };
    }
    case 'points-redemptions': {
      const q = new URLSearchParams({ pageNo: values.page ?? '1', pageSize: '20' });
      if (values.status) q.set('state', values.status.toUpperCase());
      return { method: 'GET', url: `/wps/admin/points/redemptions?${q}` };
    }
    case 'points-approve':
      return {
        method: 'POST',
        url: `/wps/admin/points/redemptions/${encodeURIComponent(arg(0, 'id'))}/approve`,
      };
    case 'points-reject':
      return {
        method: 'POST',
        url: `/wps/admin/points/redemptions/${encodeURIComponent(arg(0, 'id'))}/reject`,
        body: { reason: need('reason', values.reason) },
      };
    default:
      return fail(`unknown command: ${command}`);
  }
}

const cliCall = randomBytes(32).toString('hex');
const call = callFor();
let opened: Awaited<ReturnType<typeof openConfiguredDb>>;
try {
  opened = await openConfiguredDb();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
}
let exitCode = 0;
// The CLI answers for itself: whoever can run it can reach the database, so it acts as a
// platform owner, recorded in the audit log as the operator CLI under --operator's name.
const cliOperator: OperatorPrincipal = {
  kind: 'CLI',
  id: 'cli',
  name: (values.operator ?? process.env.USER ?? 'cli').trim().slice(0, 40) || 'cli',
  grants: [{ merchant: null, role: 'owner', permissions: PERMISSIONS }],
  csrfToken: null,
};
const app = await buildApp({
  config: { ...opened.config, LOG_LEVEL: 'silent' },
  db: opened.db,
  operator: (req) => (req.headers['x-cli-call'] === cliCall ? cliOperator : null),
});
const headers = {
  merchant: values.brand,
  language: 'en',
  // Only this process knows the value: the app is in-process and never listens.
  'x-cli-call': cliCall,
};
try {
  let url = call.url;
  if (call.memberOf !== undefined) {
    const wanted = call.memberOf.toLowerCase();
    const found = await app.inject({
      method: 'GET',
      url: `/wps/admin/players?${new URLSearchParams({ q: wanted, pageSize: '100' })}`,
      headers,
    });
    const players = found.json<{ value?: { list?: { memberId: string; username: string }[] } }>();
    const member = players.value?.list?.find((p) => p.username.toLowerCase() === wanted);
    // An unknown name reaches the API as member 0, which refuses it with its own clear error.
    url = url.replace(':memberId', member?.memberId ?? '0');
  }
  const res = await app.inject({
    method: call.method,
    url,
    headers: { ...headers, ...(call.idempotencyKey && { 'idempotency-key': call.idempotencyKey }) },
    ...(call.body && { payload: call.body }),
  });
  const answer = res.json<{ success: boolean; value?: unknown; errorCode?: string; message?: string }>();
  if (values.json) {
    console.log(JSON.stringify(answer, null, 2));
  } else if (answer.success) {
    const value = answer.value as { list?: unknown[] } | unknown;
    if (value && typeof value === 'object' && 'list' in value && Array.isArray(value.list)) {
      console.table(value.list.map(summarise));
      const { list: _list, ...rest } = value as Record<string, unknown>;
      console.log(rest);
    } else {
      console.log(value);
    }
  } else {
    console.error(`refused (${answer.errorCode ?? res.statusCode}): ${answer.message ?? res.body}`);
    if (answer.value !== undefined) console.error(answer.value);
  }
  if (call.requestId)
    console.log(`request id: ${call.requestId} (repeat it with --request-id to retry safely)`);
  if (command === 'adjust' && answer.success)
    console.log('no money has moved yet: another staff member approves it in the back office (Approvals)');
  if (!answer.success) exitCode = 1;
} finally {
  await app.close();
  await opened.db.close();
}
// Set last: closing PGlite (an Emscripten module) overwrites process.exitCode.
process.exit(exitCode);

/** One table row per record: the flat fields; nested ones (accounts, payouts) as a count or name. */
function summarise(row: unknown): Record<string, unknown> {
  if (!row || typeof row !== 'object') return { value: row };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (Array.isArray(v)) out[k] = v.length;
    else if (v && typeof v === 'object') out[k] = 'accountNo' in v ? String(v.accountNo) : JSON.stringify(v);
    else out[k] = v;
  }
  return out;
}

/** Staff accounts and API keys, made straight through the staff services (no HTTP call). */
async function accessCommand(which: 'staff-create' | 'apikey-create'): Promise<number> {
  const brand = values.brand?.toUpperCase();
  let grant: { merchant: string; role: Role } | 'platform-owner' | null = null;
  let permissions: string[] = [];
  if (which === 'staff-create') {
    if (!values.username || !values.name) fail('staff-create: --username and --name are required');
    if (values['platform-owner']) {
      if (brand || values.role) fail('staff-create: --platform-owner takes no --brand or --role');
      grant = 'platform-owner';
    } else {
      if (!brand || !values.role) fail('staff-create: --brand and --role (or --platform-owner) are required');
      if (!isRole(values.role)) fail(`staff-create: unknown role "${values.role}"`);
      grant = { merchant: brand, role: values.role };
    }
  } else {
    if (!values.name) fail('apikey-create: --name is required');
    if (values['all-brands']) {
      if (brand || values.permissions)
        fail('apikey-create: --all-brands holds every permission; no --brand or --permissions');
      permissions = [...PERMISSIONS];
    } else {
      if (!brand || !values.permissions)
        fail('apikey-create: --brand and --permissions (or --all-brands) are required');
      permissions = values.permissions
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const unknown = permissions.filter((p) => !isPermission(p));
      if (unknown.length || permissions.length === 0)
        fail(`apikey-create: unknown permissions: ${unknown.join(', ') || '(none given)'}`);
    }
  }
  let opened: Awaited<ReturnType<typeof openConfiguredDb>>;
  try {
    opened = await openConfiguredDb();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 2;
  }
  const { app, services } = await buildPlatform({
    config: { ...opened.config, LOG_LEVEL: 'silent' },
    db: opened.db,
  });
  let code = 0;
  try {
    if (brand) {
      const known = await opened.db.db
        .selectFrom('merchant')
        .select('code')
        .where('code', '=', brand)
        .executeTakeFirst();
      if (!known) throw new Error(`unknown brand ${brand}`);
    }
    if (which === 'staff-create') {
      const out = await services.staff.admin.createFromCli({
        username: values.username!,
        displayName: values.name!,
        grant: grant!,
      });
      console.log(`staff ${values.username} created (id ${out.id})`);
      console.log(`one-time password: ${out.oneTimePassword}`);
      console.log('At the first sign-in the password must be changed and an authenticator app enrolled.');
    } else {
      const operator = (values.operator ?? process.env.USER ?? 'cli').slice(0, 40);
      const out = await services.staff.admin.createApiKey(
        { name: `cli:${operator}`, all: true },
        brand ?? null,
        values.name!,
        permissions,
      );
      console.log(
        `API key ${values.name} created (id ${out.id}); send it as header x-api-key. It is shown once:`,
      );
      console.log(out.key);
    }
  } catch (err) {
    console.error(`refused: ${err instanceof Error ? err.message : String(err)}`);
    code = 1;
  } finally {
    await app.close();
    await opened.db.close();
  }
  return code;
}
