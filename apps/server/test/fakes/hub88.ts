/**
 * A local Hub88, built from its published protocol (docs.hub88.io, operator API reference):
 * - Games API (game/url, game/list, game/round): checks the operator's RSA-SHA256 signature of the
 *   raw body (X-Hub88-Signature, base64) with the operator's public key and the operator_id,
 *   answering 401 / 404 / 400 with {"error": ...} as the docs list; can be told to fail (5xx, hang).
 * - Hub88's side of the Wallet API: signs its calls with its own private key, verifies the
 *   operator's answer signatures, and can resend, reorder or skip calls as the test says.
 * - A minimal game page at the URL game/url answers: a "Spin" button that bets then wins through
 *   the operator's wallet API and shows the balance. In demo mode (currency "XXX"; user and token
 *   may be left out, docs: demo and real gameplay) the page plays with fun money of its own and
 *   never calls the operator's wallet.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';

export interface FakeGame {
  game_code: string;
  name: string;
  product: string;
  category: string;
  url_thumb: string;
  enabled: boolean;
}

export interface WalletReply {
  httpStatus: number;
  body: Record<string, unknown>;
  /** Whether the operator signed the exact answer bytes with its key. */
  signed: boolean;
}

export function rsaKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

interface Launched {
  user: string;
  token: string;
  gameCode: string;
  currency: string;
}

export class FakeHub88 {
  readonly keys = rsaKeyPair();
  private server: Server | null = null;
  baseUrl = '';
  /**
   * Where game pages are said to be (game/url answers); the fake's own address unless a test
   * serves them elsewhere (the e2e server proxies them under the site, so the site's frame policy
   * allows them).
   */
  gameBase = '';
  /** The operator's wallet API base (…/wps/hub88/<BRAND>), set by the test. */
  walletUrl = '';
  /** Our knowledge of the operator, as Hub88's back office holds it. */
  operatorId = 1;
  operatorPublicKey = '';
  games: FakeGame[] = [];
  /** Real-mode launches by token (what the game page plays with). */
  readonly launches = new Map<string, Launched>();
  /** Demo-mode game/url answers given (no session: nothing reaches the wallet). */
  demoLaunches = 0;
  /** Games API calls received (path and parsed body), for assertions. */
  readonly calls: { path: string; body: Record<string, unknown> }[] = [];
  private failures: ('5xx' | 'hang')[] = [];

  /** The next Games API calls misbehave, in order. */
  failNext(...kinds: ('5xx' | 'hang')[]): void {
    this.failures.push(...kinds);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(err) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const addr = this.server.address();
    if (!addr || typeof addr === 'string') throw new Error('fake hub88: no address');
    this.baseUrl = `http://127.0.0.1:${addr.port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    if (req.method === 'GET' && url.pathname.startsWith('/game/')) return this.gamePage(url, res);
    if (req.method === 'POST' && url.pathname === '/spin') return this.spin(url, res);
    if (req.method !== 'POST' || !url.pathname.startsWith('/operator/generic/v2/game/'))
      return this.json(res, 404, { error: 'not found' });
    const raw = await readBody(req);
    const failure = this.failures.shift();
    if (failure === 'hang') return; // never answers: the client's timeout must end the call
    if (failure === '5xx') return this.json(res, 503, { error: 'service unavailable' });
    const signature = req.headers['x-hub88-signature'];
    if (typeof signature !== 'string') return this.json(res, 401, { error: 'missing signature' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return this.json(res, 400, { error: 'invalid json' });
    }
    if (body.operator_id !== this.operatorId) return this.json(res, 404, { error: 'operator not found' });
    let ok = false;
    try {
      ok = verify('sha256', raw, this.operatorPublicKey, Buffer.from(signature, 'base64'));
    } catch {
      ok = false;
    }
    if (!ok) return this.json(res, 401, { error: 'invalid signature' });
    this.calls.push({ path: url.pathname, body });
    switch (url.pathname) {
      case '/operator/generic/v2/game/list':
        return this.json(res, 200, this.games);
      case '/operator/generic/v2/game/url': {
        const code = body.game_code;
        const game = this.games.find((g) => g.game_code === code && g.enabled);
        if (!game) return this.json(res, 404, { error: 'game not found' });
        if (typeof body.currency !== 'string') return this.json(res, 400, { error: 'currency missing' });
        if (body.currency === 'XXX') {
          this.demoLaunches++;
          return this.json(res, 200, {
            url: `${this.gameBase || this.baseUrl}/game/${game.game_code}?demo=1`,
          });
        }
        if (typeof body.token !== 'string' || body.token.length < 10 || typeof body.user !== 'string')
          return this.json(res, 400, { error: 'token and user required' });
        this.launches.set(body.token, {
          user: body.user,
          token: body.token,
          gameCode: game.game_code,
          currency: body.currency,
        });
        return this.json(res, 200, {
          url: `${this.gameBase || this.baseUrl}/game/${game.game_code}?token=${body.token}`,
        });
      }
      case '/operator/generic/v2/game/round':
        if (typeof body.round !== 'string') return this.json(res, 400, { error: 'round missing' });
        return this.json(res, 200, { url: `${this.baseUrl}/round/${encodeURIComponent(body.round)}` });
      default:
        return this.json(res, 404, { error: 'not found' });
    }
  }

  /** Hub88 calling the operator's wallet API, signed with Hub88's key (or `signWith`). */
  async wallet(
    action: 'user/info' | 'user/balance' | 'transaction/bet' | 'transaction/win' | 'transaction/rollback',
    body: Record<string, unknown>,
    opts: { signWith?: string; rawBody?: string; signature?: string } = {},
  ): Promise<WalletReply> {
    const text = opts.rawBody ?? JSON.stringify(body);
    const signature =
      opts.signature ??
      sign('sha256', Buffer.from(text), opts.signWith ?? this.keys.privateKey).toString('base64');
    const res = await fetch(`${this.walletUrl}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub88-signature': signature },
      body: text,
    });
    const answer = await res.text();
    const theirs = res.headers.get('x-hub88-signature');
    let signed = false;
    try {
      signed =
        !!theirs &&
        verify('sha256', Buffer.from(answer), this.operatorPublicKey, Buffer.from(theirs, 'base64'));
    } catch {
      signed = false;
    }
    return { httpStatus: res.status, body: JSON.parse(answer) as Record<string, unknown>, signed };
  }

  /** A bet as Hub88 sends it; fields can be overridden. */
  betBody(
    l: { user: string; token: string; currency: string; gameCode: string },
    amount: number,
    over: Record<string, unknown> = {},
  ) {
    return {
      user: l.user,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: randomUUID(),
      token: l.token,
      round_closed: false,
      round: randomUUID(),
      request_uuid: randomUUID(),
      is_free: false,
      game_code: l.gameCode,
      currency: l.currency,
      bet: 'spin',
      amount,
      meta: {},
      ...over,
    };
  }

  winBody(bet: Record<string, unknown>, amount: number, over: Record<string, unknown> = {}) {
    return {
      ...bet,
      transaction_uuid: randomUUID(),
      supplier_transaction_id: randomUUID(),
      request_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      round_closed: true,
      amount,
      ...over,
    };
  }

  rollbackBody(bet: Record<string, unknown>, over: Record<string, unknown> = {}) {
    return {
      user: bet.user,
      transaction_uuid: randomUUID(),
      token: bet.token,
      round_closed: true,
      round: bet.round,
      request_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
      game_code: bet.game_code,
      meta: {},
      ...over,
    };
  }

  private gamePage(url: URL, res: ServerResponse): void {
    const token = url.searchParams.get('token') ?? '';
    const code = url.pathname.slice('/game/'.length);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (url.searchParams.get('demo') === '1') {
      // Fun money kept by the page: a spin bets 1.00 and wins 2.50 without any wallet call.
      res.end(`<!doctype html><html><head><title>Hub88 ${code} (demo)</title></head><body>
<h1>${code}</h1><p id="mode">DEMO</p><p>Balance: <span id="balance">1000.00</span></p><p id="status"></p>
<button id="spin" data-testid="hub88-spin">Spin</button>
<script>
let fun = 100000;
document.getElementById('spin').onclick = () => {
  fun = fun - 100 + 250;
  document.getElementById('status').textContent = 'FUN / FUN';
  document.getElementById('balance').textContent = (fun / 100).toFixed(2);
};
</script></body></html>`);
      return;
    }
    res.end(`<!doctype html><html><head><title>Hub88 ${code}</title></head><body>
<h1>${code}</h1><p>Balance: <span id="balance">-</span></p><p id="status"></p>
<button id="spin" data-testid="hub88-spin">Spin</button>
<script>
document.getElementById('spin').onclick = async () => {
  const r = await fetch('../spin?token=${encodeURIComponent(token)}', { method: 'POST' });
  const j = await r.json();
  document.getElementById('status').textContent = j.bet + ' / ' + j.win;
  document.getElementById('balance').textContent = j.balance;
};
</script></body></html>`);
  }

  /** The game page's spin: a bet of 1.00 then a win of 2.50 through the operator's wallet API. */
  private async spin(url: URL, res: ServerResponse): Promise<void> {
    const l = this.launches.get(url.searchParams.get('token') ?? '');
    if (!l) return this.json(res, 404, { error: 'unknown session' });
    const bet = this.betBody(l, 100_000);
    const b = await this.wallet('transaction/bet', bet);
    if (b.body.status !== 'RS_OK')
      return this.json(res, 200, { bet: b.body.status, win: null, balance: b.body.balance });
    const w = await this.wallet('transaction/win', this.winBody(bet, 250_000));
    const balance = typeof w.body.balance === 'number' ? (w.body.balance / 100_000).toFixed(2) : null;
    return this.json(res, 200, { bet: b.body.status, win: w.body.status, balance });
  }
}
