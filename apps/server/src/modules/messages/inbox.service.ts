import type { InboxKind, Language } from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { Bus } from '../../platform/bus';
import { BRAND_MEMBERS, brandTopic, type PushNotices } from '../../platform/push-topics';
import { noticeLanguage } from '../../platform/notice-texts';
import type { InboxRepository } from './inbox.repository';

/** What a message is about (contracts INBOX_KINDS); the site words it in the member's language. */
export type { InboxKind };

interface InboxMessage {
  id: string;
  kind: string;
  params: Record<string, string | number>;
  read: boolean;
  createdTime: string;
}

/**
 * A broadcast keeps every language's text as `title.XX` / `content.XX` beside the default
 * `title` / `content`: the reader gets theirs as plain `title` / `content`, without the others.
 */
function inLanguage(params: Record<string, string | number>, lang: string | undefined) {
  if (!('broadcastId' in params)) return params;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (!/^(title|content)\./.test(k)) out[k] = v;
  for (const field of ['title', 'content'] as const) {
    const own = lang === undefined ? undefined : params[`${field}.${lang}`];
    if (own !== undefined && own !== '') out[field] = own;
  }
  return out;
}

/** Messages to members (the inbox, messageV2). */
export class InboxService {
  constructor(
    private readonly repo: InboxRepository,
    private readonly notices?: PushNotices,
    private readonly bus?: Bus,
  ) {}

  /** Adds a message on `db`: pass the transaction that made the change, so both commit together. */
  async notify(
    db: Db,
    m: { merchant: string; memberId: string; kind: InboxKind; params: Record<string, string | number> },
  ): Promise<unknown> {
    const added = await this.repo.insert(db, m);
    this.notices?.member(m.merchant, m.memberId, 'inbox');
    return added;
  }

  /**
   * The member's messages; a broadcast's text in the language the request asked for, else in the
   * one the member chose (while the brand offers it), else in `fallback` (the brand's default); a
   * broadcast without text in that language gives its default text.
   */
  async list(
    brand: Pick<Brand, 'languages'>,
    memberId: string,
    pageNo: number,
    pageSize: number,
    asked: Language | undefined,
    fallback: Language,
  ) {
    const lang = asked ?? noticeLanguage(brand, await this.repo.memberLanguage(memberId), fallback);
    const { rows, total } = await this.repo.page(memberId, (pageNo - 1) * pageSize, pageSize);
    return {
      list: rows.map((r): InboxMessage => ({
        id: r.id,
        kind: r.kind,
        params: inLanguage(r.params, lang),
        read: r.read_at !== null,
        createdTime: r.created_at.toISOString(),
      })),
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
    };
  }

  unreadCount(memberId: string): Promise<number> {
    return this.repo.unread(memberId);
  }

  markRead(memberId: string, id: string | null): Promise<number> {
    return this.repo.markRead(memberId, id);
  }

  /** Deletes these messages of the member, or every message it has read. */
  delete(memberId: string, which: { ids: string[] } | { allRead: true }): Promise<number> {
    return 'ids' in which ? this.repo.delete(memberId, which.ids) : this.repo.deleteRead(memberId);
  }

  /**
   * An operator's notice (kind SYSTEM, the operator's own title and text) to some members of the
   * brand by username, or to every member; unknown usernames are reported, nothing is sent then.
   * Notices are the operator's broadcasts (offers, news): members on a break are left out.
   */
  async notice(
    merchant: string,
    to: { usernames: string[] } | 'ALL',
    notice: { title: string; content: string },
  ): Promise<number> {
    let ids: string[] | 'ALL' = 'ALL';
    if (to !== 'ALL') {
      const names = [...new Set(to.usernames.map((u) => u.toLowerCase()))];
      const found = await this.repo.memberIds(merchant, names);
      const unknown = names.filter((n) => !found.has(n));
      if (unknown.length > 0)
        throw new AppError('request.invalid', {
          fields: [{ field: 'usernames', message: `unknown: ${unknown.slice(0, 5).join(', ')}` }],
        });
      ids = [...found.values()];
    }
    const sent = await this.repo.insertMany(merchant, ids, 'SYSTEM', notice, true);
    if (ids === 'ALL') this.bus?.publish(brandTopic(merchant, BRAND_MEMBERS), { kind: 'inbox' });
    else for (const id of ids) this.notices?.member(merchant, id, 'inbox');
    return sent;
  }
}
