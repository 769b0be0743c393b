import type { Feedback, FeedbackList, feedbackRequestSchema } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { ImageService } from '../uploads';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository';
import type { InboxService } from './inbox.service';

type FeedbackInput = z.output<typeof feedbackRequestSchema>;

const toFeedback = (r: FeedbackRow): Feedback => ({
  id: r.id,
  category: r.category,
  content: r.content,
  imageCount: r.image_ids.length,
  reply: r.reply,
  createdTime: r.created_at.toISOString(),
  repliedTime: r.replied_at?.toISOString() ?? null,
});

/**
 * Feedback from members (SPEC section 5: at most 140 characters, up to 3 png/jpg images): sent once
 * per request id (a retried submission answers the first), read and answered by an operator, the
 * answer delivered to the member's inbox.
 */
export class FeedbackService {
  constructor(
    private readonly repo: FeedbackRepository,
    private readonly images: ImageService,
    private readonly inbox: InboxService,
  ) {}

  async submit(merchant: string, memberId: string, input: FeedbackInput): Promise<Feedback> {
    return this.repo.transaction(async (trx) => {
      // Only the member's own uploads may be attached (another member's id is request.invalid).
      await this.images.assertOwned(trx, memberId, input.imageIds);
      const { row, created } = await this.repo.insertOnce(trx, {
        merchant_code: merchant,
        member_id: memberId,
        request_id: input.requestId,
        category: input.category,
        content: input.content,
        image_ids: input.imageIds,
      });
      const same =
        row.category === input.category &&
        row.content === input.content &&
        row.image_ids.join() === input.imageIds.join();
      // The same request id with other content is another submission that reused a key.
      if (!created && !same) throw new AppError('wallet.reference.conflict');
      return toFeedback(row);
    });
  }

  async list(memberId: string, pageNo: number, pageSize: number): Promise<FeedbackList> {
    const { rows, total } = await this.repo.page(memberId, (pageNo - 1) * pageSize, pageSize);
    return { list: rows.map(toFeedback), totalPages: Math.max(1, Math.ceil(total / pageSize)) };
  }

  /** The brand's unanswered feedback, oldest first (operator). */
  async open(merchant: string) {
    const rows = await this.repo.open(merchant, 200);
    return rows.map((r) => ({ ...toFeedback(r), username: r.username, imageIds: r.image_ids }));
  }

  /** Answers a feedback once; the member gets the answer in the inbox in the same transaction. */
  async reply(merchant: string, id: string, reply: string, operator: string): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const row = await this.repo.reply(trx, merchant, id, reply, operator);
      if (!row) throw new AppError('system.not.found');
      await this.inbox.notify(trx, {
        merchant,
        memberId: row.member_id,
        kind: 'FEEDBACK_REPLY',
        params: { content: reply },
      });
    });
  }
}
