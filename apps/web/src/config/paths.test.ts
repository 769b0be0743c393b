import { CHAT_PATH } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('serves the chat where the contracts say brands point their customer-service entry', () => {
    expect(paths.chat).toBe(CHAT_PATH);
  });
});
