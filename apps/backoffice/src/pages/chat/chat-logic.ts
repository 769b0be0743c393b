import {
  CHAT_LIMITS,
  LANGUAGES,
  chatSettingsSchema,
  parseLanguage,
  type ChatMessage,
  type ChatQueueRow,
  type ChatSettings,
  type ChatStaffSendRequest,
  type Language,
} from '@app/contracts';
import { z } from 'zod';

/**
 * What the chat desk decides without React: queue order, image checks, the composer's text edits,
 * merging fetched messages, the outbox of messages on their way and the settings form's shape.
 * Kept apart so each rule is tested on its own.
 */

// ---- queue ---------------------------------------------------------------------------------------

/** VIP conversations first; each queue keeps the server's order (the longest waiting first). */
export function vipFirst(rows: readonly ChatQueueRow[]): ChatQueueRow[] {
  return [...rows.filter((r) => r.queue === 'VIP'), ...rows.filter((r) => r.queue !== 'VIP')];
}

/** The desk's lists: what each asks the queue call for. */
export const QUEUE_VIEWS = ['waiting', 'mine', 'open', 'closed'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];
export const isQueueView = (s: string | null): s is QueueView =>
  s !== null && (QUEUE_VIEWS as readonly string[]).includes(s);

export function queueQuery(view: QueueView, pageNo: number) {
  const pageSize = 100;
  switch (view) {
    case 'waiting':
      return { status: 'WAITING', pageNo, pageSize };
    case 'mine':
      return { status: 'OPEN', mine: 'true', pageNo, pageSize };
    case 'open':
      return { status: 'OPEN', pageNo, pageSize };
    case 'closed':
      return { status: 'CLOSED', pageNo, pageSize };
  }
}

/**
 * How long ago a moment was, short and in the staff member's language ("4 min", "2 hr"): the
 * queue shows how long a player has waited. Under a minute reads as seconds.
 */
export function formatAge(ms: number, locale: string): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [value, unit] =
    s < 60
      ? [s, 'second']
      : s < 3600
        ? [Math.floor(s / 60), 'minute']
        : s < 48 * 3600
          ? [Math.floor(s / 3600), 'hour']
          : [Math.floor(s / 86400), 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/** Minutes of waiting after which a row is marked late, then very late. */
export const WAIT_WARN_MINUTES = 3;
export const WAIT_LATE_MINUTES = 10;

export function waitTone(row: ChatQueueRow, now: number): 'late' | 'warn' | null {
  if (row.status !== 'WAITING') return null;
  const minutes = (now - Date.parse(row.createdTime)) / 60_000;
  if (minutes >= WAIT_LATE_MINUTES) return 'late';
  if (minutes >= WAIT_WARN_MINUTES) return 'warn';
  return null;
}

// ---- messages ------------------------------------------------------------------------------------

function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Messages already shown plus those just fetched: each id once, oldest first. */
export function mergeMessages(prev: readonly ChatMessage[], next: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of prev) byId.set(m.id, m);
  for (const m of next) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** The newest message id, for `after` and for marking read; undefined when there is none. */
export const lastId = (list: readonly ChatMessage[]): string | undefined => list[list.length - 1]?.id;

// ---- composer ------------------------------------------------------------------------------------

export type ImageProblem = 'type' | 'size';

/** Why a picked file cannot be sent as a chat image (checked before any upload), or null. */
export function imageProblem(file: { type: string; size: number }): ImageProblem | null {
  if (!(CHAT_LIMITS.imageTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > CHAT_LIMITS.imageMaxBytes) return 'size';
  return null;
}

/**
 * Sends a picked file as an image message: refused before any upload when it is not a PNG or
 * JPEG of at most 5 MB (the server sniffs the bytes again), else uploaded and sent.
 */
export async function sendImage<F extends { type: string; size: number }>(
  file: F,
  upload: (file: F) => Promise<{ imageId: string }>,
  send: (body: { imageId: string }) => Promise<boolean>,
): Promise<ImageProblem | null> {
  const problem = imageProblem(file);
  if (problem) return problem;
  const { imageId } = await upload(file);
  await send({ imageId });
  return null;
}

/** The composer's text with `insert` in place of the selection, and where the caret goes. */
export function insertAt(
  text: string,
  start: number,
  end: number,
  insert: string,
): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + insert + text.slice(b), caret: a + insert.length };
}

/** The text as it would be sent, or null when there is nothing to send or it is too long. */
export function sendableText(text: string): string | null {
  const t = text.trim();
  return t.length > 0 && t.length <= CHAT_LIMITS.textMax ? t : null;
}

/** The language canned replies are offered in: the player's, else the staff member's own. */
export function cannedLanguage(playerLanguage: string | null | undefined, uiLanguage: string): Language {
  return parseLanguage(playerLanguage) ?? parseLanguage(uiLanguage) ?? 'EN';
}

// ---- outbox --------------------------------------------------------------------------------------

export interface OutboxEntry {
  requestId: string;
  text?: string;
  imageId?: string;
  state: 'sending' | 'failed';
  error?: unknown;
}

type Body = Omit<ChatStaffSendRequest, 'requestId'>;

/**
 * Messages of one conversation on their way to the server. Each gets its requestId when first
 * sent and keeps it: a retry after a lost answer sends the same id, so the server (idempotent on
 * it) never posts the message twice. An entry leaves once `post` resolves, which the desk makes
 * wait for the conversation's refetch so the message never shows twice or not at all.
 */
export class Outbox {
  private entries: readonly OutboxEntry[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly post: (body: ChatStaffSendRequest) => Promise<unknown>,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };

  /** The entries in the order they were written (a stable array between changes). */
  list = (): readonly OutboxEntry[] => this.entries;

  /** Sends a new message; resolves true once the server has it. */
  send(body: Body): Promise<boolean> {
    const entry: OutboxEntry = { requestId: this.newId(), ...body, state: 'sending' };
    this.set([...this.entries, entry]);
    return this.attempt(entry.requestId);
  }

  /** Sends a failed message again, with the requestId it had. */
  retry(requestId: string): Promise<boolean> {
    const entry = this.entries.find((e) => e.requestId === requestId);
    if (!entry || entry.state === 'sending') return Promise.resolve(false);
    this.update(requestId, { state: 'sending', error: undefined });
    return this.attempt(requestId);
  }

  discard(requestId: string): void {
    this.set(this.entries.filter((e) => e.requestId !== requestId));
  }

  private async attempt(requestId: string): Promise<boolean> {
    const entry = this.entries.find((e) => e.requestId === requestId);
    if (!entry) return false;
    const body: ChatStaffSendRequest = { requestId };
    if (entry.text !== undefined) body.text = entry.text;
    if (entry.imageId !== undefined) body.imageId = entry.imageId;
    try {
      await this.post(body);
      this.discard(requestId);
      return true;
    } catch (error) {
      this.update(requestId, { state: 'failed', error });
      return false;
    }
  }

  private update(requestId: string, patch: Partial<OutboxEntry>) {
    this.set(this.entries.map((e) => (e.requestId === requestId ? { ...e, ...patch } : e)));
  }

  private set(next: readonly OutboxEntry[]) {
    this.entries = next;
    for (const fn of this.listeners) fn();
  }
}

// ---- settings ------------------------------------------------------------------------------------

/** Weekdays in the order the form lists them (Monday first); the API numbers Sunday 0. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

const hhmm = chatSettingsSchema.shape.hours.element.shape.open;
const texts = z.record(z.enum(LANGUAGES), z.string());

/** A day of the form: a window, or closed (its times kept so unticking brings them back). */
const dayForm = z
  .object({ day: z.number().int().min(0).max(6), closed: z.boolean(), open: z.string(), close: z.string() })
  .superRefine((d, ctx) => {
    if (d.closed) return;
    if (!hhmm.safeParse(d.open).success) ctx.addIssue({ code: 'custom', path: ['open'], message: 'time' });
    if (!hhmm.safeParse(d.close).success) ctx.addIssue({ code: 'custom', path: ['close'], message: 'time' });
    if (d.open === d.close && hhmm.safeParse(d.open).success)
      ctx.addIssue({ code: 'custom', path: ['close'], message: 'same' });
  });

const textMax = chatSettingsSchema.shape.greeting.valueType;

/** The settings form: every weekday and every language present, so inputs are always controlled. */
export const settingsFormSchema = z.object({
  enabled: z.boolean(),
  alwaysOpen: z.boolean(),
  days: z.array(dayForm).length(7),
  greeting: texts.superRefine((r, ctx) => {
    for (const [k, v] of Object.entries(r))
      if (!textMax.safeParse(v).success) ctx.addIssue({ code: 'custom', path: [k], message: 'long' });
  }),
  awayMessage: texts.superRefine((r, ctx) => {
    for (const [k, v] of Object.entries(r))
      if (!textMax.safeParse(v).success) ctx.addIssue({ code: 'custom', path: [k], message: 'long' });
  }),
});
export type SettingsForm = z.infer<typeof settingsFormSchema>;

const DEFAULT_OPEN = '09:00';
const DEFAULT_CLOSE = '21:00';

function allTexts(r: Partial<Record<Language, string>>): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, r[l] ?? ''])) as Record<Language, string>;
}

export function toForm(s: ChatSettings): SettingsForm {
  return {
    enabled: s.enabled,
    alwaysOpen: s.alwaysOpen,
    days: WEEK.map((day) => {
      const w = s.hours.find((h) => h.day === day);
      return w
        ? { day, closed: false, open: w.open, close: w.close }
        : { day, closed: true, open: DEFAULT_OPEN, close: DEFAULT_CLOSE };
    }),
    greeting: allTexts(s.greeting),
    awayMessage: allTexts(s.awayMessage),
  };
}

/** Only the languages with a text: an empty one is "none", not an empty greeting. */
function filled(r: Record<string, string>): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = {};
  for (const l of LANGUAGES) {
    const v = (r[l] ?? '').trim();
    if (v) out[l] = v;
  }
  return out;
}

/** The form as the API takes it, checked once more with the contract's own schema. */
export function fromForm(f: SettingsForm): ChatSettings {
  return chatSettingsSchema.parse({
    enabled: f.enabled,
    alwaysOpen: f.alwaysOpen,
    hours: [...f.days]
      .filter((d) => !d.closed)
      .sort((a, b) => a.day - b.day)
      .map(({ day, open, close }) => ({ day, open, close })),
    greeting: filled(f.greeting),
    awayMessage: filled(f.awayMessage),
  });
}
