import { CHAT_LIMITS, type ChatMessage, type ChatQueueRow, type ChatSettings } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  Outbox,
  cannedLanguage,
  formatAge,
  fromForm,
  insertAt,
  imageProblem,
  mergeMessages,
  queueQuery,
  sendImage,
  sendableText,
  settingsFormSchema,
  toForm,
  vipFirst,
  waitTone,
} from './chat-logic';

function row(id: string, queue: 'VIP' | 'GENERAL', extra: Partial<ChatQueueRow> = {}): ChatQueueRow {
  return {
    id,
    queue,
    status: 'WAITING',
    nickname: `nick${id}`,
    memberId: null,
    username: null,
    vipLevel: null,
    staffName: null,
    lastText: 'hello',
    lastTime: '2026-03-01T10:00:00Z',
    unread: 1,
    createdTime: '2026-03-01T10:00:00Z',
    closedTime: null,
    ...extra,
  };
}

const msg = (id: string): ChatMessage => ({
  id,
  sender: 'PLAYER',
  staffName: null,
  text: `m${id}`,
  imageId: null,
  createdTime: '2026-03-01T10:00:00Z',
});

describe('chat queue', () => {
  it('puts VIP conversations first, each queue in the order the server gave', () => {
    const rows = [row('1', 'GENERAL'), row('2', 'VIP'), row('3', 'GENERAL'), row('4', 'VIP')];
    expect(vipFirst(rows).map((r) => r.id)).toEqual(['2', '4', '1', '3']);
  });

  it('asks the queue call for each list of the desk', () => {
    expect(queueQuery('waiting', 1)).toMatchObject({ status: 'WAITING' });
    expect(queueQuery('mine', 2)).toEqual({ status: 'OPEN', mine: 'true', pageNo: 2, pageSize: 100 });
    expect(queueQuery('open', 1)).not.toHaveProperty('mine');
    expect(queueQuery('closed', 1)).toMatchObject({ status: 'CLOSED' });
  });

  it('shows waiting time short and marks long waits', () => {
    // The unit's words come from the platform's locale data: only their start is fixed.
    expect(formatAge(42_000, 'en-GB')).toMatch(/^42 sec/);
    expect(formatAge(5 * 60_000 + 10_000, 'en-GB')).toMatch(/^5 min/);
    expect(formatAge(3 * 3600_000, 'en-GB')).toMatch(/^3 h/);
    expect(formatAge(3 * 86400_000, 'en-GB')).toMatch(/^3 day/);
    expect(formatAge(-5_000, 'en-GB')).toMatch(/^0 sec/);
    const created = Date.parse('2026-03-01T10:00:00Z');
    const r = row('1', 'GENERAL');
    expect(waitTone(r, created + 60_000)).toBeNull();
    expect(waitTone(r, created + 4 * 60_000)).toBe('warn');
    expect(waitTone(r, created + 11 * 60_000)).toBe('late');
    expect(waitTone({ ...r, status: 'OPEN' }, created + 60 * 60_000)).toBeNull();
  });
});

describe('chat messages', () => {
  it('merges fetched messages: each id once, in id order (numerically)', () => {
    const merged = mergeMessages([msg('9'), msg('10')], [msg('10'), msg('11'), msg('2')]);
    expect(merged.map((m) => m.id)).toEqual(['2', '9', '10', '11']);
  });
});

describe('chat composer', () => {
  it('refuses a file that is not a PNG or JPEG of at most 5 MB, before any upload', async () => {
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBe('type');
    expect(imageProblem({ type: 'image/png', size: CHAT_LIMITS.imageMaxBytes + 1 })).toBe('size');
    expect(imageProblem({ type: 'image/jpeg', size: CHAT_LIMITS.imageMaxBytes })).toBeNull();

    const upload = vi.fn(async () => ({ imageId: 'img-1' }));
    const send = vi.fn(async () => true);
    expect(await sendImage({ type: 'application/pdf', size: 100 }, upload, send)).toBe('type');
    expect(await sendImage({ type: 'image/png', size: 6 * 1024 * 1024 }, upload, send)).toBe('size');
    expect(upload).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();

    expect(await sendImage({ type: 'image/png', size: 1000 }, upload, send)).toBeNull();
    expect(upload).toHaveBeenCalledOnce();
    expect(send).toHaveBeenCalledWith({ imageId: 'img-1' });
  });

  it('inserts a canned reply at the caret, replacing the selection', () => {
    expect(insertAt('', 0, 0, 'Hello!')).toEqual({ text: 'Hello!', caret: 6 });
    expect(insertAt('Hi , welcome', 3, 3, 'Ana')).toEqual({ text: 'Hi Ana, welcome', caret: 6 });
    expect(insertAt('Hi XXX!', 3, 6, 'Ana')).toEqual({ text: 'Hi Ana!', caret: 6 });
    // A caret past the end (the text changed meanwhile) appends.
    expect(insertAt('ab', 10, 10, 'c')).toEqual({ text: 'abc', caret: 3 });
  });

  it('sends trimmed text, nothing for blanks or an over-long message', () => {
    expect(sendableText('  hi  ')).toBe('hi');
    expect(sendableText(' \n ')).toBeNull();
    expect(sendableText('x'.repeat(CHAT_LIMITS.textMax + 1))).toBeNull();
  });

  it("offers canned replies in the player's language, else the staff member's", () => {
    expect(cannedLanguage('th', 'en')).toBe('TH');
    expect(cannedLanguage(null, 'vi')).toBe('VI');
    expect(cannedLanguage('xx', 'zz')).toBe('EN');
  });
});

describe('chat outbox', () => {
  it('sends a message with a requestId; a retry sends the same requestId again', async () => {
    let fail = true;
    const post = vi.fn(async () => {
      if (fail) throw new Error('lost');
    });
    let n = 0;
    const box = new Outbox(post, () => `req-${++n}-abcdef`);
    const changes = vi.fn();
    box.subscribe(changes);

    expect(await box.send({ text: 'hello' })).toBe(false);
    expect(post).toHaveBeenLastCalledWith({ requestId: 'req-1-abcdef', text: 'hello' });
    expect(box.list()).toMatchObject([{ requestId: 'req-1-abcdef', state: 'failed', text: 'hello' }]);

    fail = false;
    expect(await box.retry('req-1-abcdef')).toBe(true);
    expect(post).toHaveBeenCalledTimes(2);
    expect(post).toHaveBeenLastCalledWith({ requestId: 'req-1-abcdef', text: 'hello' });
    expect(box.list()).toEqual([]);

    // The next message gets an id of its own.
    await box.send({ imageId: 'img-9' });
    expect(post).toHaveBeenLastCalledWith({ requestId: 'req-2-abcdef', imageId: 'img-9' });
    expect(changes).toHaveBeenCalled();
  });

  it('shows a message as sending until the server has it, and keeps a failed one until discarded', async () => {
    let release: () => void = () => {};
    const box = new Outbox(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      () => 'req-abcdefgh',
    );
    const done = box.send({ text: 'wait' });
    expect(box.list()).toMatchObject([{ state: 'sending' }]);
    // Retrying while it is still on its way sends nothing more.
    expect(await box.retry('req-abcdefgh')).toBe(false);
    release();
    expect(await done).toBe(true);
    expect(box.list()).toEqual([]);

    const failing = new Outbox(
      async () => Promise.reject(new Error('x')),
      () => 'req-failing1',
    );
    await failing.send({ text: 'x' });
    expect(failing.list()).toHaveLength(1);
    failing.discard('req-failing1');
    expect(failing.list()).toEqual([]);
  });
});

describe('chat settings form', () => {
  const saved: ChatSettings = {
    enabled: true,
    alwaysOpen: false,
    hours: [
      { day: 1, open: '09:00', close: '18:00' },
      { day: 5, open: '20:00', close: '02:00' },
    ],
    greeting: { EN: 'Hello', TH: 'สวัสดี' },
    awayMessage: {},
  };

  it('lists every weekday Monday first (a day without a window is closed) and every language', () => {
    const form = toForm(saved);
    expect(form.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(form.days[0]).toEqual({ day: 1, closed: false, open: '09:00', close: '18:00' });
    expect(form.days[1]).toMatchObject({ day: 2, closed: true });
    expect(Object.keys(form.greeting)).toHaveLength(7);
    expect(form.greeting.CN).toBe('');
  });

  it('round-trips to what the API takes: closed days and empty texts left out', () => {
    expect(fromForm(toForm(saved))).toEqual(saved);
  });

  it('refuses a bad time on an open day, not on a closed one', () => {
    const form = toForm(saved);
    form.days[0] = { day: 1, closed: false, open: '25:00', close: '18:00' };
    const bad = settingsFormSchema.safeParse(form);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['days', 0, 'open']);

    form.days[0] = { day: 1, closed: true, open: '25:00', close: '18:00' };
    expect(settingsFormSchema.safeParse(form).success).toBe(true);

    form.days[1] = { day: 2, closed: false, open: '10:00', close: '10:00' };
    expect(settingsFormSchema.safeParse(form).error?.issues[0]?.message).toBe('same');
  });

  it('refuses a greeting longer than the contract allows', () => {
    const form = toForm(saved);
    form.greeting.EN = 'x'.repeat(CHAT_LIMITS.awayMessageMax + 1);
    expect(settingsFormSchema.safeParse(form).error?.issues[0]?.path).toEqual(['greeting', 'EN']);
  });
});
