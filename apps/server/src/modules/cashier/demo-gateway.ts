import { randomBytes } from 'node:crypto';
import { type DepositState, formatMoney, fromMinor, minorText, toMinor } from '@app/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { refuseUnstorable } from '../../platform/input-guard';
import { sign, signatureMatches } from '../../platform/signing';
import { invalidField } from './cashier-orders';
import type {
  DepositCollection,
  DepositCreated,
  DepositNotification,
  DepositProviderOps,
  PaymentAdapter,
} from './payment-adapter';

/**
 * The built-in demo payment gateway: a stand-in for a real payment provider, so ONLINE deposits
 * can be paid end to end without one. It plays both of the provider's parts: the page the member
 * pays on, and the provider's server that notifies us with a signed message. The notification
 * arrives through the same callback route a real provider would use, so the callback's checks
 * (signature, brand, amount, repeats) are exercised exactly as in production.
 * This module is a leaf: it knows nothing of deposits beyond the GatewayOrders it is given.
 */

export const DEMO_GATEWAY = 'DEMO';
/** Header carrying the hex HMAC-SHA256 of the exact body bytes. */
export const SIGNATURE_HEADER = 'x-signature';
export const DEMO_CALLBACK_PATH = `/wps/cashier/callback/${DEMO_GATEWAY}`;
/** Where the member lands after paying or cancelling: the site's deposit page. */
export const AFTER_PAYMENT_URL = '/?member=depositv2';

const ORDER_NO_PATTERN = /^D\d{18}$/;

export function demoPayPath(orderNo: string): string {
  return `/gateway/demo/${encodeURIComponent(orderNo)}`;
}

// ---- the notification ---------------------------------------------------------------------------

export const gatewayNotificationSchema = z.object({
  orderNo: z.string().min(1).max(40),
  /** The provider's own transaction id; a new one per payment attempt. */
  gatewayTxn: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** Major units as text ("100.00"): providers send money as text, never as a float. */
  amount: z.string().min(1).max(20),
  status: z.enum(['SUCCESS', 'FAILED']),
  timestamp: z.union([z.number(), z.string()]),
});
type GatewayNotification = z.infer<typeof gatewayNotificationSchema>;

// ---- the gateway side -------------------------------------------------------------------------------

/** What the gateway knows of an order: looked up by its number alone (the page has no brand context). */
export interface GatewayOrder {
  merchant: string;
  brandName: string;
  currencySymbol: string;
  orderNo: string;
  channelName: string;
  kind: 'BANK' | 'ONLINE';
  gateway: string | null;
  amount: bigint;
  status: DepositState;
}

export interface GatewayOrders {
  gatewayOrder(orderNo: string): Promise<GatewayOrder | null>;
  gatewaySecret(merchant: string): Promise<string | null>;
}

/** A notification ready to deliver: the exact body bytes, their signature, and the brand to send it to. */
interface SignedNotification {
  merchant: string;
  body: string;
  signature: string;
}

const payable = (o: GatewayOrder) =>
  o.kind === 'ONLINE' && o.gateway === DEMO_GATEWAY && o.status === 'PENDING';

export class DemoGateway {
  constructor(private readonly orders: GatewayOrders) {}

  /** The payment page: 200 with the order, or 404 for a number the gateway does not know. */
  async page(orderNo: string): Promise<{ status: number; html: string }> {
    const order = ORDER_NO_PATTERN.test(orderNo) ? await this.orders.gatewayOrder(orderNo) : null;
    if (!order) return { status: 404, html: renderNotFound() };
    return { status: 200, html: renderGatewayPage(order) };
  }

  /**
   * What the provider's server sends after the member clicked: null when there is nothing to
   * pay (unknown order, not ONLINE, no longer PENDING), as a real provider would not take money twice.
   */
  async notification(orderNo: string, status: 'SUCCESS' | 'FAILED'): Promise<SignedNotification | null> {
    const order = ORDER_NO_PATTERN.test(orderNo) ? await this.orders.gatewayOrder(orderNo) : null;
    if (!order || !payable(order)) return null;
    const secret = await this.orders.gatewaySecret(order.merchant);
    if (!secret) return null;
    const notification: GatewayNotification = {
      orderNo: order.orderNo,
      gatewayTxn: `DG${randomBytes(12).toString('hex')}`,
      amount: minorText(order.amount),
      status,
      timestamp: Date.now(),
    };
    const body = JSON.stringify(notification);
    return { merchant: order.merchant, body, signature: sign(secret, body) };
  }
}

// ---- the adapter (our side of the demo provider) ------------------------------------------------

/**
 * The demo gateway as a PaymentAdapter: an order is paid on its page (a REDIRECT action), and its
 * notification is the signed JSON above, checked with the brand's gateway secret over the exact
 * bytes. It has no status query: an order nobody pays stays PENDING.
 */
export class DemoDepositOps implements DepositProviderOps {
  constructor(private readonly secrets: Pick<GatewayOrders, 'gatewaySecret'>) {}

  available(): Promise<boolean> {
    // Composed only where config.DEMO_GATEWAY allows it.
    return Promise.resolve(true);
  }

  create(c: DepositCollection): Promise<DepositCreated> {
    return Promise.resolve({
      providerRef: c.orderNo,
      action: { kind: 'REDIRECT', url: demoPayPath(c.orderNo) },
      expiresAt: null,
      currency: null,
    });
  }

  status(): Promise<null> {
    return Promise.resolve(null);
  }

  async notification(
    merchant: string,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<DepositNotification> {
    const secret = await this.secrets.gatewaySecret(merchant);
    const signature = headers[SIGNATURE_HEADER];
    // A gateway's signature counts with spaces around it, as it always has here.
    const given = typeof signature === 'string' ? signature.trim() : signature;
    if (!secret || !Buffer.isBuffer(raw) || !signatureMatches(secret, raw, given))
      throw new AppError('gateway.signature.invalid');
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalidField('body', 'json');
    }
    // Signed bodies skip the request-wide check (they are parsed only here, after the signature).
    refuseUnstorable(json);
    const parsed = gatewayNotificationSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('request.invalid', {
        fields: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    }
    const n = parsed.data;
    const amount = toMinor(n.amount);
    if (amount === null || amount <= 0n) throw invalidField('amount', 'mismatch');
    return {
      // One notification per payment attempt and outcome; a resend of it is the same event.
      eventId: `${n.orderNo}:${n.gatewayTxn}:${n.status}`,
      orderNo: n.orderNo,
      state: n.status === 'SUCCESS' ? 'ARRIVED' : 'FAILED',
      providerRef: n.gatewayTxn,
      providerStatus: n.status,
      amount,
      currency: null,
    };
  }
}

export function demoPaymentAdapter(secrets: Pick<GatewayOrders, 'gatewaySecret'>): PaymentAdapter {
  return { code: DEMO_GATEWAY, deposits: new DemoDepositOps(secrets) };
}

// ---- the page -----------------------------------------------------------------------------------

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A strict policy: the page needs nothing but its own inline style and forms posting back here. */
export const GATEWAY_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STATE_TEXT: Record<DepositState, string> = {
  PENDING: 'Waiting for payment.',
  ARRIVED: 'Payment received. Thank you!',
  APPROVED: 'This order has been approved.',
  FAILED: 'This payment failed or was cancelled.',
  REJECTED: 'This order was rejected.',
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f3f6fb;color:#1f2937;
  min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:24px 12px}
.card{width:100%;max-width:420px;background:#fff;border:1px solid #e5e9f2;border-radius:14px;
  box-shadow:0 4px 18px rgba(31,41,55,.06);padding:20px}
.gw{font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#6b7280;margin:0 0 4px}
h1{font-size:20px;margin:0 0 16px;word-break:break-word}
dl{margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:8px 12px;font-size:14px}
dt{color:#6b7280}
dd{margin:0;text-align:right;word-break:break-all}
.amount{font-size:28px;font-weight:700;text-align:center;margin:8px 0 16px;color:#111827;word-break:break-all}
.state{background:#eef4ff;border-radius:10px;padding:10px 12px;font-size:14px;margin:0 0 16px;text-align:center}
form{margin:0 0 10px}
button{width:100%;min-height:46px;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#2563eb;border:1px solid #2563eb;color:#fff}
.cancel{background:#fff;border:1px solid #d1d5db;color:#374151}
a{display:block;text-align:center;color:#2563eb;font-size:14px;margin-top:6px}
.note{font-size:12px;color:#9ca3af;text-align:center;margin:12px 0 0}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

function renderGatewayPage(o: GatewayOrder): string {
  const action = (what: 'pay' | 'fail') => escapeHtml(`${demoPayPath(o.orderNo)}/${what}`);
  const amount = `${o.currencySymbol} ${formatMoney(fromMinor(o.amount))}`;
  const actions = payable(o)
    ? `<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay now</button></form>
<form method="post" action="${action('fail')}"><button class="cancel" type="submit">Cancel payment</button></form>`
    : `<a href="${escapeHtml(AFTER_PAYMENT_URL)}">Back to ${escapeHtml(o.brandName)}</a>`;
  return layout(
    `${o.brandName}: payment`,
    `<p class="gw">Demo payment gateway</p>
<h1>${escapeHtml(o.brandName)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<dl>
<dt>Order</dt><dd>${escapeHtml(o.orderNo)}</dd>
<dt>Method</dt><dd>${escapeHtml(o.channelName)}</dd>
</dl>
<p class="state">${escapeHtml(STATE_TEXT[o.status])}</p>
${actions}
<p class="note">No real money moves on this demo page.</p>`,
  );
}

function renderNotFound(): string {
  return layout(
    'Order not found',
    `<p class="gw">Demo payment gateway</p>
<h1>Order not found</h1>
<p class="state">This payment link is not valid.</p>
<a href="${escapeHtml(AFTER_PAYMENT_URL)}">Back to the site</a>`,
  );
}
