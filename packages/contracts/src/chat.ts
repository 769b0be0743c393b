import { z } from 'zod';
import { LANGUAGES } from './constants';
import { requestIdSchema } from './wallet';

/**
 * The built-in customer-service chat, for brands without an external chat provider. A member (or a
 * visitor who gives a nickname) opens a conversation from the site's `/chat` page; support staff
 * answer from the back office's chat desk. A brand uses it by pointing its customer-service entry
 * at `CHAT_PATH` (the service window then opens this page).
 *
 * Player side: a member calls with its session token; a visitor with the token the open call gave
 * it, in the `CHAT_TOKEN_HEADER` header (never in a URL). A visitor's token reaches its own
 * conversation and nothing else.
 *
 * Messages arrive by push: a member hears `member` events of kind `chat`; a visitor's push
 * connection says hello with its chat token and hears `chat` events. Events carry no data: the page
 * fetches the messages after the last id it has.
 */

export const CHAT_PATH = '/chat';
export const CHAT_TOKEN_HEADER = 'x-chat-token';

export const CHAT_LIMITS = {
  nicknameMin: 2,
  nicknameMax: 20,
  textMax: 1000,
  /** Images: PNG or JPEG (sniffed from the bytes), at most 5 MB, as on feedback. */
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as const,
  /** Messages per page of `GET .../messages`. */
  pageSize: 100,
  cannedTitleMax: 40,
  cannedTextMax: 1000,
  cannedMax: 200,
  awayMessageMax: 500,
} as const;

/** A member with VIP service (rank above `VIP_RANK_THRESHOLD`) goes to the VIP queue first. */
export const CHAT_QUEUES = ['GENERAL', 'VIP'] as const;
export type ChatQueue = (typeof CHAT_QUEUES)[number];
/** WAITING: nobody has taken it yet; OPEN: a staff member has; CLOSED: ended by either side. */
export const CHAT_STATUSES = ['WAITING', 'OPEN', 'CLOSED'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_SENDERS = ['PLAYER', 'STAFF', 'SYSTEM'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

const nickname = z
  .string()
  .trim()
  .min(CHAT_LIMITS.nicknameMin)
  .max(CHAT_LIMITS.nicknameMax)
  .regex(/^[^<>&"'`\u0000-\u001f]+$/u, 'chat.nickname.invalid');

/** Text or an image (an id from the image upload), not neither. */
const messageBody = z
  .object({
    requestId: requestIdSchema,
    text: z.string().trim().min(1).max(CHAT_LIMITS.textMax).optional(),
    imageId: z.string().uuid().optional(),
  })
  .refine((b) => b.text !== undefined || b.imageId !== undefined, {
    message: 'text or imageId is required',
    path: ['text'],
  });

// ---- player side -----------------------------------------------------------------------------------

/** `GET /wps/chat/status`: whether the chat answers now (opening hours) and what it says. */
export const chatStatusSchema = z.object({
  enabled: z.boolean(),
  /** Within the brand's opening hours (a conversation can be opened outside them: it waits). */
  open: z.boolean(),
  /** In the caller's language; shown outside opening hours. */
  awayMessage: z.string().nullable(),
  /** In the caller's language; the first line of every conversation. */
  greeting: z.string().nullable(),
});
export type ChatStatusInfo = z.infer<typeof chatStatusSchema>;

/**
 * `POST /wps/chat/open`: the caller's open conversation, or a new one. A visitor gives a nickname
 * (a member's is its username) and gets its chat token, once; a visitor whose token is still good
 * sends it and gets the same conversation back.
 */
export const chatOpenRequestSchema = z.object({ nickname: nickname.optional() });
export type ChatOpenRequest = z.infer<typeof chatOpenRequestSchema>;

export const chatMessageSchema = z.object({
  /** Increasing within a conversation: fetch newer messages with `after`. */
  id: z.string(),
  sender: z.enum(CHAT_SENDERS),
  /** The staff member's display name on STAFF messages; null otherwise. */
  staffName: z.string().nullable(),
  text: z.string().nullable(),
  imageId: z.string().nullable(),
  createdTime: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id: z.string(),
  queue: z.enum(CHAT_QUEUES),
  status: z.enum(CHAT_STATUSES),
  nickname: z.string(),
  /** Who answers: the staff member's display name once one has taken it. */
  staffName: z.string().nullable(),
  /** Staff messages the player has not read. */
  unread: z.number().int(),
  createdTime: z.string(),
  closedTime: z.string().nullable(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

export const chatOpenResultSchema = z.object({
  conversation: chatConversationSchema,
  /** A visitor's token for `CHAT_TOKEN_HEADER`; null for members (their session is enough). */
  chatToken: z.string().nullable(),
});
export type ChatOpenResult = z.infer<typeof chatOpenResultSchema>;

/** `GET /wps/chat/messages?after=`: the conversation and its messages after `after`, oldest first. */
export const chatMessagesQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
export const chatMessagesSchema = z.object({
  conversation: chatConversationSchema,
  list: z.array(chatMessageSchema),
  /** More messages after the last one listed (fetch again with its id). */
  more: z.boolean(),
});
export type ChatMessages = z.infer<typeof chatMessagesSchema>;

/** `POST /wps/chat/messages`: idempotent on requestId. */
export const chatSendRequestSchema = messageBody;
export type ChatSendRequest = z.input<typeof chatSendRequestSchema>;

/** `POST /wps/chat/read` and the staff `.../read`: everything up to this message id is read. */
export const chatReadRequestSchema = z.object({ upTo: z.string().regex(/^\d{1,19}$/) });

/** `GET /wps/chat/unread`: the badge beside "Live chat" (0 with no open conversation). */
export const chatUnreadSchema = z.object({ unread: z.number().int(), conversationId: z.string().nullable() });
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

/** `POST /wps/chat/images` (raw PNG or JPEG body) and the staff upload: the id to send. */
export const chatImageSchema = z.object({ imageId: z.string() });

// ---- staff side ------------------------------------------------------------------------------------

/** `GET /wps/admin/chat/queue`: conversations of the brand, the longest waiting first. */
export const chatQueueQuerySchema = z.object({
  status: z.enum(CHAT_STATUSES).default('WAITING'),
  queue: z.enum(CHAT_QUEUES).optional(),
  /** Only those the caller has taken. */
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const chatQueueRowSchema = z.object({
  id: z.string(),
  queue: z.enum(CHAT_QUEUES),
  status: z.enum(CHAT_STATUSES),
  nickname: z.string(),
  /** Null for a visitor. */
  memberId: z.string().nullable(),
  username: z.string().nullable(),
  vipLevel: z.number().int().nullable(),
  staffName: z.string().nullable(),
  /** The last message's text (or "[image]"), at most 120 characters. */
  lastText: z.string().nullable(),
  lastTime: z.string(),
  /** Player messages no staff member has read. */
  unread: z.number().int(),
  createdTime: z.string(),
  closedTime: z.string().nullable(),
});
export type ChatQueueRow = z.infer<typeof chatQueueRowSchema>;
export const chatQueueSchema = z.object({
  list: z.array(chatQueueRowSchema),
  totalPages: z.number().int(),
  /** Waiting counts by queue, for the desk's tabs. */
  waiting: z.object({ GENERAL: z.number().int(), VIP: z.number().int() }),
});
export type ChatQueuePage = z.infer<typeof chatQueueSchema>;

/** The player beside a conversation (members only): what support needs to help, nothing more. */
export const chatPlayerSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  vipLevel: z.number().int(),
  status: z.string(),
  registeredTime: z.string(),
  lastLoginTime: z.string().nullable(),
  /** Main wallet balance, major units. */
  balance: z.string(),
  kycState: z.string(),
  language: z.string().nullable(),
});
export type ChatPlayer = z.infer<typeof chatPlayerSchema>;

/** `GET /wps/admin/chat/:id?after=`: one conversation, its messages and its player. */
export const chatStaffConversationSchema = z.object({
  conversation: chatQueueRowSchema,
  list: z.array(chatMessageSchema),
  more: z.boolean(),
  player: chatPlayerSchema.nullable(),
});
export type ChatStaffConversation = z.infer<typeof chatStaffConversationSchema>;

export const chatStaffSendRequestSchema = messageBody;
export type ChatStaffSendRequest = z.input<typeof chatStaffSendRequestSchema>;

/** `GET /wps/admin/chat/search`: messages of the brand containing the words, newest first. */
export const chatSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(100),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date.format')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date.format')
    .optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const chatSearchHitSchema = z.object({
  conversationId: z.string(),
  nickname: z.string(),
  username: z.string().nullable(),
  message: chatMessageSchema,
});
export const chatSearchSchema = z.object({
  list: z.array(chatSearchHitSchema),
  totalPages: z.number().int(),
});
export type ChatSearchPage = z.infer<typeof chatSearchSchema>;

/** Canned replies, one list per language. */
export const chatCannedSchema = z.object({
  id: z.string(),
  lang: z.enum(LANGUAGES),
  title: z.string(),
  text: z.string(),
});
export type ChatCanned = z.infer<typeof chatCannedSchema>;
export const chatCannedQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional() });
export const chatCannedListSchema = z.object({ list: z.array(chatCannedSchema) });
/** `POST /wps/admin/chat/canned` (new) and `PUT /wps/admin/chat/canned/:id`. */
export const chatCannedRequestSchema = z.object({
  lang: z.enum(LANGUAGES),
  title: z.string().trim().min(1).max(CHAT_LIMITS.cannedTitleMax),
  text: z.string().trim().min(1).max(CHAT_LIMITS.cannedTextMax),
});
export type ChatCannedRequest = z.infer<typeof chatCannedRequestSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time.format');

/**
 * A brand's chat settings. Opening hours are in the brand's time zone, one window per weekday
 * (0 = Sunday); a day without a window is closed; `alwaysOpen` ignores them. A window whose close is
 * before its open runs past midnight.
 */
export const chatSettingsSchema = z.object({
  enabled: z.boolean(),
  alwaysOpen: z.boolean(),
  hours: z
    .array(z.object({ day: z.number().int().min(0).max(6), open: hhmm, close: hhmm }))
    .max(7)
    .refine((h) => new Set(h.map((d) => d.day)).size === h.length, 'one window per day'),
  awayMessage: z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(CHAT_LIMITS.awayMessageMax)),
  greeting: z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(CHAT_LIMITS.awayMessageMax)),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;
