import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DbHandle, openDb } from '../src/db/client';
import { migrate, readFunctions, readMigrations } from '../src/db/migrate';
import { createPostgresDatabase } from './helper';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** An empty database of the kind this project runs on, not migrated. */
async function emptyDb(): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  if (!onPostgres) {
    const handle = await openDb({ kind: 'pglite', dataDir: null });
    return { handle, close: () => handle.close() };
  }
  const created = await createPostgresDatabase();
  const handle = await openDb({ kind: 'postgres', url: created.url });
  return {
    handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

interface Definition {
  /** The body between the $$ quotes, as pg_proc.prosrc keeps it. */
  body: string;
  /** The SET clauses, as pg_proc.proconfig keeps them ('name=value'), sorted. */
  config: string[];
}

/** The functions functions/*.sql define, by name. */
function definitionsInFiles(): Map<string, Definition> {
  const defs = new Map<string, Definition>();
  for (const file of readFunctions()) {
    const re =
      /CREATE OR REPLACE FUNCTION\s+(\w+)\s*\([\s\S]*?\)\s*RETURNS\b([\s\S]*?)\bAS \$\$([\s\S]*?)\$\$/g;
    for (const [, name, header, body] of file.sql.matchAll(re)) {
      expect(defs.has(name!), `${name} is defined once`).toBe(false);
      const config = [...header!.matchAll(/\bSET (\w+) = (\w+)/g)].map(([, k, v]) => `${k}=${v}`).sort();
      defs.set(name!, { body: body!, config });
    }
  }
  return defs;
}

/** Every function of the public schema as the database holds it. */
async function definitionsInDb(handle: DbHandle): Promise<Map<string, Definition>> {
  const { rows } = await sql<{ name: string; body: string; config: string[] | null }>`
    SELECT p.proname AS name, p.prosrc AS body, p.proconfig AS config
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
     ORDER BY p.proname`.execute(handle.db);
  const defs = new Map<string, Definition>();
  for (const r of rows) {
    expect(defs.has(r.name), `one ${r.name} (no overload left behind)`).toBe(false);
    defs.set(r.name, { body: r.body, config: [...(r.config ?? [])].sort() });
  }
  return defs;
}

const HOT_PATH = ['ledger_post', 'bet_place_batch', 'bet_settle_batch', 'turnover_accrue'];

describe('database functions (functions/*.sql)', () => {
  it('define every function of the schema, and a fresh database runs exactly those', async () => {
    const files = definitionsInFiles();
    expect([...files.keys()]).toEqual(expect.arrayContaining(HOT_PATH));
    // The ledger's hot path never compiles plans with JIT (see ledger.sql).
    for (const name of HOT_PATH) expect(files.get(name)!.config).toContain('jit=off');
    const db = await emptyDb();
    try {
      await migrate(db.handle);
      expect(await definitionsInDb(db.handle)).toEqual(files);
    } finally {
      await db.close();
    }
  });

  it('are applied again on every start, harmlessly', async () => {
    const db = await emptyDb();
    try {
      await migrate(db.handle);
      await sql`INSERT INTO merchant (code, name, default_language, languages, currency)
                VALUES ('FNTEST', 'Functions', 'en', '{en}', 'PHP')`.execute(db.handle.db);
      await sql`INSERT INTO ledger_account (merchant_code, kind, tracked)
                VALUES ('FNTEST', 'HOUSE', false), ('FNTEST', 'ADJUSTMENT', false)`.execute(db.handle.db);
      const post = async (reference: string) => {
        const { rows } = await sql<{ created: boolean }>`
          SELECT created FROM ledger_post('FNTEST', ${reference}, 'ADJUSTMENT', NULL, '{}',
            (SELECT array_agg(id ORDER BY id) FROM ledger_account WHERE merchant_code = 'FNTEST'),
            ARRAY[-5, 5]::bigint[])`.execute(db.handle.db);
        return rows[0]!.created;
      };
      expect(await post('fn:1')).toBe(true);

      expect(await migrate(db.handle)).toEqual([]);
      expect(await migrate(db.handle)).toEqual([]);
      expect(await definitionsInDb(db.handle)).toEqual(definitionsInFiles());
      // What was written survives, and the functions still work.
      expect(await post('fn:1')).toBe(false);
      expect(await post('fn:2')).toBe(true);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_posting p JOIN ledger_entry e ON e.id = p.entry_id
         WHERE e.merchant_code = 'FNTEST'`.execute(db.handle.db);
      expect(rows).toEqual([{ n: 4 }]);
    } finally {
      await db.close();
    }
  });

  it('replace what older migrations defined on a database migrated before they existed', async () => {
    const db = await emptyDb();
    try {
      // The state a database was left in by a server that had only the migrations.
      expect(await migrate(db.handle, readMigrations(), [])).toEqual(readMigrations().map((m) => m.name));
      const before = await definitionsInDb(db.handle);
      const files = definitionsInFiles();
      expect(before.get('bet_place_batch')!.body).not.toBe(files.get('bet_place_batch')!.body);
      expect(before.get('ledger_post')!.body).not.toBe(files.get('ledger_post')!.body);
      expect(before.has('ledger_add_postings')).toBe(false);

      expect(await migrate(db.handle)).toEqual([]);
      expect(await definitionsInDb(db.handle)).toEqual(files);
    } finally {
      await db.close();
    }
  });

  it('roll back whole when one file fails, and name it', async () => {
    const db = await emptyDb();
    try {
      await migrate(db.handle, readMigrations(), []);
      const broken = [
        ...readFunctions(),
        {
          name: 'zz_broken.sql',
          sql: 'CREATE OR REPLACE FUNCTION zz() RETURNS int LANGUAGE sql AS $$ SELECT nope $$;',
        },
      ];
      await expect(migrate(db.handle, readMigrations(), broken)).rejects.toThrow(
        /functions\/zz_broken\.sql failed/,
      );
      expect((await definitionsInDb(db.handle)).has('ledger_add_postings')).toBe(false);
    } finally {
      await db.close();
    }
  });
});
