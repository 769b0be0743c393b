import { randomUUID } from 'node:crypto';
import {
  fromMinor,
  REWARDS_ADMIN_LIMITS,
  toMinor,
  type AdminMallItem,
  type AdminPointRules,
  type MallItemCreate,
  type MallItemInput,
  type MallStockInput,
  type PointRulesInput,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { pngOrJpeg } from '../../platform/image-check';
import { uniqueViolation } from '../../platform/db-errors';
import { mediaUrl } from '../../platform/media-url';
import type { PointsAdminRepository } from './points-admin.repository';

type ItemRow = NonNullable<Awaited<ReturnType<PointsAdminRepository['item']>>>;

/** Where uploaded mall images are served, relative to the brand's image CDN (/media here). */
export const REWARD_IMAGE_DIR = 'reward-images';
const IMAGE_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg)$/;

/**
 * The back office's points setup: earning rules per game type and for deposits, and the mall's
 * catalogue (items, prices, stock, images, enable/disable). Redemptions keep the reward as it was
 * redeemed (their rows carry its name, image, cost and bonus), so a change here applies to the
 * next redemption only.
 */
export class PointsAdminService {
  constructor(private readonly repo: PointsAdminRepository) {}

  // ---- earning -------------------------------------------------------------------------------------

  async rules(merchant: string): Promise<AdminPointRules> {
    const [config, rates] = await Promise.all([this.repo.config(merchant), this.repo.earnRates(merchant)]);
    return {
      configured: !!config,
      depositRate: config?.deposit_rate ?? 0,
      earnRates: Object.fromEntries(rates.map((r) => [r.game_type, r.points])),
      convertEnabled: config?.convert_enabled ?? false,
      convertPointsPerUnit: config?.convert_points_per_unit ?? 100,
      convertMinPoints: config?.convert_min_points ?? 100,
      convertTurnoverMultiple: config?.convert_turnover_multiple ?? 0,
    };
  }

  /** Saves the rules; points already credited stay (a day's earning only ever grows). */
  async saveRules(merchant: string, input: PointRulesInput) {
    const before = await this.rules(merchant);
    await this.repo.transaction(async (trx) => {
      const values = {
        deposit_rate: input.depositRate,
        convert_enabled: input.convertEnabled,
        convert_points_per_unit: input.convertPointsPerUnit,
        convert_min_points: input.convertMinPoints,
        convert_turnover_multiple: input.convertTurnoverMultiple,
      };
      await trx
        .insertInto('point_config')
        .values({ merchant_code: merchant, ...values })
        .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
        .execute();
      await trx.deleteFrom('point_earn_rate').where('merchant_code', '=', merchant).execute();
      const lines = Object.entries(input.earnRates).filter(([, points]) => (points ?? 0) > 0);
      if (lines.length > 0)
        await trx
          .insertInto('point_earn_rate')
          .values(
            lines.map(([game_type, points]) => ({ merchant_code: merchant, game_type, points: points! })),
          )
          .execute();
    });
    return { before, after: await this.rules(merchant) };
  }

  // ---- the mall ------------------------------------------------------------------------------------

  async items(merchant: string, mediaBase: string): Promise<AdminMallItem[]> {
    return (await this.repo.items(merchant)).map((r) => itemOut(r, mediaBase));
  }

  private itemValues(input: MallItemInput) {
    if ((input.kind === 'BONUS') !== (input.bonusAmount !== null))
      throw new AppError('reward.mall.bonus.amount');
    const bonus = input.bonusAmount === null ? null : toMinor(input.bonusAmount);
    if (input.bonusAmount !== null && (bonus === null || bonus <= 0n))
      throw new AppError('reward.mall.bonus.amount');
    return {
      code: input.code,
      kind: input.kind,
      name: JSON.stringify(input.name),
      description: JSON.stringify(input.description),
      image_path: input.imagePath,
      cost: BigInt(input.cost).toString(),
      bonus_amount: bonus === null ? null : bonus.toString(),
      turnover_multiple: input.turnoverMultiple,
      sort: input.sort,
      active: input.active,
    };
  }

  async createItem(merchant: string, input: MallItemCreate, mediaBase: string): Promise<AdminMallItem> {
    const values = this.itemValues(input);
    if (await this.repo.codeTaken(merchant, input.code, null))
      throw new AppError('reward.code.taken', undefined, [input.code]);
    let id: string;
    try {
      id = await this.repo.insertItem({ ...values, merchant_code: merchant, stock: input.stock });
    } catch (err) {
      if (uniqueViolation(err)) throw new AppError('reward.code.taken', undefined, [input.code]);
      throw err;
    }
    return itemOut((await this.repo.item(merchant, id))!, mediaBase);
  }

  async updateItem(merchant: string, id: string, input: MallItemInput, mediaBase: string) {
    const found = await this.mustFind(merchant, id);
    const values = this.itemValues(input);
    if (await this.repo.codeTaken(merchant, input.code, id))
      throw new AppError('reward.code.taken', undefined, [input.code]);
    await this.repo.updateItem(merchant, id, values);
    return {
      before: itemOut(found, mediaBase),
      after: itemOut((await this.repo.item(merchant, id))!, mediaBase),
    };
  }

  async setActive(merchant: string, id: string, active: boolean, mediaBase: string) {
    const found = await this.mustFind(merchant, id);
    await this.repo.updateItem(merchant, id, { active });
    return {
      before: itemOut(found, mediaBase),
      after: itemOut((await this.repo.item(merchant, id))!, mediaBase),
    };
  }

  /**
   * Changes the stock. A change is applied to the stock as it is at that moment (never below zero:
   * refused with what is left); limitedTo sets a limited stock, unlimited removes the limit.
   */
  async changeStock(merchant: string, id: string, input: MallStockInput, mediaBase: string) {
    const found = await this.mustFind(merchant, id);
    if ('change' in input) {
      if (found.stock === null)
        throw new AppError('request.invalid', { fields: [{ field: 'change', message: 'unlimited' }] });
      const stock = await this.repo.changeStock(merchant, id, input.change);
      if (stock === null) {
        const now = await this.mustFind(merchant, id);
        throw new AppError('reward.mall.stock.negative', undefined, [now.stock ?? 0]);
      }
    } else if ('unlimited' in input) {
      await this.repo.setStock(merchant, id, null);
    } else {
      await this.repo.setStock(merchant, id, input.limitedTo);
    }
    return {
      before: itemOut(found, mediaBase),
      after: itemOut((await this.repo.item(merchant, id))!, mediaBase),
    };
  }

  private async mustFind(merchant: string, id: string): Promise<ItemRow> {
    const found = /^\d{1,18}$/.test(id) ? await this.repo.item(merchant, id) : undefined;
    if (!found) throw new AppError('reward.mall.item.unknown');
    return found;
  }

  // ---- images --------------------------------------------------------------------------------------

  /** Stores an uploaded image: png or jpeg by its bytes, at most 1 MB. */
  async uploadImage(merchant: string, base64: string, by: string, mediaBase: string) {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new AppError('reward.image.invalid');
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length > REWARDS_ADMIN_LIMITS.maxImageBytes)
      throw new AppError('reward.image.too.large', undefined, [REWARDS_ADMIN_LIMITS.maxImageBytes / 1024]);
    const contentType = pngOrJpeg(bytes);
    if (!contentType) throw new AppError('reward.image.invalid');
    const id = randomUUID();
    await this.repo.insertImage({ id, merchant, contentType, bytes, by });
    const imagePath = `${REWARD_IMAGE_DIR}/${id}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
    return { imagePath, imageUrl: mediaUrl(mediaBase, imagePath), size: bytes.length };
  }

  /** An uploaded image by its file name, or null. */
  async image(file: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const m = IMAGE_FILE.exec(file);
    if (!m) return null;
    const row = await this.repo.image(m[1]!);
    if (!row || (row.content_type === 'image/png') !== (m[2] === 'png')) return null;
    // PGlite returns bytea as a Uint8Array, pg as a Buffer.
    const bytes = Buffer.isBuffer(row.bytes)
      ? row.bytes
      : Buffer.from(
          (row.bytes as Uint8Array).buffer,
          (row.bytes as Uint8Array).byteOffset,
          (row.bytes as Uint8Array).byteLength,
        );
    return { contentType: row.content_type, bytes };
  }
}

function itemOut(r: ItemRow, mediaBase: string): AdminMallItem {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    name: r.name,
    description: r.description,
    imagePath: r.image_path,
    imageUrl: mediaUrl(mediaBase, r.image_path),
    cost: Number(r.cost),
    stock: r.stock,
    bonusAmount: r.bonus_amount === null ? null : fromMinor(r.bonus_amount),
    turnoverMultiple: r.turnover_multiple,
    sort: r.sort,
    active: r.active,
    inProcess: r.in_process,
  };
}
