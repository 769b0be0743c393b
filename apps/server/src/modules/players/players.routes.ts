import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { Paged, PlayersService } from './players.service';

const tags = ['admin'];

const paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const pagingQuery = z.object(paging);
const memberParams = z.object({ memberId: z.string().regex(/^\d{1,18}$/) });
const reason = z.string().trim().min(1).max(500);
const blocksSchema = z.object({
  login: z.boolean(),
  deposit: z.boolean(),
  withdrawal: z.boolean(),
  betting: z.boolean(),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number(), pageSize: z.number(), hasMore: z.boolean() });
const ok = <T extends z.ZodType>(value: T) => z.object({ success: z.literal(true), value });

const searchQuery = z.object({
  ...paging,
  q: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'LOCKED', 'BLOCKED']).optional(),
  vipLevel: z.coerce.number().int().min(0).max(99).optional(),
  registeredFrom: z.iso.datetime({ offset: true }).optional(),
  registeredTo: z.iso.datetime({ offset: true }).optional(),
  lastLoginFrom: z.iso.datetime({ offset: true }).optional(),
  lastLoginTo: z.iso.datetime({ offset: true }).optional(),
});

const status = z.enum(['ACTIVE', 'LOCKED']);
const listItem = z.object({
  memberId: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status,
  blocks: blocksSchema,
  vipLevel: z.number(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  isAgent: z.boolean(),
  upline: z.string().nullable(),
  tags: z.array(z.string()),
});

const playerSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  realName: z.string().nullable(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  idNumberMasked: z.string().nullable(),
  status,
  blocks: blocksSchema,
  vipLevel: z.number(),
  vipLabel: z.string(),
  registeredAt: z.string(),
  registerIp: z.string().nullable(),
  registerDevice: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  isAgent: z.boolean(),
  upline: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  verification: z.object({
    mobile: z.boolean(),
    email: z.boolean(),
    totp: z.boolean(),
    realName: z.boolean(),
  }),
  wallets: z.array(z.object({ wallet: z.string(), balance: z.number() })),
  turnover: z.array(
    z.object({
      id: z.string(),
      source: z.string(),
      required: z.number(),
      done: z.number(),
      status: z.enum(['OPEN', 'MET']),
    }),
  ),
  tags: z.array(z.string()),
});

const orderItem = z.object({
  orderNo: z.string(),
  at: z.string(),
  amount: z.number(),
  status: z.string(),
  channel: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

const noteItem = z.object({ id: z.string(), at: z.string(), author: z.string(), text: z.string() });

const tabs = {
  ledger: z.object({
    at: z.string(),
    kind: z.string(),
    wallet: z.string(),
    reference: z.string(),
    amount: z.number(),
    balanceAfter: z.number().nullable(),
    memo: z.string().nullable(),
  }),
  bets: z.object({
    at: z.string(),
    game: z.string(),
    vendor: z.string(),
    betId: z.string(),
    stake: z.number(),
    validStake: z.number(),
    payout: z.number(),
    status: z.string(),
    detail: z.unknown(),
  }),
  deposits: orderItem,
  withdrawals: orderItem,
  bonuses: z.object({
    at: z.string(),
    kind: z.string(),
    amount: z.number(),
    turnoverRequired: z.number(),
    status: z.enum(['OPEN', 'MET', 'NO_TURNOVER']),
  }),
  logins: z.object({
    at: z.string(),
    ip: z.string(),
    device: z.string(),
    userAgent: z.string(),
    success: z.boolean(),
    reason: z.string().nullable(),
  }),
  linked: z.object({
    memberId: z.string(),
    username: z.string(),
    via: z.enum(['IP', 'DEVICE', 'PAYOUT_ACCOUNT', 'MOBILE']),
    value: z.string(),
    lastSeenAt: z.string(),
  }),
  notes: noteItem,
} as const;

type Tab = keyof typeof tabs;

const target = (memberId: string) => `member:${memberId}`;
const date = (s: string | undefined) => (s === undefined ? undefined : new Date(s));

/** The back office's player routes (api-contract "Players"); each declares its permission. */
export async function playersRoutes(app: FastifyInstance, opts: { players: PlayersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { players } = opts;

  r.get(
    '/wps/admin/players',
    {
      config: operatorRoute('players.search', { auditRead: true }),
      schema: {
        summary: 'Player search: q by its shape and by prefix, filters, newest first',
        tags,
        querystring: searchQuery,
        response: { 200: ok(page(listItem)) },
      },
    },
    async (req) => {
      const q = req.query;
      req.auditDetail = { action: 'players.search', target: null, after: { query: q } };
      return envelope(
        await players.search(
          req.brand.code,
          q.q,
          {
            status: q.status,
            vipLevel: q.vipLevel,
            registeredFrom: date(q.registeredFrom),
            registeredTo: date(q.registeredTo),
            lastLoginFrom: date(q.lastLoginFrom),
            lastLoginTo: date(q.lastLoginTo),
          },
          q,
        ),
      );
    },
  );

  r.get(
    '/wps/admin/players/:memberId',
    {
      config: operatorRoute('players.view', { auditRead: true }),
      schema: {
        summary: 'The player page: account, contact in full, blocks, wallets, turnover',
        tags,
        params: memberParams,
        response: { 200: ok(playerSchema) },
      },
    },
    async (req) => {
      req.auditDetail = { action: 'players.view', target: target(req.params.memberId) };
      return envelope(await players.player(req.brand.code, req.params.memberId, req.lang));
    },
  );

  // Each tab's reader answers the items its schema describes; the response schema checks them.
  const tab = <K extends Tab>(
    name: K,
    read: (
      merchant: string,
      memberId: string,
      p: { page: number; pageSize: number },
    ) => Promise<Paged<unknown>>,
  ) =>
    r.get(
      `/wps/admin/players/:memberId/${name}`,
      {
        config: operatorRoute('players.view', { auditRead: true }),
        schema: {
          summary: `The player page's ${name} tab, newest first`,
          tags,
          params: memberParams,
          querystring: pagingQuery,
          response: { 200: ok(page(tabs[name])) },
        },
      },
      async (
        req: FastifyRequest<{
          Params: { memberId: string };
          Querystring: { page: number; pageSize: number };
        }>,
      ) => {
        req.auditDetail = { action: `players.view.${name}`, target: target(req.params.memberId) };
        return envelope(await read(req.brand.code, req.params.memberId, req.query));
      },
    );
  tab('ledger', (m, id, p) => players.ledger(m, id, p));
  tab('bets', (m, id, p) => players.bets(m, id, p));
  tab('deposits', (m, id, p) => players.deposits(m, id, p));
  tab('withdrawals', (m, id, p) => players.withdrawals(m, id, p));
  tab('bonuses', (m, id, p) => players.bonuses(m, id, p));
  tab('logins', (m, id, p) => players.logins(m, id, p));
  tab('linked', (m, id, p) => players.linked(m, id, p));
  tab('notes', (m, id, p) => players.notes(m, id, p));

  r.post(
    '/wps/admin/players/:memberId/notes',
    {
      config: operatorRoute('players.note'),
      schema: {
        summary: 'Adds a note to the player (notes are never edited or deleted)',
        tags,
        params: memberParams,
        body: z.object({ text: z.string().trim().min(1).max(2000) }),
        response: { 200: ok(noteItem) },
      },
    },
    async (req) => {
      const note = await players.addNote(
        req.brand.code,
        req.params.memberId,
        operatorName(req),
        req.body.text,
      );
      req.auditDetail = { action: 'players.note', target: target(req.params.memberId), after: note };
      return envelope(note);
    },
  );

  r.put(
    '/wps/admin/players/:memberId/tags',
    {
      config: operatorRoute('players.note'),
      schema: {
        summary: "Replaces the player's tags",
        tags,
        params: memberParams,
        body: z.object({ tags: z.array(z.string().trim().min(1).max(32)).max(20) }),
        response: { 200: ok(z.object({ tags: z.array(z.string()) })) },
      },
    },
    async (req) => {
      const change = await players.setTags(req.brand.code, req.params.memberId, req.body.tags);
      req.auditDetail = { action: 'players.tags', target: target(req.params.memberId), ...change };
      return envelope(change.after);
    },
  );

  r.post(
    '/wps/admin/players/:memberId/status',
    {
      config: operatorRoute('players.lock'),
      schema: {
        summary: 'Locks the account (no login, every session ends) or unlocks it',
        tags,
        params: memberParams,
        body: z.object({ locked: z.boolean(), reason }),
        response: { 200: ok(z.object({ locked: z.boolean() })) },
      },
    },
    async (req) => {
      const change = await players.setLocked(req.brand.code, req.params.memberId, req.body.locked);
      req.auditDetail = {
        action: req.body.locked ? 'players.lock' : 'players.unlock',
        target: target(req.params.memberId),
        before: change.before,
        after: { ...change.after, reason: req.body.reason },
      };
      return envelope(change.after);
    },
  );

  r.put(
    '/wps/admin/players/:memberId/blocks',
    {
      config: operatorRoute('players.lock'),
      schema: {
        summary: 'Sets the login, deposit, withdrawal and betting blocks',
        tags,
        params: memberParams,
        body: blocksSchema.extend({ reason }),
        response: { 200: ok(blocksSchema) },
      },
    },
    async (req) => {
      const { reason: why, ...blocks } = req.body;
      const change = await players.setBlocks(req.brand.code, req.params.memberId, blocks);
      req.auditDetail = {
        action: 'players.blocks',
        target: target(req.params.memberId),
        before: change.before,
        after: { ...change.after, reason: why },
      };
      return envelope(change.after);
    },
  );

  r.post(
    '/wps/admin/players/:memberId/sign-out',
    {
      config: operatorRoute('players.lock'),
      schema: {
        summary: "Ends every session of the player's",
        tags,
        params: memberParams,
        body: z.object({ reason }),
        response: { 200: ok(z.object({ signedOut: z.literal(true) })) },
      },
    },
    async (req) => {
      await players.signOut(req.brand.code, req.params.memberId);
      req.auditDetail = {
        action: 'players.sign-out',
        target: target(req.params.memberId),
        after: { signedOut: true, reason: req.body.reason },
      };
      return envelope({ signedOut: true as const });
    },
  );

  r.post(
    '/wps/admin/players/:memberId/password-reset',
    {
      config: operatorRoute('players.password.reset'),
      schema: {
        summary:
          'Sends the player a temporary password (SMS, else e-mail); it must be changed at the next login',
        tags,
        params: memberParams,
        body: z.object({ reason }),
        response: { 200: ok(z.object({ sentTo: z.enum(['SMS', 'EMAIL']) })) },
      },
    },
    async (req) => {
      const sentTo = await players.resetPassword(req.brand, req.params.memberId);
      // The temporary password is never in the answer nor the audit row: only where it went.
      req.auditDetail = {
        action: 'players.password.reset',
        target: target(req.params.memberId),
        after: { sentTo, mustChangePassword: true, reason: req.body.reason },
      };
      return envelope({ sentTo });
    },
  );

  r.put(
    '/wps/admin/players/:memberId/vip',
    {
      config: operatorRoute('players.vip.change'),
      schema: {
        summary: "Sets the player's VIP level (no upgrade bonus is paid for a level set here)",
        tags,
        params: memberParams,
        body: z.object({ level: z.number().int().min(0).max(99), reason }),
        response: { 200: ok(z.object({ vipLevel: z.number() })) },
      },
    },
    async (req) => {
      const change = await players.setVipLevel(req.brand.code, req.params.memberId, req.body.level);
      req.auditDetail = {
        action: 'players.vip.change',
        target: target(req.params.memberId),
        before: change.before,
        after: { ...change.after, reason: req.body.reason },
      };
      return envelope(change.after);
    },
  );
}
