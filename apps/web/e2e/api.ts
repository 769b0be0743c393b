/**
 * The API as end-to-end specs use it to set up members: envelopes, the client's payload
 * encryption, the development SMS outbox, and a freshly registered GOLDEN member.
 */
import { HEADERS } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { constants, createCipheriv, publicEncrypt, randomBytes, randomInt } from 'node:crypto';

const DIALING = '63';

export interface Member {
  username: string;
  password: string;
  payeeName: string;
  mobileNum: string;
  token: string;
  customerId: number;
  /** The address the member's requests come from (X-Forwarded-For), unique per test. */
  ip: string;
}

/** Every test speaks from its own address, so per-IP throttles of parallel tests never meet. */
export const randomIp = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;

export async function value<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const json = (await res.json()) as { success: boolean; value: T; errorCode?: string; message?: string };
  if (!json.success) throw new Error(`${res.url()}: ${json.errorCode} ${json.message}`);
  return json.value;
}

/** The body as our web client encrypts it: RSA-OAEP-256 wraps a fresh AES-256-GCM key. */
export async function encrypt(request: APIRequestContext, headers: Record<string, string>, body: unknown) {
  const { keyId, publicKey } = await value<{ keyId: string; publicKey: string }>(
    await request.get('/wps/session/key', { headers }),
  );
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(body)), cipher.final(), cipher.getAuthTag()]);
  const key = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return { keyId, key: key.toString('base64'), iv: iv.toString('base64'), data: data.toString('base64') };
}

/** The newest SMS code sent to a number, from the development outbox. */
export async function smsCode(
  request: APIRequestContext,
  mobileNum: string,
  /** The brand that sent it (each brand has its own outbox; default: the host's, GOLDEN). */
  merchant?: string,
): Promise<string> {
  const messages = await value<{ body: string }[]>(
    await request.get('/wps/dev/outbox', {
      params: { target: `${DIALING}${mobileNum}` },
      ...(merchant ? { headers: { [HEADERS.merchant]: merchant } } : {}),
    }),
  );
  const code = messages[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${mobileNum}`);
  return code;
}

export const uniqueMobile = () => `9${randomInt(100_000_000, 999_999_999)}`;

/**
 * A new GOLDEN member (balance 0) registered by username with an SMS-verified mobile number;
 * with an affiliate code it is that agent's downline; with a referral code, that member's friend.
 */
export async function registerMember(
  request: APIRequestContext,
  affiliateCode?: string,
  referralCode?: string,
  /** The address it signs up from (default: a fresh one). */
  ip = randomIp(),
  /** The brand it signs up on (default: the host's, GOLDEN). */
  merchant?: string,
): Promise<Member> {
  const headers = {
    'x-forwarded-for': ip,
    [HEADERS.device]: 'WEB',
    ...(merchant ? { [HEADERS.merchant]: merchant } : {}),
  };
  const username = `e${randomBytes(5).toString('hex')}`;
  const password = 'secure123';
  const payeeName = 'Juan Dela Cruz';
  const mobileNum = uniqueMobile();
  await value(
    await request.post('/wps/verification/sms/register', {
      headers,
      data: { countryDialingCode: DIALING, mobileNo: mobileNum },
    }),
  );
  const verificationCode = await smsCode(request, mobileNum, merchant);
  const result = await value<{ token: string; customerId: number }>(
    await request.put('/wps/member/register', {
      headers,
      data: await encrypt(request, headers, {
        username,
        password,
        confirmPassword: password,
        payeeName,
        mobileNum,
        countryDialingCode: DIALING,
        verificationCode,
        affiliateCode,
        referralCode,
      }),
    }),
  );
  return { username, password, payeeName, mobileNum, token: result.token, customerId: result.customerId, ip };
}

/** A member's session in the page's sessionStorage, as a login leaves it (from its own address). */
export async function signIn(
  page: Page,
  m: Pick<Member, 'ip' | 'token' | 'username' | 'customerId'>,
): Promise<void> {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': m.ip });
  await page.addInitScript((member) => {
    sessionStorage.setItem('token', member.token);
    sessionStorage.setItem('username', member.username);
    sessionStorage.setItem('isAgent', '0');
    sessionStorage.setItem('customerId', String(member.customerId));
  }, m);
}

/**
 * The game ticket of a house game's launch URL, as its game client gets it: the URL's one-time
 * code exchanged at POST /wps/house/ticket (headers: the brand's Merchant header where needed).
 */
export async function gameTicket(
  request: APIRequestContext,
  launchUrl: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const code = new URL(launchUrl, 'http://site.invalid').searchParams.get('code');
  if (!code) throw new Error(`no launch code in ${launchUrl}`);
  const { token } = await value<{ token: string }>(
    await request.post('/wps/house/ticket', { headers, data: { code } }),
  );
  return token;
}
