import {
  broadcastSegmentSchema,
  type Broadcast,
  type BroadcastCount,
  type BroadcastInput,
  type BroadcastSegment,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { Bus } from '../../platform/bus';
import { BRAND_MEMBERS, brandTopic } from '../../platform/push-topics';
import type { BroadcastRepository, BroadcastRow } from './broadcast.repository';
import { compact } from './rich-text';

/** A send time this far in the past is a mistake, not "now". */
const PAST_TOLERANCE_MS = 60_000;

function view(r: BroadcastRow): Broadcast {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    segment: broadcastSegmentSchema.parse(r.segment),
    sendAt: new Date(r.send_at).toISOString(),
    status: r.status,
    recipients: r.recipients,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
    cancelledBy: r.cancelled_by,
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
  };
}

/**
 * The message params of a broadcast: the brand's default language's text as `title`/`content`
 * (what the inbox shows when the reader's language has none), every language as `title.XX`.
 */
export function broadcastParams(
  id: string,
  title: Record<string, string>,
  content: Record<string, string>,
  defaultLanguage: string,
): Record<string, string | number> {
  const first = (t: Record<string, string>) => t[defaultLanguage] ?? t.EN ?? Object.values(t)[0] ?? '';
  const params: Record<string, string | number> = {
    broadcastId: id,
    title: first(title),
    content: first(content),
  };
  for (const [lang, text] of Object.entries(title)) params[`title.${lang}`] = text;
  for (const [lang, text] of Object.entries(content)) params[`content.${lang}`] = text;
  return params;
}

/**
 * Inbox broadcasts: an operator's message to a segment of the brand's members, per language,
 * sent at its time by the job (each broadcast once, whichever instance claims it). Members on a
 * break never get one (marketing suppression).
 */
export class BroadcastService {
  constructor(
    private readonly repo: BroadcastRepository,
    private readonly clock: () => Date = () => new Date(),
    private readonly bus?: Bus,
  ) {}

  count(brand: Brand, segment: BroadcastSegment): Promise<BroadcastCount> {
    return this.repo.count(brand.code, brand.timezone, segment);
  }

  async list(brand: Brand): Promise<Broadcast[]> {
    return (await this.repo.list(brand.code, 200)).map(view);
  }

  async create(brand: Brand, input: BroadcastInput, by: string): Promise<Broadcast> {
    const now = this.clock();
    const sendAt = input.sendAt ? new Date(input.sendAt) : now;
    if (sendAt.getTime() < now.getTime() - PAST_TOLERANCE_MS)
      throw new AppError('request.invalid', { fields: [{ field: 'sendAt', message: 'in the past' }] });
    const title = compact(input.title);
    const content = compact(input.content);
    const missing = Object.keys(title).filter((l) => !content[l]);
    if (missing.length > 0 || Object.keys(content).some((l) => !title[l]))
      throw new AppError('request.invalid', {
        fields: [{ field: 'content', message: 'each language needs a title and a text' }],
      });
    const row = await this.repo.insert({
      merchant: brand.code,
      title,
      content,
      segment: input.segment,
      sendAt,
      by,
    });
    return view(row);
  }

  async cancel(brand: Brand, id: string, by: string): Promise<Broadcast> {
    if (!/^\d{1,18}$/.test(id)) throw new AppError('content.not.found');
    const row = await this.repo.cancel(brand.code, id, by, this.clock());
    if (row) return view(row);
    const current = await this.repo.get(brand.code, id);
    if (!current) throw new AppError('content.not.found');
    throw new AppError('content.broadcast.state', undefined, [current.status]);
  }

  /**
   * Sends every due broadcast, one transaction each: claim, write the messages, count them. Safe
   * with several instances and restarts: a broadcast is claimed once, and a failed send leaves
   * it due for the next pass.
   */
  async sendDue(log?: FastifyBaseLogger, max = 20): Promise<number> {
    let sent = 0;
    for (let i = 0; i < max; i++) {
      const done = await this.repo.transaction(async (trx) => {
        const b = await this.repo.claimDue(trx, this.clock());
        if (!b) return null;
        const brand = await this.repo.brandSettings(b.merchant_code, trx);
        const segment = broadcastSegmentSchema.parse(b.segment);
        const params = broadcastParams(b.id, b.title, b.content, brand?.default_language ?? 'EN');
        const n = await this.repo.deliver(trx, b.merchant_code, brand?.timezone ?? 'UTC', segment, params);
        await this.repo.setRecipients(trx, b.id, n);
        log?.info({ broadcast: b.id, merchant: b.merchant_code, recipients: n }, 'inbox broadcast sent');
        return b.merchant_code;
      });
      if (done === null) break;
      // Committed: every member of the brand with the site open rereads the inbox.
      this.bus?.publish(brandTopic(done, BRAND_MEMBERS), { kind: 'inbox' });
      sent++;
    }
    return sent;
  }
}
