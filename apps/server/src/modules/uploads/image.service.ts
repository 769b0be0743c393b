import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/repository';
import { CASHIER_LIMITS } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import { pngOrJpeg } from '../../platform/image-check';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ImageRepository } from './image.repository';

/** Uploads per member per hour: enough for a few deposits and proofs, not a storage service. */
const UPLOADS_PER_HOUR = 30;

/**
 * Members' uploaded images: deposit receipts, withdrawal proofs, promotion applications and feedback
 * attachments (SPEC section 5: png or jpg, at most 5 MB each, at most 3 per request). The rate-limit
 * key keeps its original name so counts carry over.
 */
export class ImageService {
  constructor(
    private readonly repo: ImageRepository,
    private readonly limits: RateLimiter,
  ) {}

  async upload(
    merchant: string,
    memberId: string,
    bytes: Buffer,
  ): Promise<{ imageId: string; size: number }> {
    if (bytes.length > CASHIER_LIMITS.maxImageBytes) throw new AppError('cashier.image.too.large');
    const contentType = pngOrJpeg(bytes);
    if (!contentType) throw new AppError('cashier.image.invalid');
    if (!(await this.limits.allow(`cashier-image:${memberId}`, 3600, UPLOADS_PER_HOUR)))
      throw new AppError('system.throttled');
    const id = randomUUID();
    await this.repo.insert({ id, merchant, memberId, contentType, bytes });
    return { imageId: id, size: bytes.length };
  }

  /**
   * Refuses unless every id is an image this member uploaded (someone else's receipt, or an id
   * that does not exist, is request.invalid naming the field). Pass the caller's transaction.
   */
  async assertOwned(db: Db, memberId: string, ids: string[], field = 'imageIds'): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length > CASHIER_LIMITS.maxImages || unique.length !== ids.length)
      throw new AppError('request.invalid', { fields: [{ field, message: 'images' }] });
    const owned = await this.repo.ownedBy(db, memberId, unique);
    if (owned.length !== unique.length)
      throw new AppError('request.invalid', { fields: [{ field, message: 'images' }] });
  }

  /** An image for its owner, or for an operator (memberId null); anyone else gets not found. */
  async get(merchant: string, id: string, memberId: string | null) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('system.not.found');
    const row = await this.repo.get(merchant, id);
    if (!row || (memberId !== null && row.member_id !== memberId)) throw new AppError('system.not.found');
    return { contentType: row.content_type, bytes: row.bytes };
  }
}
