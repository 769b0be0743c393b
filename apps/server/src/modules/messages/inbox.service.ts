import type { InboxKind } from '@app/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { InboxRepository } from './inbox.repository';

/** What a message is about (contracts INBOX_KINDS); the site words it in the member's language. */
export type { InboxKind };

export interface InboxMessage {
  id: string;
  kind: string;
  params: Record<string, string | number>;
  read: boolean;
  createdTime: string;
}

/** Messages to members (the inbox, messageV2). */
export class InboxService {
  constructor(private readonly repo: InboxRepository) {}

  /** Adds a message on `db`: pass the transaction that made the change, so both commit together. */
  notify(
    db: Kysely<Database>,
    m: { merchant: string; memberId: string; kind: InboxKind; params: Record<string, string | number> },
  ): Promise<unknown> {
    return this.repo.insert(db, m);
  }

  async list(memberId: string, pageNo: number, pageSize: number) {
    const { rows, total } = await this.repo.page(memberId, (pageNo - 1) * pageSize, pageSize);
    return {
      list: rows.map((r): InboxMessage => ({
        id: r.id,
        kind: r.kind,
        params: r.params,
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
}
