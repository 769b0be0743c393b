/**
 * Every operator route × every role × the role's own brand and another brand, called as a
 * signed-in staff member: no 2xx without the permission on the brand (403 operator.forbidden),
 * and every 2xx change writes exactly one audit row naming the caller, their role and the brand.
 * Routes are collected as the app registers them, so routes added later are covered too.
 */
import { ROLE_PERMISSIONS, ROLES, type Role } from '@app/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPlatform, type Platform } from '../src/app';
import { type DbHandle, type DbTarget, openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import type { OperatorRoute } from '../src/platform/operator-auth';
import { seedDemo } from '../src/seed/seed';
import { createPostgresDatabase, testConfig } from './helper';

interface Collected {
  method: string;
  url: string;
  operator: OperatorRoute;
  body: unknown;
  query: unknown;
}

const routes: Collected[] = [];
let db: DbHandle;
let platform: Platform;
let drop = async () => {};

beforeAll(async () => {
  let target: DbTarget = { kind: 'pglite', dataDir: null };
  if (process.env.TEST_DB_KIND === 'postgres') {
    const created = await createPostgresDatabase();
    target = { kind: 'postgres', url: created.url };
    drop = created.drop;
  }
  db = await openDb(target);
  await migrate(db);
  await seedDemo(db.db);
  platform = await buildPlatform({
    config: testConfig(),
    db,
    onRoute: (r: RouteOptions) => {
      const operator = r.config?.operator;
      if (!operator) return;
      for (const method of [r.method].flat())
        if (method !== 'HEAD')
          routes.push({ method, url: r.url, operator, body: r.schema?.body, query: r.schema?.querystring });
    },
  });
  await platform.app.ready();
}, 60_000);
afterAll(async () => {
  await platform.app.close();
  await db.close();
  await drop();
});

/** A simple valid value for a zod schema: required fields filled, optional ones left out. */
function sample(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType)) return undefined;
  const def = (schema as z.ZodType)._zod.def as { type: string } & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const t = (v._zod.def as { type: string }).type;
        if (t === 'optional' || t === 'default') continue;
        out[k] = sample(v);
      }
      return out;
    }
    case 'string':
      return 'sample01';
    case 'number':
    case 'bigint':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [];
    case 'record':
      return {};
    case 'nullable':
      return null;
    case 'pipe':
      return sample(def.in);
    case 'union':
      return sample((def.options as unknown[])[0]);
    default:
      return undefined;
  }
}

/** The route's path with plausible ids (nothing of these exists, so no change hits real data). */
function pathOf(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) =>
    /orderNo/i.test(name) ? 'D20260101000000001' : /vendor|code|type/i.test(name) ? 'SAMPLE' : '999999',
  );
}

describe('the back-office permission matrix', () => {
  it('refuses every route without the permission on the brand and audits every change', async () => {
    expect(routes.length).toBeGreaterThan(10);
    // The chat desk's routes are in the matrix, each with the permission it declares.
    const declared = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.operator.permission]));
    expect(Object.fromEntries([...declared].filter(([k]) => k.includes('/admin/chat')))).toEqual({
      'GET /wps/admin/chat/queue': 'chat.answer',
      'GET /wps/admin/chat/search': 'chat.answer',
      'GET /wps/admin/chat/canned': 'chat.answer',
      'POST /wps/admin/chat/canned': 'chat.settings',
      'PUT /wps/admin/chat/canned/:id': 'chat.settings',
      'DELETE /wps/admin/chat/canned/:id': 'chat.settings',
      'GET /wps/admin/chat/settings': 'chat.settings',
      'PUT /wps/admin/chat/settings': 'chat.settings',
      'GET /wps/admin/chat/images/:id': 'chat.answer',
      'POST /wps/admin/chat/images': 'chat.answer',
      'GET /wps/admin/chat/:id': 'chat.answer',
      'POST /wps/admin/chat/:id/take': 'chat.answer',
      'POST /wps/admin/chat/:id/messages': 'chat.answer',
      'POST /wps/admin/chat/:id/read': 'chat.answer',
      'POST /wps/admin/chat/:id/close': 'chat.answer',
    });
    const { staff } = platform.services;
    const sessions = new Map<Role, { cookie: string; csrf: string; username: string }>();
    for (const role of ROLES) {
      const made = await staff.admin.createFromCli({
        username: `matrix_${role}`.replace('_', '-').slice(0, 32),
        displayName: `Matrix ${role}`,
        grant: { merchant: 'GOLDEN', role },
      });
      const opened = await staff.auth.openFor(made.id);
      sessions.set(role, {
        cookie: opened.token,
        csrf: opened.view.csrfToken,
        username: opened.view.staff.username,
      });
    }

    const failures: string[] = [];
    let changes = 0;
    for (const route of routes) {
      const query = sample(route.query);
      const qs =
        query && typeof query === 'object'
          ? new URLSearchParams(query as Record<string, string>).toString()
          : '';
      const body = sample(route.body);
      for (const role of ROLES) {
        const s = sessions.get(role)!;
        for (const brand of ['GOLDEN', 'LOTUS']) {
          // A route may open to any of several permissions (its use case checks the exact one).
          const opening = [route.operator.permission, ...(route.operator.orPermissions ?? [])];
          const allowed =
            !route.operator.platform &&
            brand === 'GOLDEN' &&
            opening.some((p) => ROLE_PERMISSIONS[role].includes(p));
          const last = await db.db
            .selectFrom('audit_log')
            .select('id')
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
          const res = await platform.app.inject({
            method: route.method as 'GET',
            url: `${pathOf(route.url)}${qs ? `?${qs}` : ''}`,
            headers: {
              merchant: brand,
              cookie: `bo_session=${s.cookie}`,
              'x-csrf-token': s.csrf,
              'idempotency-key': crypto.randomUUID(),
            },
            ...(body !== undefined && route.method !== 'GET' ? { payload: body as object } : {}),
          });
          const where = `${route.method} ${route.url} as ${role} on ${brand}: ${res.statusCode}`;
          const code = res.headers['content-type']?.toString().includes('json')
            ? (res.json() as { errorCode?: string }).errorCode
            : undefined;
          if (!allowed) {
            if (res.statusCode !== 403 || code !== 'operator.forbidden')
              failures.push(`${where} (${code}) expected forbidden`);
            continue;
          }
          if (code === 'operator.forbidden')
            failures.push(`${where} refused though the role holds the permission`);
          if (res.statusCode < 300 && route.method !== 'GET') {
            changes++;
            const rows = await db.db
              .selectFrom('audit_log')
              .selectAll()
              .where('id', '>', last?.id ?? '0')
              .execute();
            const ok =
              rows.length === 1 &&
              rows[0]!.actor === s.username &&
              rows[0]!.actor_kind === 'STAFF' &&
              rows[0]!.role === role &&
              rows[0]!.merchant_code === brand;
            if (!ok) failures.push(`${where} wrote ${rows.length} audit rows: ${JSON.stringify(rows)}`);
          }
        }
      }
    }
    console.log(
      `matrix: ${routes.length} operator routes × ${ROLES.length} roles × 2 brands, ${changes} changes audited`,
    );
    expect(failures).toEqual([]);
    // The matrix reached real changes, not only refusals and bad requests.
    expect(changes).toBeGreaterThan(3);
  }, 300_000);
});
