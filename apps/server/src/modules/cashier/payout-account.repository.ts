import { Repository, type Db } from '../../db/repository';

/** A bound account with its bank, as every answer shows it. */
export interface PayoutAccountRow {
  id: string;
  merchant_code: string;
  member_id: string;
  bank_code: string;
  bank_kind: 'BANK' | 'EWALLET';
  bank_name: string;
  account_name: string;
  /** WARNING: the full number. Answers to members mask it; only operators see it whole. */
  account_no: string;
  created_at: Date;
}

/** SQL of payout banks and bound payout accounts, nothing else. */
export class PayoutAccountRepository extends Repository {
  banks(merchant: string) {
    return this.db
      .selectFrom('payout_bank')
      .select(['code', 'kind', 'name'])
      .where('merchant_code', '=', merchant)
      .orderBy('sort')
      .orderBy('code')
      .execute();
  }

  bank(merchant: string, code: string) {
    return this.db
      .selectFrom('payout_bank')
      .select(['code', 'kind', 'name'])
      .where('merchant_code', '=', merchant)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  private view(db: Db) {
    return db
      .selectFrom('payout_account as a')
      .innerJoin('payout_bank as b', (j) =>
        j.onRef('b.merchant_code', '=', 'a.merchant_code').onRef('b.code', '=', 'a.bank_code'),
      )
      .select([
        'a.id',
        'a.merchant_code',
        'a.member_id',
        'a.bank_code',
        'b.kind as bank_kind',
        'b.name as bank_name',
        'a.account_name',
        'a.account_no',
        'a.created_at',
      ]);
  }

  /** The member's accounts, oldest first. */
  ofMember(memberId: string, db: Db = this.db): Promise<PayoutAccountRow[]> {
    return this.view(db).where('a.member_id', '=', memberId).orderBy('a.id').execute();
  }

  /** One account, only if it is this member's (someone else's id finds nothing). */
  ownedBy(memberId: string, id: string, db: Db = this.db): Promise<PayoutAccountRow | undefined> {
    return this.view(db).where('a.member_id', '=', memberId).where('a.id', '=', id).executeTakeFirst();
  }

  async count(db: Db, memberId: string): Promise<number> {
    const row = await db
      .selectFrom('payout_account')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async exists(db: Db, memberId: string, bankCode: string, accountNo: string): Promise<boolean> {
    const row = await db
      .selectFrom('payout_account')
      .select('id')
      .where('member_id', '=', memberId)
      .where('bank_code', '=', bankCode)
      .where('account_no', '=', accountNo)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(
    db: Db,
    a: { merchant: string; memberId: string; bankCode: string; accountName: string; accountNo: string },
  ): Promise<string> {
    const row = await db
      .insertInto('payout_account')
      .values({
        merchant_code: a.merchant,
        member_id: a.memberId,
        bank_code: a.bankCode,
        account_name: a.accountName,
        account_no: a.accountNo,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
