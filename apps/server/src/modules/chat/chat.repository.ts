import type { ChatQueue, ChatSender, ChatStatus, Language } from '@app/contracts';
import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type {
  ChatCannedTable,
  ChatConversationTable,
  ChatMessageTable,
  ChatSettingsTable,
  LocalizedText,
} from '../../db/schema';

export type ConversationRow = Selectable<ChatConversationTable>;
export type MessageRow = Selectable<ChatMessageTable>;
export type CannedRow = Selectable<ChatCannedTable>;
export type SettingsRow = Selectable<ChatSettingsTable>;

/** A conversation as the desk lists it: with its member, last message and unread count. */
export interface QueueRow extends ConversationRow {
  username: string | null;
  vip_level: number | null;
  last_text: string | null;
  last_image: string | null;
  last_time: Date | null;
  unread: number;
}

export interface QueueFilter {
  status?: ChatStatus;
  queue?: ChatQueue;
  staffId?: string;
  id?: string;
}

export interface SearchHitRow extends MessageRow {
  nickname: string;
  username: string | null;
}

const MESSAGE_COLUMNS = [
  'id',
  'conversation_id',
  'merchant_code',
  'sender',
  'staff_name',
  'text',
  'image_id',
  'request_id',
  'created_at',
] as const;

/** `ILIKE` pattern matching text that contains `words` (its wildcards taken literally). */
const containsPattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL of the chat: settings, conversations, messages, images and canned replies. */
export class ChatRepository extends Repository {
  // ---- settings ------------------------------------------------------------------------------

  settings(merchant: string, db: Db = this.db): Promise<SettingsRow | undefined> {
    return db
      .selectFrom('chat_settings')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  async saveSettings(
    db: Db,
    merchant: string,
    s: {
      enabled: boolean;
      alwaysOpen: boolean;
      hours: { day: number; open: string; close: string }[];
      awayMessage: LocalizedText;
      greeting: LocalizedText;
    },
    by: string,
  ): Promise<void> {
    const values = {
      enabled: s.enabled,
      always_open: s.alwaysOpen,
      hours: JSON.stringify(s.hours),
      away_message: JSON.stringify(s.awayMessage),
      greeting: JSON.stringify(s.greeting),
      updated_by: by,
    };
    await db
      .insertInto('chat_settings')
      .values({ merchant_code: merchant, ...values })
      .onConflict((oc) => oc.column('merchant_code').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
  }

  // ---- conversations -------------------------------------------------------------------------

  /** One conversation of the brand; `lock` takes its row for the rest of the transaction. */
  conversation(merchant: string, id: string, db: Db = this.db, lock = false) {
    let q = db
      .selectFrom('chat_conversation')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  /** The member's newest conversation: the one not closed if there is one (it is always the newest). */
  latestOfMember(merchant: string, memberId: string, db: Db = this.db) {
    return db
      .selectFrom('chat_conversation')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  byTokenHash(merchant: string, hash: Buffer) {
    return this.db
      .selectFrom('chat_conversation')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('visitor_token_hash', '=', hash)
      .executeTakeFirst();
  }

  insertConversation(
    db: Db,
    c: {
      merchant: string;
      memberId: string | null;
      nickname: string;
      tokenHash: Buffer | null;
      queue: ChatQueue;
      lang: Language;
    },
  ): Promise<ConversationRow> {
    return db
      .insertInto('chat_conversation')
      .values({
        merchant_code: c.merchant,
        member_id: c.memberId,
        nickname: c.nickname,
        visitor_token_hash: c.tokenHash,
        queue: c.queue,
        lang: c.lang,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A new message's time on its conversation; the player's first one puts it in the queue. */
  async touch(db: Db, id: string, byPlayer: boolean): Promise<void> {
    await db
      .updateTable('chat_conversation')
      .set({
        last_message_at: sql`now()`,
        ...(byPlayer ? { asked_at: sql`coalesce(asked_at, now())` } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  async take(db: Db, id: string, staffId: string, staffName: string): Promise<void> {
    await db
      .updateTable('chat_conversation')
      .set({ status: 'OPEN', staff_id: staffId, staff_name: staffName, taken_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async close(db: Db, id: string, by: string): Promise<void> {
    await db
      .updateTable('chat_conversation')
      .set({ status: 'CLOSED', closed_at: sql`now()`, closed_by: by })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves one side's read marker up to `upTo`, never past the conversation's last message and never
   * back; answers the marker after. Call it with the conversation's row locked.
   */
  async markRead(db: Db, id: string, side: 'player' | 'staff', upTo: string): Promise<string> {
    const column = sql.ref(side === 'player' ? 'player_read_upto' : 'staff_read_upto');
    const { rows } = await sql<{ after: string }>`
      UPDATE chat_conversation c
         SET ${column} = greatest(${column}, least(${upTo}::bigint,
               coalesce((SELECT max(m.id) FROM chat_message m WHERE m.conversation_id = c.id), 0)))
       WHERE c.id = ${id}
   RETURNING ${column}::text AS after`.execute(db);
    return rows[0]?.after ?? '0';
  }

  /** Messages of `sender` after `upTo` (what the other side has not read). */
  async countAfter(conversationId: string, sender: ChatSender, upTo: string): Promise<number> {
    const row = await this.db
      .selectFrom('chat_message')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', sender)
      .where('id', '>', upTo)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /**
   * The desk's conversations with their member, level, last message and the player messages no
   * staff member has read. A WAITING conversation shows once its player has written.
   */
  async rows(
    merchant: string,
    f: QueueFilter,
    page: { offset: number; limit: number } | null,
  ): Promise<{ rows: QueueRow[]; total: number }> {
    const where = sql.join(
      [
        sql`c.merchant_code = ${merchant}`,
        ...(f.id !== undefined ? [sql`c.id = ${f.id}`] : []),
        ...(f.status ? [sql`c.status = ${f.status}`] : []),
        ...(f.status === 'WAITING' ? [sql`c.asked_at IS NOT NULL`] : []),
        ...(f.queue ? [sql`c.queue = ${f.queue}`] : []),
        ...(f.staffId !== undefined ? [sql`c.staff_id = ${f.staffId}`] : []),
      ],
      sql` AND `,
    );
    // Closed ones newest first; the others the longest waiting first.
    const order = f.status === 'CLOSED' ? sql`c.closed_at DESC, c.id DESC` : sql`c.created_at ASC, c.id ASC`;
    const window = page ? sql`OFFSET ${page.offset} LIMIT ${page.limit}` : sql``;
    const [{ rows }, total] = await Promise.all([
      sql<QueueRow>`
        SELECT c.*, m.username,
               CASE WHEN c.member_id IS NULL THEN NULL ELSE coalesce(v.level, 0) END AS vip_level,
               lm.text AS last_text, lm.image_id::text AS last_image, lm.created_at AS last_time,
               (SELECT count(*)::int FROM chat_message x
                 WHERE x.conversation_id = c.id AND x.sender = 'PLAYER' AND x.id > c.staff_read_upto) AS unread
          FROM chat_conversation c
          LEFT JOIN member m ON m.id = c.member_id
          LEFT JOIN member_vip v ON v.member_id = c.member_id
          LEFT JOIN LATERAL (
            SELECT text, image_id, created_at FROM chat_message
             WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1
          ) lm ON true
         WHERE ${where}
         ORDER BY ${order}
         ${window}`.execute(this.db),
      page
        ? sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_conversation c WHERE ${where}`
            .execute(this.db)
            .then((r) => r.rows[0]?.n ?? 0)
        : Promise.resolve(0),
    ]);
    return { rows, total };
  }

  /** WAITING conversations a player has written in, per queue (the desk's tabs). */
  async waiting(merchant: string): Promise<Record<ChatQueue, number>> {
    const rows = await this.db
      .selectFrom('chat_conversation')
      .select(['queue', sql<number>`count(*)::int`.as('n')])
      .where('merchant_code', '=', merchant)
      .where('status', '=', 'WAITING')
      .where('asked_at', 'is not', null)
      .groupBy('queue')
      .execute();
    const out: Record<ChatQueue, number> = { GENERAL: 0, VIP: 0 };
    for (const r of rows) out[r.queue] = r.n;
    return out;
  }

  // ---- messages ------------------------------------------------------------------------------

  async insertMessage(
    db: Db,
    m: {
      conversationId: string;
      merchant: string;
      sender: ChatSender;
      staffName: string | null;
      text: string | null;
      imageId: string | null;
      requestId: string | null;
    },
  ): Promise<MessageRow> {
    return db
      .insertInto('chat_message')
      .values({
        conversation_id: m.conversationId,
        merchant_code: m.merchant,
        sender: m.sender,
        staff_name: m.staffName,
        text: m.text,
        image_id: m.imageId,
        request_id: m.requestId,
      })
      .returning(MESSAGE_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  byRequest(db: Db, conversationId: string, sender: ChatSender, requestId: string) {
    return db
      .selectFrom('chat_message')
      .select(MESSAGE_COLUMNS)
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', sender)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /** Messages after `after`, oldest first, at most `limit`. */
  messagesAfter(conversationId: string, after: string, limit: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom('chat_message')
      .select(MESSAGE_COLUMNS)
      .where('conversation_id', '=', conversationId)
      .where('id', '>', after)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  /** The players' and staff's messages of the brand containing `words` in [from, to), newest first. */
  async search(
    merchant: string,
    words: string,
    from: Date | null,
    to: Date | null,
    offset: number,
    limit: number,
  ): Promise<{ rows: SearchHitRow[]; total: number }> {
    let q = this.db
      .selectFrom('chat_message as x')
      .innerJoin('chat_conversation as c', 'c.id', 'x.conversation_id')
      .leftJoin('member as m', 'm.id', 'c.member_id')
      .where('x.merchant_code', '=', merchant)
      // The brand's own greetings and away messages are in every conversation: not worth finding.
      .where('x.sender', '<>', 'SYSTEM')
      .where('x.text', 'ilike', containsPattern(words));
    if (from) q = q.where('x.created_at', '>=', from);
    if (to) q = q.where('x.created_at', '<', to);
    const [rows, total] = await Promise.all([
      q
        .select([
          'x.id',
          'x.conversation_id',
          'x.merchant_code',
          'x.sender',
          'x.staff_name',
          'x.text',
          'x.image_id',
          'x.request_id',
          'x.created_at',
          'c.nickname',
          'm.username',
        ])
        .orderBy('x.created_at', 'desc')
        .orderBy('x.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      q
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => r.n),
    ]);
    return { rows, total };
  }

  // ---- images --------------------------------------------------------------------------------

  async insertImage(row: {
    id: string;
    merchant: string;
    conversationId: string | null;
    uploader: 'PLAYER' | 'STAFF';
    uploadedBy: string | null;
    contentType: 'image/png' | 'image/jpeg';
    bytes: Buffer;
  }): Promise<void> {
    await this.db
      .insertInto('chat_image')
      .values({
        id: row.id,
        merchant_code: row.merchant,
        conversation_id: row.conversationId,
        uploader: row.uploader,
        uploaded_by: row.uploadedBy,
        content_type: row.contentType,
        bytes: row.bytes,
        size: row.bytes.length,
      })
      .execute();
  }

  image(merchant: string, id: string) {
    return this.db
      .selectFrom('chat_image')
      .select(['id', 'conversation_id', 'content_type', 'bytes'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * An image this side may send in this conversation, not sent yet: a player's uploaded in this
   * conversation; a staff member's uploaded by staff of the brand, not bound to another one.
   */
  sendable(db: Db, merchant: string, conversationId: string, id: string, side: 'PLAYER' | 'STAFF') {
    let q = db
      .selectFrom('chat_image as i')
      .select('i.id')
      .where('i.merchant_code', '=', merchant)
      .where('i.id', '=', id)
      .where('i.uploader', '=', side)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('chat_message as x').select('x.id').whereRef('x.image_id', '=', 'i.id')),
        ),
      );
    q =
      side === 'PLAYER'
        ? q.where('i.conversation_id', '=', conversationId)
        : q.where((eb) =>
            eb.or([eb('i.conversation_id', 'is', null), eb('i.conversation_id', '=', conversationId)]),
          );
    return q.forUpdate().executeTakeFirst();
  }

  async bindImage(db: Db, id: string, conversationId: string): Promise<void> {
    await db
      .updateTable('chat_image')
      .set({ conversation_id: conversationId })
      .where('id', '=', id)
      .execute();
  }

  // ---- audit -----------------------------------------------------------------------------------

  /** Whether this operator's audit rows hold `action` on `target` within the last `minutes`. */
  async auditedWithin(merchant: string, actor: string, action: string, target: string, minutes: number) {
    const row = await this.db
      .selectFrom('audit_log')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('actor', '=', actor)
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
      .where('action', '=', action)
      .where('target', '=', target)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  // ---- canned replies ------------------------------------------------------------------------

  canned(merchant: string, lang: Language | undefined): Promise<CannedRow[]> {
    let q = this.db.selectFrom('chat_canned').selectAll().where('merchant_code', '=', merchant);
    if (lang) q = q.where('lang', '=', lang);
    return q.orderBy('lang').orderBy('title').orderBy('id').execute();
  }

  cannedOne(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('chat_canned')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async cannedCount(db: Db, merchant: string): Promise<number> {
    const row = await db
      .selectFrom('chat_canned')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('merchant_code', '=', merchant)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  insertCanned(db: Db, merchant: string, c: { lang: Language; title: string; text: string }, by: string) {
    return db
      .insertInto('chat_canned')
      .values({ merchant_code: merchant, lang: c.lang, title: c.title, text: c.text, updated_by: by })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateCanned(db: Db, id: string, c: { lang: Language; title: string; text: string }, by: string) {
    return db
      .updateTable('chat_canned')
      .set({ lang: c.lang, title: c.title, text: c.text, updated_by: by, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteCanned(db: Db, id: string): Promise<void> {
    await db.deleteFrom('chat_canned').where('id', '=', id).execute();
  }
}
