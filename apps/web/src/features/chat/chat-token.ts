import { local } from '../../lib/storage';

/**
 * A visitor's chat token, kept on this device per brand (one browser may visit several brands):
 * a reload, or the service window opened again later, returns to the same conversation. Never put
 * in a URL; sent only in the CHAT_TOKEN_HEADER header.
 */
const keyFor = (brand: string) => `chatToken.${brand}`;

/** The contract's hello accepts at most this many characters; anything longer is not ours. */
const TOKEN_MAX = 200;

export function readChatToken(brand: string): string | null {
  const token = local.get(keyFor(brand));
  return token && token.length <= TOKEN_MAX ? token : null;
}

export function keepChatToken(brand: string, token: string): void {
  local.set(keyFor(brand), token);
}

/** The conversation is closed or gone: the next visit starts a new one. */
export function dropChatToken(brand: string): void {
  local.remove(keyFor(brand));
}
