import { CHAT_LIMITS, type ChatSendRequest } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendChatMessage } from './api/send-chat-message';
import { uploadChatImage } from './api/upload-chat-image';
import { Outbox } from './outbox';
import { fakeApi, fakeWindow, ok } from './testing';

/** The outbox as the page builds it, for a visitor, with a refresh that records when it ran. */
function visitorOutbox() {
  const refreshed = vi.fn(() => Promise.resolve());
  const outbox = new Outbox({
    send: (body) => sendChatMessage(body, 'visitor-token'),
    upload: (file) => uploadChatImage(file, 'visitor-token'),
    sent: refreshed,
  });
  return { outbox, refreshed };
}

/** Until nothing in the outbox is still travelling. */
const settled = (outbox: Outbox) =>
  vi.waitFor(() => expect(outbox.getSnapshot().some((i) => i.state === 'sending')).toBe(false));
const png = (bytes: number, name = 'shot.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('sending messages', () => {
  beforeEach(() => {
    fakeWindow();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('retries a failed message with the same request id, and sends it once', async () => {
    let networkUp = false;
    const api = fakeApi({
      'POST /wps/chat/messages': () => (networkUp ? ok({ id: '9' }) : 'network-down'),
    });
    const { outbox, refreshed } = visitorOutbox();

    expect(outbox.sendText('  Hello there  ')).toBe(true);
    expect(outbox.getSnapshot()[0]?.state).toBe('sending');
    await settled(outbox);
    const failed = outbox.getSnapshot()[0];
    expect(failed?.state).toBe('failed');
    expect(refreshed).not.toHaveBeenCalled();

    networkUp = true;
    outbox.retry(failed!.requestId);
    await settled(outbox);
    const sent = api.to('POST /wps/chat/messages').map((c) => c.body as ChatSendRequest);
    expect(sent).toEqual([
      { requestId: failed!.requestId, text: 'Hello there' },
      { requestId: failed!.requestId, text: 'Hello there' },
    ]);
    expect(sent[0]?.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('gives each new message a new request id and sends nothing for blank text', async () => {
    const api = fakeApi({ 'POST /wps/chat/messages': () => ok({ id: '1' }) });
    const { outbox } = visitorOutbox();
    expect(outbox.sendText('   \n ')).toBe(false);
    outbox.sendText('one');
    outbox.sendText('two');
    await settled(outbox);
    const [a, b] = api.to('POST /wps/chat/messages').map((c) => c.body as ChatSendRequest);
    expect(a?.requestId).not.toBe(b?.requestId);
    expect(api.calls.every((c) => c.headers['x-chat-token'] === 'visitor-token')).toBe(true);
  });

  it('refuses an image of the wrong type or over 5 MB without uploading it', async () => {
    const api = fakeApi({});
    const { outbox } = visitorOutbox();
    expect(outbox.sendImage(png(100, 'anim.gif', 'image/gif'))).toBe('type');
    expect(outbox.sendImage(png(100, 'doc.pdf', 'application/pdf'))).toBe('type');
    expect(outbox.sendImage(png(CHAT_LIMITS.imageMaxBytes + 1))).toBe('size');
    await settled(outbox);
    expect(api.calls).toEqual([]);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('uploads an image once, then sends its id; a retry does not upload it again', async () => {
    let sendWorks = false;
    const api = fakeApi({
      'POST /wps/chat/images': () => ok({ imageId: '0b5e8a56-7a43-4d4e-9a39-3d0f8e6b1c11' }),
      'POST /wps/chat/messages': () => (sendWorks ? ok({ id: '3' }) : 'network-down'),
    });
    const { outbox } = visitorOutbox();
    expect(outbox.sendImage(png(CHAT_LIMITS.imageMaxBytes, 'big.jpg', 'image/jpeg'))).toBeNull();
    await settled(outbox);
    const item = outbox.getSnapshot()[0]!;
    expect(item.state).toBe('failed');
    expect(item.previewUrl).toMatch(/^blob:/);

    sendWorks = true;
    outbox.retry(item.requestId);
    await settled(outbox);
    const uploads = api.to('POST /wps/chat/images');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.headers['content-type']).toBe('image/jpeg');
    expect(api.to('POST /wps/chat/messages').map((c) => c.body)).toEqual([
      { requestId: item.requestId, imageId: '0b5e8a56-7a43-4d4e-9a39-3d0f8e6b1c11' },
      { requestId: item.requestId, imageId: '0b5e8a56-7a43-4d4e-9a39-3d0f8e6b1c11' },
    ]);
    expect(outbox.getSnapshot()).toEqual([]);
  });
});
