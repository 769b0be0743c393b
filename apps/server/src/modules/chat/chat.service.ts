import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CHAT_LIMITS,
  chatSettingsSchema,
  LANGUAGES,
  minorText,
  type ChatCanned,
  type ChatCannedRequest,
  type ChatConversation,
  type ChatMessage,
  type ChatMessages,
  type ChatOpenRequest,
  type ChatOpenResult,
  type ChatPlayer,
  type ChatQueue,
  type ChatQueuePage,
  type ChatQueueRow,
  type ChatSearchPage,
  type ChatSender,
  type ChatSettings,
  type ChatStaffConversation,
  type ChatStatusInfo,
  type ChatUnread,
  type Language,
} from '@app/contracts';
import type { Transaction } from 'kysely';
import type { Database, LocalizedText } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { type AuditActor, writeAudit } from '../../platform/audit';
import { pickText, type Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import { asBuffer, inspectImage } from '../../platform/image-check';
import type { OperatorPrincipal } from '../../platform/operator-auth';
import { parseDay } from '../../platform/periods';
import type { PushNotices } from '../../platform/push-topics';
import type { RateLimiter } from '../../platform/rate-limit';
import { validZone, zonedInstant } from '../../platform/zoned-time';
import { isOpenAt } from './chat-hours';
import type { CannedRow, ChatRepository, ConversationRow, MessageRow, QueueRow } from './chat.repository';

/** Conversations one address may start as a visitor per hour: a few, not a flood of queue rows. */
const OPENS_PER_IP_HOUR = 10;
/** Conversations one member may start per hour (each close and reopen is one). */
const OPENS_PER_MEMBER_HOUR = 20;
/** Messages a player may send to one conversation per minute: typing fast, not a script. */
const MESSAGES_PER_MINUTE = 20;
/** Images a player may upload to one conversation per hour. */
const PLAYER_IMAGES_PER_HOUR = 30;
/** Images one staff member may upload per hour. */
const STAFF_IMAGES_PER_HOUR = 300;
/**
 * A staff member's refetches of a conversation they opened within this many minutes are the same
 * reading; after it (or when they open it again) the read is audited again.
 */
const VIEW_AUDIT_MINUTES = 30;
/** The desk's last-message preview. */
const PREVIEW_CHARS = 120;

/** A visitor's token: 32 random bytes, base64url (what `open` hands out). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DEFAULT_SETTINGS: ChatSettings = {
  enabled: false,
  alwaysOpen: true,
  hours: [],
  awayMessage: {},
  greeting: {},
};

/** Who calls a player route: a member by its session, or a visitor by its chat token (if it has one). */
export type ChatCaller =
  | { kind: 'member'; memberId: string; username: string }
  | { kind: 'visitor'; token: string | null; ip: string };

/** A staff member at the desk: who they are, and how the audit log names them. */
export interface ChatStaff {
  principal: OperatorPrincipal;
  audit: AuditActor;
}

/** What the desk shows of a member beside its conversation (read from the modules that own it). */
export interface MemberFacts {
  username: string;
  status: 'ACTIVE' | 'DISABLED';
  vipLevel: number;
  registeredAt: Date;
  lastLoginAt: Date | null;
  /** Main wallet, minor units. */
  balance: bigint;
  kycState: string;
  language: string | null;
}

export interface ChatPorts {
  /** Whether the member gets the VIP customer service (the VIP module's rule). */
  vipService: (merchant: string, memberId: string) => Promise<boolean>;
  /** The member beside a conversation; null when it is not the brand's. */
  member: (merchant: string, memberId: string) => Promise<MemberFacts | null>;
  /** The name players see on a staff member's answers. */
  staffName: (principal: OperatorPrincipal) => Promise<string>;
}

export interface ChatSendInput {
  requestId: string;
  text?: string | undefined;
  imageId?: string | undefined;
}

export interface ChatQueueQuery {
  status: 'WAITING' | 'OPEN' | 'CLOSED';
  queue?: ChatQueue | undefined;
  mine?: boolean | undefined;
  pageNo: number;
  pageSize: number;
}

export interface ChatSearchQuery {
  q: string;
  from?: string | undefined;
  to?: string | undefined;
  pageNo: number;
  pageSize: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** An operator's key in `staff_id`: staff members and API keys number their ids apart. */
const staffKey = (p: OperatorPrincipal) => `${p.kind}:${p.id}`;

const invalid = (field: string, message: string) =>
  new AppError('request.invalid', { fields: [{ field, message }] });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A brand text in the caller's language (else the brand's, else English); null when there is none. */
function localized(text: LocalizedText, lang: Language, brand: Brand): string | null {
  const value = pickText(text, lang, brand).trim();
  return value ? value : null;
}

/** Texts per language as stored: known languages only, trimmed, empty ones left out. */
function cleanTexts(texts: Partial<Record<Language, string>>): LocalizedText {
  const out: LocalizedText = {};
  for (const lang of LANGUAGES) {
    const value = texts[lang]?.trim();
    if (value) out[lang] = value;
  }
  return out;
}

const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  sender: r.sender,
  staffName: r.staff_name,
  text: r.text,
  imageId: r.image_id,
  createdTime: r.created_at.toISOString(),
});

function preview(r: QueueRow): string | null {
  if (r.last_text !== null)
    return r.last_text.length > PREVIEW_CHARS ? `${r.last_text.slice(0, PREVIEW_CHARS - 1)}…` : r.last_text;
  return r.last_image !== null ? '[image]' : null;
}

const toQueueRow = (r: QueueRow): ChatQueueRow => ({
  id: r.id,
  queue: r.queue,
  status: r.status,
  nickname: r.nickname,
  memberId: r.member_id,
  username: r.username,
  vipLevel: r.vip_level,
  staffName: r.staff_name,
  lastText: preview(r),
  lastTime: (r.last_time ?? r.created_at).toISOString(),
  unread: r.unread,
  createdTime: r.created_at.toISOString(),
  closedTime: iso(r.closed_at),
});

const toCanned = (r: CannedRow): ChatCanned => ({ id: r.id, lang: r.lang, title: r.title, text: r.text });

/**
 * The built-in customer-service chat. Players (members by their session, visitors by the token
 * their first `open` gave them) hold one conversation at a time; support staff take it from the
 * brand's queue and answer. Every message is appended under a lock on its conversation's row, so
 * message ids grow in commit order and "after id" never skips one; a repeated request id answers
 * the first message. Staff changes write their audit row in the same transaction. Each change is
 * announced after it commits: to the member's push topic, to the conversation's own topic (a
 * visitor's connection), and to the brand's `chat` staff queue.
 */
export class ChatService {
  /** The service's time (tests move it to reach or leave the opening hours). */
  clock: () => Date = () => new Date();

  constructor(
    private readonly repo: ChatRepository,
    private readonly limits: RateLimiter,
    private readonly notices: PushNotices,
    private readonly ports: ChatPorts,
  ) {}

  // ---- settings --------------------------------------------------------------------------------

  async settings(merchant: string): Promise<ChatSettings> {
    const row = await this.repo.settings(merchant);
    if (!row) return DEFAULT_SETTINGS;
    // Stored values went through the same schema; anything unreadable counts as unset.
    const hours = chatSettingsSchema.shape.hours.safeParse(row.hours);
    return {
      enabled: row.enabled,
      alwaysOpen: row.always_open,
      hours: hours.success ? hours.data : [],
      awayMessage: cleanTexts(row.away_message),
      greeting: cleanTexts(row.greeting),
    };
  }

  /** Changes the brand's chat settings, with its audit row in the same transaction. */
  async saveSettings(merchant: string, input: ChatSettings, who: AuditActor): Promise<ChatSettings> {
    const before = await this.settings(merchant);
    const after: ChatSettings = {
      enabled: input.enabled,
      alwaysOpen: input.alwaysOpen,
      hours: [...input.hours].sort((a, b) => a.day - b.day),
      awayMessage: cleanTexts(input.awayMessage),
      greeting: cleanTexts(input.greeting),
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.saveSettings(trx, merchant, after, who.actor);
      await writeAudit(trx, who, {
        merchant,
        action: 'chat.settings',
        target: `brand:${merchant}`,
        before,
        after,
      });
    });
    return after;
  }

  /** Whether the chat answers now, and its texts in the caller's language. */
  async status(brand: Brand, lang: Language): Promise<ChatStatusInfo> {
    const s = await this.settings(brand.code);
    return {
      enabled: s.enabled,
      open: s.enabled && isOpenAt(s, this.clock().getTime(), brand.timezone),
      awayMessage: s.enabled ? localized(s.awayMessage, lang, brand) : null,
      greeting: s.enabled ? localized(s.greeting, lang, brand) : null,
    };
  }

  // ---- the player's side -----------------------------------------------------------------------

  /**
   * The caller's conversation not yet closed, or a new one. A member's is found by its session; a
   * visitor's by its token, which is handed out once, when its conversation is made. A visitor
   * whose conversation has ended (or whose token is unknown) starts another only with a nickname.
   */
  async open(
    brand: Brand,
    lang: Language,
    caller: ChatCaller,
    input: ChatOpenRequest,
  ): Promise<ChatOpenResult> {
    const settings = await this.settings(brand.code);
    if (!settings.enabled) throw new AppError('chat.disabled');
    if (caller.kind === 'member') {
      const live = await this.repo.latestOfMember(brand.code, caller.memberId);
      if (live && live.status !== 'CLOSED')
        return { conversation: await this.present(live), chatToken: null };
      if (!(await this.limits.allow(`chat-open-member:${caller.memberId}`, 3600, OPENS_PER_MEMBER_HOUR)))
        throw new AppError('system.throttled');
      const queue: ChatQueue = (await this.ports.vipService(brand.code, caller.memberId)) ? 'VIP' : 'GENERAL';
      try {
        const row = await this.create(brand, lang, settings, {
          memberId: caller.memberId,
          nickname: caller.username,
          tokenHash: null,
          queue,
        });
        return { conversation: await this.present(row), chatToken: null };
      } catch (err) {
        // Two opens at the same moment: the other one made it, and it is this one's answer too.
        if (uniqueViolation(err) !== 'chat_conversation_member_live') throw err;
        const made = await this.repo.latestOfMember(brand.code, caller.memberId);
        if (!made || made.status === 'CLOSED') throw err;
        return { conversation: await this.present(made), chatToken: null };
      }
    }
    if (caller.token !== null) {
      const mine = await this.byToken(brand.code, caller.token);
      if (mine && mine.status !== 'CLOSED')
        return { conversation: await this.present(mine), chatToken: null };
      if (!input.nickname) throw new AppError(mine ? 'chat.closed' : 'chat.not.found');
    }
    if (!input.nickname) throw new AppError('chat.nickname.required');
    if (!(await this.limits.allow(`chat-open-ip:${caller.ip}`, 3600, OPENS_PER_IP_HOUR)))
      throw new AppError('system.throttled');
    const token = randomBytes(32).toString('base64url');
    const row = await this.create(brand, lang, settings, {
      memberId: null,
      nickname: input.nickname,
      tokenHash: sha256(token),
      queue: 'GENERAL',
    });
    return { conversation: await this.present(row), chatToken: token };
  }

  /** A new conversation with the brand's greeting, and its away message outside opening hours. */
  private async create(
    brand: Brand,
    lang: Language,
    settings: ChatSettings,
    c: { memberId: string | null; nickname: string; tokenHash: Buffer | null; queue: ChatQueue },
  ): Promise<ConversationRow> {
    const open = isOpenAt(settings, this.clock().getTime(), brand.timezone);
    const texts = [
      localized(settings.greeting, lang, brand),
      open ? null : localized(settings.awayMessage, lang, brand),
    ];
    const row = await this.repo.transaction(async (trx) => {
      const made = await this.repo.insertConversation(trx, { merchant: brand.code, lang, ...c });
      for (const text of texts)
        if (text)
          await this.repo.insertMessage(trx, {
            conversationId: made.id,
            merchant: brand.code,
            sender: 'SYSTEM',
            staffName: null,
            text: text.slice(0, CHAT_LIMITS.textMax),
            imageId: null,
            requestId: null,
          });
      return made;
    });
    this.changed(row);
    return row;
  }

  /** The caller's conversation and its messages after `after`, oldest first. */
  async messages(merchant: string, caller: ChatCaller, after: string | undefined): Promise<ChatMessages> {
    const c = await this.conversationOf(merchant, caller);
    const rows = await this.repo.messagesAfter(c.id, after ?? '0', CHAT_LIMITS.pageSize + 1);
    return {
      conversation: await this.present(c),
      list: rows.slice(0, CHAT_LIMITS.pageSize).map(toMessage),
      more: rows.length > CHAT_LIMITS.pageSize,
    };
  }

  /**
   * A player's message. The same request id again answers the first message (other content under
   * it is idempotency.mismatch); a closed conversation takes nothing (chat.closed); an image must
   * be one this conversation uploaded and did not send yet (chat.image.unknown).
   */
  async send(merchant: string, caller: ChatCaller, input: ChatSendInput): Promise<ChatMessage> {
    if (!(await this.settings(merchant)).enabled) throw new AppError('chat.disabled');
    const c = await this.conversationOf(merchant, caller);
    const repeat = await this.repo.byRequest(this.repo.db, c.id, 'PLAYER', input.requestId);
    if (repeat) return toMessage(sameRequest(repeat, input));
    if (c.status === 'CLOSED') throw new AppError('chat.closed');
    if (!(await this.limits.allow(`chat-message:${c.id}`, 60, MESSAGES_PER_MINUTE)))
      throw new AppError('system.throttled');
    const { message, created } = await this.append(merchant, c.id, 'PLAYER', null, input, async (locked) => {
      if (locked.status === 'CLOSED') throw new AppError('chat.closed');
    });
    if (created) this.changed(c);
    return toMessage(message);
  }

  /** Marks the staff messages up to `upTo` read by the player; answers what is still unread. */
  async read(merchant: string, caller: ChatCaller, upTo: string): Promise<ChatUnread> {
    const c = await this.conversationOf(merchant, caller);
    const before = c.player_read_upto;
    const after = await this.repo.markRead(this.repo.db, c.id, 'player', upTo);
    // The player's other pages (another tab, the badge) follow.
    if (after !== before) this.changed(c, false);
    return { unread: await this.repo.countAfter(c.id, 'STAFF', after), conversationId: c.id };
  }

  /** The badge beside "Live chat": staff messages unread in the caller's conversation not yet closed. */
  async unread(merchant: string, caller: ChatCaller): Promise<ChatUnread> {
    const none: ChatUnread = { unread: 0, conversationId: null };
    let c: ConversationRow | undefined;
    if (caller.kind === 'member') c = await this.repo.latestOfMember(merchant, caller.memberId);
    else if (caller.token !== null) c = await this.byToken(merchant, caller.token);
    if (!c || c.status === 'CLOSED') return none;
    return { unread: await this.repo.countAfter(c.id, 'STAFF', c.player_read_upto), conversationId: c.id };
  }

  /** Stores a player's image in its conversation (sent by a later message). */
  async uploadImage(merchant: string, caller: ChatCaller, bytes: Buffer): Promise<{ imageId: string }> {
    if (!(await this.settings(merchant)).enabled) throw new AppError('chat.disabled');
    const c = await this.conversationOf(merchant, caller);
    if (c.status === 'CLOSED') throw new AppError('chat.closed');
    const contentType = imageType(bytes);
    if (!(await this.limits.allow(`chat-image:${c.id}`, 3600, PLAYER_IMAGES_PER_HOUR)))
      throw new AppError('system.throttled');
    const id = randomUUID();
    await this.repo.insertImage({
      id,
      merchant,
      conversationId: c.id,
      uploader: 'PLAYER',
      uploadedBy: null,
      contentType,
      bytes,
    });
    return { imageId: id };
  }

  /**
   * An image of one of the caller's conversations (a member's any; a visitor's its token's).
   * Anything else is not found, as for an id that does not exist.
   */
  async image(merchant: string, caller: ChatCaller, id: string) {
    const row = UUID_PATTERN.test(id) ? await this.repo.image(merchant, id) : undefined;
    if (!row || row.conversation_id === null) throw new AppError('system.not.found');
    const owner = await this.repo.conversation(merchant, row.conversation_id);
    const mine =
      !!owner &&
      (caller.kind === 'member'
        ? owner.member_id === caller.memberId
        : caller.token !== null &&
          owner.visitor_token_hash !== null &&
          TOKEN_PATTERN.test(caller.token) &&
          asBuffer(owner.visitor_token_hash).equals(sha256(caller.token)));
    if (!mine) throw new AppError('system.not.found');
    return { contentType: row.content_type, bytes: asBuffer(row.bytes) };
  }

  /** The conversation a visitor's token names (any status), for the push channel; null if none. */
  async conversationOfToken(merchant: string, token: string): Promise<string | null> {
    return (await this.byToken(merchant, token))?.id ?? null;
  }

  // ---- the desk ----------------------------------------------------------------------------------

  async queue(merchant: string, q: ChatQueueQuery, principal: OperatorPrincipal): Promise<ChatQueuePage> {
    const [{ rows, total }, waiting] = await Promise.all([
      this.repo.rows(
        merchant,
        {
          status: q.status,
          ...(q.queue ? { queue: q.queue } : {}),
          ...(q.mine ? { staffId: staffKey(principal) } : {}),
        },
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      ),
      this.repo.waiting(merchant),
    ]);
    return { list: rows.map(toQueueRow), totalPages: Math.max(1, Math.ceil(total / q.pageSize)), waiting };
  }

  /**
   * One conversation with its messages after `after` and its member. Opening it (no `after`) is a
   * read of that player's data and is audited; a refetch of what came after is the same reading,
   * audited again only once the staff member's last audited read of it is VIEW_AUDIT_MINUTES old
   * (so no query string skips the record).
   */
  async view(
    brand: Brand,
    id: string,
    after: string | undefined,
    who: AuditActor,
  ): Promise<ChatStaffConversation> {
    const row = await this.row(brand.code, id);
    const [messages, facts] = await Promise.all([
      this.repo.messagesAfter(id, after ?? '0', CHAT_LIMITS.pageSize + 1),
      row.member_id ? this.ports.member(brand.code, row.member_id) : Promise.resolve(null),
    ]);
    const target = row.member_id ? `member:${row.member_id}` : `chat:${row.id}`;
    if (
      after === undefined ||
      !(await this.repo.auditedWithin(brand.code, who.actor, 'chat.view', target, VIEW_AUDIT_MINUTES))
    )
      await writeAudit(this.repo.db, who, {
        merchant: brand.code,
        action: 'chat.view',
        target,
        before: undefined,
        after: { conversation: row.id },
      });
    let player: ChatPlayer | null = null;
    if (row.member_id && facts)
      player = {
        memberId: row.member_id,
        username: facts.username,
        vipLevel: facts.vipLevel,
        status: facts.status === 'ACTIVE' ? 'ACTIVE' : 'LOCKED',
        registeredTime: facts.registeredAt.toISOString(),
        lastLoginTime: iso(facts.lastLoginAt),
        balance: minorText(facts.balance),
        kycState: facts.kycState,
        language: facts.language ?? row.lang,
      };
    return {
      conversation: toQueueRow(row),
      list: messages.slice(0, CHAT_LIMITS.pageSize).map(toMessage),
      more: messages.length > CHAT_LIMITS.pageSize,
      player,
    };
  }

  /**
   * Takes a WAITING conversation: the caller answers it from now on. Taking one the caller already
   * answers changes nothing; one someone else answers is chat.taken; a closed one chat.closed.
   */
  async take(brand: Brand, id: string, staff: ChatStaff): Promise<ChatQueueRow> {
    const name = await this.ports.staffName(staff.principal);
    const key = staffKey(staff.principal);
    const taken = await this.repo.transaction(async (trx) => {
      const c = await this.repo.conversation(brand.code, id, trx, true);
      if (!c) throw new AppError('chat.not.found');
      if (c.status === 'CLOSED') throw new AppError('chat.closed');
      if (c.status === 'OPEN') {
        if (c.staff_id === key) return null;
        throw new AppError('chat.taken');
      }
      await this.repo.take(trx, id, key, name);
      await writeAudit(trx, staff.audit, {
        merchant: brand.code,
        action: 'chat.take',
        target: `chat:${id}`,
        before: { status: c.status },
        after: { status: 'OPEN', staffName: name, memberId: c.member_id },
      });
      return c;
    });
    if (taken) this.changed(taken);
    return toQueueRow(await this.row(brand.code, id));
  }

  /**
   * A staff member's answer. Only the staff member answering the conversation may write in it
   * (chat.taken for anyone else); writing in a WAITING one takes it first, in the same transaction.
   * Idempotent on the request id like the player's; an image must be a staff upload of the brand
   * not sent yet. Writing also marks the player's messages up to it read.
   */
  async staffSend(brand: Brand, id: string, input: ChatSendInput, staff: ChatStaff): Promise<ChatMessage> {
    const name = await this.ports.staffName(staff.principal);
    const key = staffKey(staff.principal);
    let taking = false;
    const { message, created, conversation } = await this.append(
      brand.code,
      id,
      'STAFF',
      name,
      input,
      async (locked, trx) => {
        if (locked.status === 'CLOSED') throw new AppError('chat.closed');
        if (locked.status === 'OPEN' && locked.staff_id !== key) throw new AppError('chat.taken');
        taking = locked.status === 'WAITING';
        if (taking) await this.repo.take(trx, id, key, name);
      },
      async (locked, trx, m) => {
        await this.repo.markRead(trx, id, 'staff', m.id);
        await writeAudit(trx, staff.audit, {
          merchant: brand.code,
          action: 'chat.send',
          target: `chat:${id}`,
          before: taking ? { status: 'WAITING' } : undefined,
          after: { messageId: m.id, image: m.image_id !== null, memberId: locked.member_id, taken: taking },
        });
      },
    );
    if (created) this.changed(conversation);
    return toMessage(message);
  }

  /** Marks the player's messages up to `upTo` read by staff (audited when the marker moves). */
  async staffRead(brand: Brand, id: string, upTo: string, who: AuditActor): Promise<{ unread: number }> {
    const { c, after } = await this.repo.transaction(async (trx) => {
      const locked = await this.repo.conversation(brand.code, id, trx, true);
      if (!locked) throw new AppError('chat.not.found');
      const moved = await this.repo.markRead(trx, id, 'staff', upTo);
      if (moved !== locked.staff_read_upto)
        await writeAudit(trx, who, {
          merchant: brand.code,
          action: 'chat.read',
          target: `chat:${id}`,
          before: { readUpTo: locked.staff_read_upto },
          after: { readUpTo: moved },
        });
      return { c: moved !== locked.staff_read_upto ? locked : null, after: moved };
    });
    if (c) this.changed(c);
    return { unread: await this.repo.countAfter(id, 'PLAYER', after) };
  }

  /** Ends a conversation (any staff member at the desk may); the player's next open starts another. */
  async close(brand: Brand, id: string, staff: ChatStaff): Promise<ChatQueueRow> {
    const name = await this.ports.staffName(staff.principal);
    const closed = await this.repo.transaction(async (trx) => {
      const c = await this.repo.conversation(brand.code, id, trx, true);
      if (!c) throw new AppError('chat.not.found');
      if (c.status === 'CLOSED') throw new AppError('chat.closed');
      await this.repo.close(trx, id, name);
      await writeAudit(trx, staff.audit, {
        merchant: brand.code,
        action: 'chat.close',
        target: `chat:${id}`,
        before: { status: c.status },
        after: { status: 'CLOSED', memberId: c.member_id },
      });
      return c;
    });
    this.changed(closed);
    return toQueueRow(await this.row(brand.code, id));
  }

  /** Stores a staff member's image for the brand's conversations (bound to one when sent). */
  async staffUpload(
    merchant: string,
    principal: OperatorPrincipal,
    bytes: Buffer,
  ): Promise<{ imageId: string }> {
    const contentType = imageType(bytes);
    if (!(await this.limits.allow(`chat-image-staff:${staffKey(principal)}`, 3600, STAFF_IMAGES_PER_HOUR)))
      throw new AppError('system.throttled');
    const id = randomUUID();
    await this.repo.insertImage({
      id,
      merchant,
      conversationId: null,
      uploader: 'STAFF',
      uploadedBy: staffKey(principal),
      contentType,
      bytes,
    });
    return { imageId: id };
  }

  /** Any image of the brand's chats, for staff (the route checked chat.answer on the brand). */
  async staffImage(merchant: string, id: string) {
    const row = UUID_PATTERN.test(id) ? await this.repo.image(merchant, id) : undefined;
    if (!row) throw new AppError('system.not.found');
    return { contentType: row.content_type, bytes: asBuffer(row.bytes), conversationId: row.conversation_id };
  }

  /** The brand's messages containing the words, newest first, within days of the brand's calendar. */
  async search(brand: Brand, q: ChatSearchQuery): Promise<ChatSearchPage> {
    const zone = validZone(brand.timezone);
    const from = q.from === undefined ? null : parseDay(q.from);
    const to = q.to === undefined ? null : parseDay(q.to);
    if (from !== null && Number.isNaN(from)) throw invalid('from', 'date.invalid');
    if (to !== null && Number.isNaN(to)) throw invalid('to', 'date.invalid');
    if (from !== null && to !== null && from > to) throw invalid('to', 'date.order');
    const { rows, total } = await this.repo.search(
      brand.code,
      q.q,
      from === null ? null : new Date(zonedInstant(from, 0, zone)),
      to === null ? null : new Date(zonedInstant(to + 1, 0, zone)),
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((r) => ({
        conversationId: r.conversation_id,
        nickname: r.nickname,
        username: r.username,
        message: toMessage(r),
      })),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
    };
  }

  // ---- canned replies ----------------------------------------------------------------------------

  async canned(merchant: string, lang: Language | undefined): Promise<{ list: ChatCanned[] }> {
    return { list: (await this.repo.canned(merchant, lang)).map(toCanned) };
  }

  async createCanned(merchant: string, input: ChatCannedRequest, who: AuditActor): Promise<ChatCanned> {
    return this.repo.transaction(async (trx) => {
      // A soft cap: two additions at the same moment may pass it by one.
      if ((await this.repo.cannedCount(trx, merchant)) >= CHAT_LIMITS.cannedMax)
        throw new AppError('chat.canned.full', undefined, [CHAT_LIMITS.cannedMax]);
      const row = toCanned(await this.repo.insertCanned(trx, merchant, input, who.actor));
      await writeAudit(trx, who, {
        merchant,
        action: 'chat.canned.create',
        target: `chat-canned:${row.id}`,
        before: undefined,
        after: row,
      });
      return row;
    });
  }

  async updateCanned(
    merchant: string,
    id: string,
    input: ChatCannedRequest,
    who: AuditActor,
  ): Promise<ChatCanned> {
    return this.repo.transaction(async (trx) => {
      const old = await this.repo.cannedOne(trx, merchant, id);
      if (!old) throw new AppError('chat.canned.not.found');
      const row = toCanned(await this.repo.updateCanned(trx, id, input, who.actor));
      await writeAudit(trx, who, {
        merchant,
        action: 'chat.canned.update',
        target: `chat-canned:${id}`,
        before: toCanned(old),
        after: row,
      });
      return row;
    });
  }

  async deleteCanned(merchant: string, id: string, who: AuditActor): Promise<void> {
    await this.repo.transaction(async (trx) => {
      const old = await this.repo.cannedOne(trx, merchant, id);
      if (!old) throw new AppError('chat.canned.not.found');
      await this.repo.deleteCanned(trx, id);
      await writeAudit(trx, who, {
        merchant,
        action: 'chat.canned.delete',
        target: `chat-canned:${id}`,
        before: toCanned(old),
        after: null,
      });
    });
  }

  // ---- helpers -----------------------------------------------------------------------------------

  private byToken(merchant: string, token: string): Promise<ConversationRow | undefined> {
    if (!TOKEN_PATTERN.test(token)) return Promise.resolve(undefined);
    return this.repo.byTokenHash(merchant, sha256(token));
  }

  /** The conversation a player route is about: a member's newest, a visitor's token's. */
  private async conversationOf(merchant: string, caller: ChatCaller): Promise<ConversationRow> {
    const row =
      caller.kind === 'member'
        ? await this.repo.latestOfMember(merchant, caller.memberId)
        : caller.token !== null
          ? await this.byToken(merchant, caller.token)
          : undefined;
    if (!row) throw new AppError('chat.not.found');
    return row;
  }

  /** One conversation as the desk shows it; another brand's id is not found. */
  private async row(merchant: string, id: string): Promise<QueueRow> {
    const { rows } = await this.repo.rows(merchant, { id }, null);
    const row = rows[0];
    if (!row) throw new AppError('chat.not.found');
    return row;
  }

  /** A conversation as its player sees it. */
  private async present(c: ConversationRow): Promise<ChatConversation> {
    return {
      id: c.id,
      queue: c.queue,
      status: c.status,
      nickname: c.nickname,
      staffName: c.staff_name,
      unread: await this.repo.countAfter(c.id, 'STAFF', c.player_read_upto),
      createdTime: c.created_at.toISOString(),
      closedTime: iso(c.closed_at),
    };
  }

  /**
   * Appends one message under a lock on its conversation: a repeated request id answers the stored
   * message; `check` refuses (or prepares) on the locked row; an image must be sendable by this side;
   * `done` runs in the same transaction after the insert.
   */
  private async append(
    merchant: string,
    conversationId: string,
    sender: Exclude<ChatSender, 'SYSTEM'>,
    staffName: string | null,
    input: ChatSendInput,
    check: (locked: ConversationRow, trx: Transaction<Database>) => Promise<void>,
    done?: (locked: ConversationRow, trx: Transaction<Database>, message: MessageRow) => Promise<void>,
  ): Promise<{ message: MessageRow; created: boolean; conversation: ConversationRow }> {
    try {
      return await this.repo.transaction(async (trx) => {
        const locked = await this.repo.conversation(merchant, conversationId, trx, true);
        if (!locked) throw new AppError('chat.not.found');
        const again = await this.repo.byRequest(trx, conversationId, sender, input.requestId);
        if (again) return { message: sameRequest(again, input), created: false, conversation: locked };
        await check(locked, trx);
        if (input.imageId !== undefined) {
          if (!(await this.repo.sendable(trx, merchant, conversationId, input.imageId, sender)))
            throw new AppError('chat.image.unknown');
          if (sender === 'STAFF') await this.repo.bindImage(trx, input.imageId, conversationId);
        }
        const message = await this.repo.insertMessage(trx, {
          conversationId,
          merchant,
          sender,
          staffName,
          text: input.text ?? null,
          imageId: input.imageId ?? null,
          requestId: input.requestId,
        });
        await this.repo.touch(trx, conversationId, sender === 'PLAYER');
        if (done) await done(locked, trx, message);
        return { message, created: true, conversation: locked };
      });
    } catch (err) {
      // The same image sent by two messages at once: the second finds it taken.
      if (uniqueViolation(err) === 'chat_message_image') throw new AppError('chat.image.unknown');
      throw err;
    }
  }

  /** Tells everyone who shows this conversation that it changed (after the change committed). */
  private changed(c: ConversationRow, staffToo = true): void {
    if (c.member_id) this.notices.member(c.merchant_code, c.member_id, 'chat');
    this.notices.chat(c.merchant_code, c.id);
    if (staffToo) this.notices.queue(c.merchant_code, 'chat');
  }
}

/** The stored message of a repeated request id, if the repeat asks for the same thing. */
function sameRequest(stored: MessageRow, input: ChatSendInput): MessageRow {
  const same =
    stored.text === (input.text ?? null) &&
    (stored.image_id ?? '').toLowerCase() === (input.imageId ?? '').toLowerCase();
  if (!same) throw new AppError('idempotency.mismatch');
  return stored;
}

/** What the bytes say the image is: PNG or JPEG with a readable size, at most the limit. */
function imageType(bytes: Buffer): 'image/png' | 'image/jpeg' {
  if (bytes.length > CHAT_LIMITS.imageMaxBytes)
    throw new AppError('chat.image.too.large', undefined, [CHAT_LIMITS.imageMaxBytes / 1024 / 1024]);
  const facts = inspectImage(bytes);
  if (!facts || (facts.contentType !== 'image/png' && facts.contentType !== 'image/jpeg'))
    throw new AppError('chat.image.invalid');
  return facts.contentType;
}
