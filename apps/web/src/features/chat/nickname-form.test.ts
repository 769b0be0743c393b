import { createFormControl } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startChat } from './api/open-chat';
import { nicknameFormOptions, nicknameProblem, type NicknameForm } from './chat-rules';
import { fakeApi, fakeWindow, ok } from './testing';

/** The visitor's form as the page wires it: a valid nickname starts the chat, anything else sends nothing. */
async function submit(nickname: string) {
  const form = createFormControl<NicknameForm>(nicknameFormOptions);
  form.register('nickname');
  form.setValue('nickname', nickname);
  const started: string[] = [];
  await form.handleSubmit(async (v) => {
    started.push(v.nickname);
    await startChat('BRAND', false, v.nickname);
  })();
  const error = form.control._formState.errors.nickname;
  return { started, problem: nicknameProblem(error, nickname) };
}

describe('the visitor’s nickname', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    fakeWindow();
    api = fakeApi({
      'POST /wps/chat/open': () =>
        ok({
          conversation: {
            id: '1',
            queue: 'GENERAL',
            status: 'WAITING',
            nickname: 'Alex',
            staffName: null,
            unread: 0,
            createdTime: '2025-01-01T00:00:00.000Z',
            closedTime: null,
          },
          chatToken: 'tok',
        }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['A', 'tooShort'],
    [' B ', 'tooShort'],
    ['x'.repeat(21), 'tooLong'],
    ['<script>', 'invalid'],
    ['Tom & Jerry', 'invalid'],
    ['bad\u0007bell', 'invalid'],
  ])('refuses %j (%s) and sends nothing', async (nickname, problem) => {
    const result = await submit(nickname);
    expect(result.problem).toBe(problem);
    expect(result.started).toEqual([]);
    expect(api.calls).toEqual([]);
  });

  it.each([
    ['  Alex  ', 'Alex'],
    ['阿明', '阿明'],
    ['สมชาย', 'สมชาย'],
    ['x'.repeat(20), 'x'.repeat(20)],
  ])('starts the chat with %j, trimmed', async (nickname, sent) => {
    const result = await submit(nickname);
    expect(result.problem).toBeNull();
    expect(api.to('POST /wps/chat/open').map((c) => c.body)).toEqual([{ nickname: sent }]);
  });
});
