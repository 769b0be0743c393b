import type {
  ChatCanned,
  ChatMessage,
  ChatQueueRow,
  ChatSettings,
  ChatStaffConversation,
} from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createFormControl } from 'react-hook-form';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import type { Session } from '../../api/types';
import { SESSION_KEY, SessionProvider } from '../../auth/session';
import chatEn from '../../locales/en/chat.json';
import commonEn from '../../locales/en/common.json';
import contentEn from '../../locales/en/content.json';
import { ToastProvider } from '../../ui';
import { CannedList, cannedKey } from './canned-picker';
import { toForm, type SettingsForm } from './chat-logic';
import { ConversationPane } from './conversation';
import { conversationOutbox } from './desk';
import { MessageList } from './messages';
import { QueueList } from './queue-list';
import { SettingsEditor, saveSettings, settingsFormOptions } from './settings';

/**
 * The desk's pieces rendered as the browser would get them (server-side rendering: this suite has
 * no DOM), with the API stubbed at fetch as the client test does.
 */

const SESSION: Session = {
  staff: { id: '7', username: 'ana', displayName: 'Ana' },
  csrfToken: 'csrf-1',
  brands: [{ code: 'GOLDEN', name: 'Golden', timeZone: 'Asia/Bangkok', currency: 'THB' }],
  grants: [{ merchant: 'GOLDEN', role: 'support', permissions: ['players.view'] }],
  idleExpiresAt: '2030-01-01T00:00:00Z',
  absoluteExpiresAt: '2030-01-01T00:00:00Z',
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: commonEn, chat: chatEn, content: contentEn } },
    ns: ['common', 'chat', 'content'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function render(node: ReactNode, client = new QueryClient()): string {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  client.setQueryData(SESSION_KEY, SESSION);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <ToastProvider>
          <MemoryRouter>{node}</MemoryRouter>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

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
    lastText: `last text ${id}`,
    lastTime: '2026-03-01T10:00:00Z',
    unread: 0,
    createdTime: '2026-03-01T10:00:00Z',
    closedTime: null,
    ...extra,
  };
}

const message = (id: string, sender: ChatMessage['sender'], text: string): ChatMessage => ({
  id,
  sender,
  staffName: sender === 'STAFF' ? 'Ana' : null,
  text,
  imageId: null,
  createdTime: '2026-03-01T10:01:00Z',
});

function conversation(extra: Partial<ChatQueueRow>, player: ChatStaffConversation['player'] = null) {
  const data: ChatStaffConversation = {
    conversation: row('42', 'GENERAL', { nickname: 'Somchai', ...extra }),
    list: [message('1', 'SYSTEM', 'Welcome!'), message('2', 'PLAYER', 'My deposit is missing')],
    more: false,
    player,
  };
  return data;
}

const pane = (data: ChatStaffConversation, mine: boolean) => (
  <ConversationPane
    data={data}
    mine={mine}
    outbox={conversationOutbox(data.conversation.id, async () => {})}
    now={Date.parse('2026-03-01T10:05:00Z')}
    uiLanguage="en"
    onTaken={() => {}}
    onBack={() => {}}
  />
);

/** Where each occurrence of `needle` starts, in order. */
const positions = (html: string, needle: string) =>
  [...html.matchAll(new RegExp(needle, 'g'))].map((m) => m.index ?? -1);

describe('chat desk queue', () => {
  it('shows the VIP queue first, marked, with the waiting counts; each row its player and unread count', () => {
    const rows = [
      row('1', 'GENERAL', { username: 'bob', vipLevel: 1, unread: 3 }),
      row('2', 'VIP', { username: 'whale', vipLevel: 7, lastText: 'Where is my bonus?' }),
      row('3', 'GENERAL'),
    ];
    const html = render(
      <QueueList
        view="waiting"
        rows={rows}
        waiting={{ GENERAL: 5, VIP: 1 }}
        selectedId="1"
        onSelect={() => {}}
        loading={false}
        error={null}
        onRetry={() => {}}
        now={Date.parse('2026-03-01T10:12:00Z')}
        page={1}
        totalPages={1}
        onPage={() => {}}
      />,
    );
    const vip = positions(html, 'data-queue="VIP"');
    const general = positions(html, 'data-queue="GENERAL"');
    expect(vip).toHaveLength(1);
    expect(general).toHaveLength(2);
    expect(vip[0]).toBeLessThan(general[0]!);
    expect(html).toContain('is-vip');
    expect(html).toContain('1 waiting');
    expect(html).toContain('5 waiting');
    expect(html).toContain('whale');
    expect(html).toContain('VIP 7');
    expect(html).toContain('Where is my bonus?');
    expect(html).toContain('visitor');
    expect(html).toMatch(/aria-label="3 unread"[^>]*>3</);
    // Waiting 12 minutes: marked late.
    expect(html).toContain('bo-chat-row-age is-late');
  });

  it('says so when nobody waits, and shows the error with Retry when the queue cannot load', () => {
    const props = {
      view: 'waiting' as const,
      waiting: undefined,
      selectedId: null,
      onSelect: () => {},
      onRetry: () => {},
      now: 0,
      page: 1,
      totalPages: 1,
      onPage: () => {},
    };
    expect(render(<QueueList {...props} rows={[]} loading={false} error={null} />)).toContain(
      'Nobody is waiting.',
    );
    const failed = render(
      <QueueList {...props} rows={undefined} loading={false} error={new Error('Server down')} />,
    );
    expect(failed).toContain('Server down');
    expect(failed).toContain('Retry');
  });
});

describe('chat desk conversation', () => {
  it('offers Take on a waiting conversation and no composer; once taken by the caller the composer shows', () => {
    const waiting = render(pane(conversation({ status: 'WAITING' }), false));
    expect(waiting).toContain('>Take<');
    expect(waiting).not.toContain('<textarea');
    expect(waiting).toContain('Welcome!');
    expect(waiting).toContain('My deposit is missing');

    // The server's answer after the take: OPEN and answered by the caller.
    const taken = render(pane(conversation({ status: 'OPEN', staffName: 'Ana' }), true));
    expect(taken).not.toContain('>Take<');
    expect(taken).toContain('<textarea');
    expect(taken).toContain('Canned replies');
    expect(taken).toContain('>Close<');

    const others = render(pane(conversation({ status: 'OPEN', staffName: 'Ben' }), false));
    expect(others).not.toContain('<textarea');
    expect(others).toContain('Ben is answering this conversation.');

    const closed = render(pane(conversation({ status: 'CLOSED', closedTime: '2026-03-01T11:00:00Z' }), true));
    expect(closed).not.toContain('<textarea');
    expect(closed).not.toContain('>Close<');
  });

  it("shows the player's messages left, staff right, system lines centred", () => {
    const data = conversation({ status: 'OPEN' });
    data.list.push(message('3', 'STAFF', 'Let me check'));
    const html = render(pane(data, true));
    expect(html).toMatch(/bo-chat-system[^>]*data-sender="SYSTEM"/);
    expect(html).toMatch(/bo-chat-bubble is-player[^>]*data-sender="PLAYER"/);
    expect(html).toMatch(/bo-chat-bubble is-staff[^>]*data-sender="STAFF"/);
  });

  it("shows a member's profile with a link to the player page, and a visitor as having no account", () => {
    const player = {
      memberId: '123',
      username: 'somchai88',
      vipLevel: 3,
      status: 'ACTIVE',
      registeredTime: '2025-01-01T00:00:00Z',
      lastLoginTime: null,
      balance: '1234.50',
      kycState: 'APPROVED',
      language: 'TH',
    };
    const member = render(
      pane(conversation({ status: 'OPEN', memberId: '123', username: 'somchai88' }, player), true),
    );
    expect(member).toContain('data-kind="member"');
    expect(member).toContain('href="/players/123"');
    expect(member).toContain('1,234.50');
    expect(member).toContain('Verified');
    expect(member).toContain('Thai');
    const visitor = render(pane(conversation({ status: 'OPEN' }), true));
    expect(visitor).toContain('data-kind="visitor"');
    expect(visitor).toContain('Visitor — no account');
  });
});

describe('chat desk sending', () => {
  it('posts a message with a requestId, and a retry after a failure posts the same requestId', async () => {
    const bodies: { url: string; body: { requestId: string; text?: string } }[] = [];
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        bodies.push({ url, body: JSON.parse(String(init?.body)) as { requestId: string; text?: string } });
        if (fail) throw new TypeError('offline');
        return new Response(JSON.stringify({ success: true, value: {} }), { status: 200 });
      }),
    );
    const refetch = vi.fn(async () => {});
    const box = conversationOutbox('42', refetch);

    expect(await box.send({ text: 'Hello' })).toBe(false);
    expect(bodies[0]?.url).toBe('/wps/admin/chat/42/messages');
    expect(bodies[0]?.body.text).toBe('Hello');
    expect(bodies[0]?.body.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(refetch).not.toHaveBeenCalled();

    // The failed message stays on screen with Retry.
    const html = render(
      <MessageList
        conversationId="42"
        messages={[]}
        pending={box.list()}
        now={0}
        onRetry={() => {}}
        onDiscard={() => {}}
      />,
    );
    expect(html).toContain('data-state="failed"');
    expect(html).toContain('Not sent');
    expect(html).toContain('The server cannot be reached');
    expect(html).toContain('>Retry<');

    fail = false;
    const requestId = box.list()[0]!.requestId;
    expect(await box.retry(requestId)).toBe(true);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.body).toEqual({ requestId: bodies[0]?.body.requestId, text: 'Hello' });
    expect(refetch).toHaveBeenCalledOnce();
    expect(box.list()).toEqual([]);
  });

  it('uploads an image as the raw body with its own type', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, value: { imageId: 'img-1' } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    expect(await api.upload('/chat/images', file)).toEqual({ imageId: 'img-1' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/wps/admin/chat/images');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    expect(init?.headers).toMatchObject({ 'content-type': 'image/png' });
  });
});

describe('chat canned replies', () => {
  it('lists the replies of the chosen language to pick from', () => {
    const client = new QueryClient();
    const list: ChatCanned[] = [
      { id: '1', lang: 'TH', title: 'ทักทาย', text: 'สวัสดีค่ะ ยินดีให้บริการ' },
      { id: '2', lang: 'TH', title: 'ฝากเงิน', text: 'กรุณาส่งสลิปการโอน' },
    ];
    client.setQueryData(cannedKey('TH'), { list });
    const html = render(<CannedList initialLanguage="TH" onPick={() => {}} onClose={() => {}} />, client);
    expect(positions(html, 'data-testid="canned-item"')).toHaveLength(2);
    expect(html).toContain('สวัสดีค่ะ ยินดีให้บริการ');
    expect(html).toMatch(/<option value="TH" selected="">/);
  });
});

describe('chat settings', () => {
  const saved: ChatSettings = {
    enabled: true,
    alwaysOpen: false,
    hours: [{ day: 1, open: '09:00', close: '18:00' }],
    greeting: { EN: 'Hello' },
    awayMessage: {},
  };

  it('refuses a bad time and sends nothing; a good form is saved with PUT', async () => {
    const fetch = vi.fn(
      async (_url: string, init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, value: JSON.parse(String(init?.body)) as unknown }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const form = createFormControl<SettingsForm>({ ...settingsFormOptions, defaultValues: toForm(saved) });
    const onValid = vi.fn(saveSettings);

    form.setValue('days.0.open', '24:30');
    await form.handleSubmit(onValid)();
    expect(onValid).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(form.getFieldState('days.0.open').error?.message).toBe('time');

    form.setValue('days.0.open', '08:30');
    form.setValue('days.6.closed', false);
    form.setValue('days.6.open', '22:00');
    form.setValue('days.6.close', '02:00');
    await form.handleSubmit(onValid)();
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/wps/admin/chat/settings');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      ...saved,
      hours: [
        { day: 0, open: '22:00', close: '02:00' },
        { day: 1, open: '08:30', close: '18:00' },
      ],
    });
  });

  it('shows every weekday and the per-language texts', () => {
    const html = render(<SettingsEditor saved={saved} />);
    for (const day of ['Monday', 'Sunday']) expect(html).toContain(day);
    expect(positions(html, 'type="time"')).toHaveLength(14);
    expect(html).toContain('data-testid="chat-greeting"');
    expect(html).toContain('data-testid="chat-awayMessage"');
  });
});
