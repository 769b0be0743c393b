import type { Db } from '../../db/repository';

/** Captcha challenges. SQL only. */
export class CaptchaRepository {
  constructor(private readonly db: Db) {}

  insertCaptcha(row: { merchant_code: string; requester: string; answer_hash: string; expires_at: Date }) {
    return this.db.insertInto('captcha_challenge').values(row).execute();
  }

  newestCaptcha(merchant: string, requester: string) {
    return this.db
      .selectFrom('captcha_challenge')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('requester', '=', requester)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async useCaptcha(id: string, now: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('captcha_challenge')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
