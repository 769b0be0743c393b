import { sql, type Insertable, type Selectable } from 'kysely';
import { Repository } from '../../db/repository';
import type { Database } from '../../db/schema';

export type ChannelRow = Selectable<Database['payment_channel']> & { deposits: string };
export type ChannelValues = Omit<Insertable<Database['payment_channel']>, 'id' | 'merchant_code'>;

/** The SQL of the back office's deposit channels and payout banks. */
export class PaymentChannelAdminRepository extends Repository {
  private channelsQuery(merchant: string) {
    return this.db
      .selectFrom('payment_channel as c')
      .selectAll('c')
      .select(sql<string>`(SELECT count(*) FROM deposit d WHERE d.channel_id = c.id)::text`.as('deposits'))
      .where('c.merchant_code', '=', merchant);
  }

  channels(merchant: string): Promise<ChannelRow[]> {
    return this.channelsQuery(merchant).orderBy('c.sort').orderBy('c.id').execute();
  }

  channel(merchant: string, id: string): Promise<ChannelRow | undefined> {
    return this.channelsQuery(merchant).where('c.id', '=', id).executeTakeFirst();
  }

  async insertChannel(merchant: string, values: ChannelValues): Promise<string> {
    const r = await this.db
      .insertInto('payment_channel')
      .values({ ...values, merchant_code: merchant })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async updateChannel(merchant: string, id: string, values: ChannelValues): Promise<boolean> {
    const r = await this.db
      .updateTable('payment_channel')
      .set(values)
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  private banksQuery(merchant: string) {
    return this.db
      .selectFrom('payout_bank as b')
      .selectAll('b')
      .select(
        sql<string>`(SELECT count(*) FROM payout_account a
                      WHERE a.merchant_code = b.merchant_code AND a.bank_code = b.code)::text`.as('accounts'),
      )
      .where('b.merchant_code', '=', merchant);
  }

  banks(merchant: string) {
    return this.banksQuery(merchant).orderBy('b.sort').orderBy('b.code').execute();
  }

  bank(merchant: string, code: string) {
    return this.banksQuery(merchant).where('b.code', '=', code).executeTakeFirst();
  }

  async insertBank(row: Insertable<Database['payout_bank']>): Promise<void> {
    await this.db.insertInto('payout_bank').values(row).execute();
  }

  async updateBank(
    merchant: string,
    code: string,
    values: { kind: 'BANK' | 'EWALLET'; name: string; sort: number },
  ) {
    await this.db
      .updateTable('payout_bank')
      .set(values)
      .where('merchant_code', '=', merchant)
      .where('code', '=', code)
      .execute();
  }

  /**
   * Removes a bank no payout account uses; false when one does. The bank row is locked first: a
   * payout account being added at the same time (its foreign key locks the row too) waits or wins.
   */
  async deleteUnusedBank(merchant: string, code: string): Promise<boolean> {
    return this.transaction(async (trx) => {
      await trx
        .selectFrom('payout_bank')
        .select('code')
        .where('merchant_code', '=', merchant)
        .where('code', '=', code)
        .forUpdate()
        .execute();
      const used = await trx
        .selectFrom('payout_account')
        .select('id')
        .where('merchant_code', '=', merchant)
        .where('bank_code', '=', code)
        .limit(1)
        .executeTakeFirst();
      if (used) return false;
      await trx
        .deleteFrom('payout_bank')
        .where('merchant_code', '=', merchant)
        .where('code', '=', code)
        .execute();
      return true;
    });
  }
}
