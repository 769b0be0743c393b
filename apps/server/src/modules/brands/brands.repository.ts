import type { Insertable } from 'kysely';
import type { Db } from '../../db/repository';
import type { Database } from '../../db/schema';

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** The SQL of the brands module: brands and their settings tables, windows, set-up tokens. */
export class BrandsRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  listBrands() {
    return this.db
      .selectFrom('merchant')
      .select([
        'code',
        'name',
        'default_language',
        'languages',
        'currency',
        'currency_symbol',
        'timezone',
        'maintenance_on',
        'created_at',
      ])
      .orderBy('code')
      .execute();
  }

  allHosts() {
    return this.db.selectFrom('merchant_host').select(['host', 'merchant_code']).orderBy('host').execute();
  }

  merchant(code: string, db: Db = this.db) {
    return db.selectFrom('merchant').selectAll().where('code', '=', code).executeTakeFirst();
  }

  hostsOf(code: string, db: Db = this.db) {
    return db
      .selectFrom('merchant_host')
      .select('host')
      .where('merchant_code', '=', code)
      .orderBy('host')
      .execute();
  }

  /** Which of these hosts belong to a brand other than `code` (any brand when code is null). */
  async hostsTaken(hosts: string[], code: string | null, db: Db = this.db): Promise<string[]> {
    if (hosts.length === 0) return [];
    let q = db.selectFrom('merchant_host').select('host').where('host', 'in', hosts);
    if (code) q = q.where('merchant_code', '<>', code);
    return (await q.execute()).map((r) => r.host);
  }

  resources(code: string, db: Db = this.db) {
    return db
      .selectFrom('app_resource')
      .selectAll()
      .where('merchant_code', '=', code)
      .orderBy('sort')
      .execute();
  }

  domainRoutes(code: string, db: Db = this.db) {
    return db
      .selectFrom('domain_route')
      .select(['domain', 'speed'])
      .where('merchant_code', '=', code)
      .orderBy('speed')
      .orderBy('domain')
      .execute();
  }

  async replaceDomainRoutes(trx: Db, code: string, rows: Row<'domain_route'>[]) {
    await trx.deleteFrom('domain_route').where('merchant_code', '=', code).execute();
    if (rows.length) await trx.insertInto('domain_route').values(rows).execute();
  }

  /** The address of one app download of a brand (the generated QR code encodes it). */
  async resourceUrl(code: string, type: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('app_resource')
      .select('url')
      .where('merchant_code', '=', code)
      .where('resource_type', '=', type)
      .executeTakeFirst();
    return row?.url ?? null;
  }

  customerService(code: string, db: Db = this.db) {
    return db
      .selectFrom('customer_service')
      .selectAll()
      .where('merchant_code', '=', code)
      .orderBy('cs_position')
      .orderBy('cs_type')
      .execute();
  }

  moduleNodes(code: string, db: Db = this.db) {
    return db
      .selectFrom('module_node')
      .selectAll()
      .where('merchant_code', '=', code)
      .orderBy('sort')
      .execute();
  }

  registerRules(code: string, db: Db = this.db) {
    return db
      .selectFrom('register_rule')
      .selectAll()
      .where('merchant_code', '=', code)
      .orderBy('sort')
      .execute();
  }

  cashier(code: string, db: Db = this.db) {
    return db.selectFrom('cashier_setting').selectAll().where('merchant_code', '=', code).executeTakeFirst();
  }

  insertMerchant(trx: Db, row: Row<'merchant'>) {
    return trx.insertInto('merchant').values(row).execute();
  }

  updateMerchant(trx: Db, code: string, set: Partial<Row<'merchant'>>) {
    return trx.updateTable('merchant').set(set).where('code', '=', code).execute();
  }

  async replaceHosts(trx: Db, code: string, hosts: string[]) {
    await trx.deleteFrom('merchant_host').where('merchant_code', '=', code).execute();
    if (hosts.length)
      await trx
        .insertInto('merchant_host')
        .values(hosts.map((host) => ({ host, merchant_code: code })))
        .execute();
  }

  async replaceResources(trx: Db, code: string, rows: Row<'app_resource'>[]) {
    await trx.deleteFrom('app_resource').where('merchant_code', '=', code).execute();
    if (rows.length) await trx.insertInto('app_resource').values(rows).execute();
  }

  async replaceCustomerService(trx: Db, code: string, rows: Row<'customer_service'>[]) {
    await trx.deleteFrom('customer_service').where('merchant_code', '=', code).execute();
    if (rows.length) await trx.insertInto('customer_service').values(rows).execute();
  }

  async upsertModuleNodes(trx: Db, rows: Row<'module_node'>[]) {
    // Parents first: a flag's row refers to its root's.
    for (const row of rows) {
      await trx
        .insertInto('module_node')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['merchant_code', 'mod_id']).doUpdateSet({ enabled: row.enabled, sort: row.sort ?? 0 }),
        )
        .execute();
    }
  }

  async upsertRegisterRules(trx: Db, rows: Row<'register_rule'>[]) {
    for (const row of rows) {
      await trx
        .insertInto('register_rule')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['merchant_code', 'field']).doUpdateSet({
            enabled: row.enabled,
            required: row.required,
            accepted_pattern: row.accepted_pattern,
            pattern_id: row.pattern_id,
            min_length: row.min_length,
            max_length: row.max_length,
            sort: row.sort ?? 0,
          }),
        )
        .execute();
    }
  }

  upsertCashier(trx: Db, row: Row<'cashier_setting'>) {
    const { merchant_code: _code, gateway_secret: _secret, ...set } = row;
    return trx
      .insertInto('cashier_setting')
      .values(row)
      .onConflict((oc) => oc.column('merchant_code').doUpdateSet(set))
      .execute();
  }

  insertApprovalThreshold(trx: Db, row: Row<'cashier_settings'>) {
    return trx
      .insertInto('cashier_settings')
      .values(row)
      .onConflict((oc) => oc.column('merchant_code').doNothing())
      .execute();
  }

  // Maintenance windows.

  windows(code: string) {
    return this.db
      .selectFrom('maintenance_window')
      .selectAll()
      .where('merchant_code', '=', code)
      .orderBy('starts_at', 'desc')
      .limit(100)
      .execute();
  }

  insertWindow(row: Row<'maintenance_window'>) {
    return this.db.insertInto('maintenance_window').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Cancels a window not yet over; null when there is none such. */
  cancelWindow(code: string, id: string, by: string) {
    return this.db
      .updateTable('maintenance_window')
      .set({ cancelled_at: new Date(), cancelled_by: by })
      .where('merchant_code', '=', code)
      .where('id', '=', id)
      .where('cancelled_at', 'is', null)
      .where('ends_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
  }

  // First set-up.

  async staffCount(db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insertSetupToken(hash: Buffer) {
    return this.db.insertInto('setup_token').values({ token_hash: hash }).execute();
  }

  /** Uses the token (once) and every other open token with it; false when it is not an open token. */
  async useSetupToken(trx: Db, hash: Buffer): Promise<boolean> {
    const open = await trx
      .selectFrom('setup_token')
      .select('token_hash')
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!open) return false;
    await trx.updateTable('setup_token').set({ used_at: new Date() }).where('used_at', 'is', null).execute();
    return true;
  }
}
