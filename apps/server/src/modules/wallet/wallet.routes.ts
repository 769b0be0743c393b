import {
  merchantWalletQuerySchema,
  merchantWalletSchema,
  ok,
  uplineTransferResultSchema,
  uplineTransferSchema,
  walletBalanceSchema,
  walletTransferSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import type { MemberTransferService } from './member-transfer.service';
import type { WalletService } from './wallet.service';

/**
 * Balances, transfers between wallets and transfers to the upline. Operator adjustments are the
 * cashier's maker-checker requests (approval.routes.ts): no single call moves money alone.
 */
export async function walletRoutes(
  app: FastifyInstance,
  opts: { wallet: WalletService; transfers: MemberTransferService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { wallet, transfers } = opts;
  const tags = ['wallet'];

  r.get(
    '/wps/v2/wallets/balance',
    {
      // Trial accounts too: they see their play money.
      config: { auth: 'member' },
      schema: {
        summary: 'Main wallet, vendor wallets and money on hold',
        tags,
        response: { 200: ok(walletBalanceSchema) },
      },
    },
    async (req) => envelope(await wallet.balance(req.brand, req.member!.memberId)),
  );

  r.get(
    '/wps/relay/GCS_merchantWallet',
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'Whether the brand runs one wallet, and its vendors with their wallet type',
        tags,
        querystring: merchantWalletQuerySchema,
        response: { 200: ok(merchantWalletSchema) },
      },
    },
    async (req) => envelope(await wallet.merchantWallet(req.brand)),
  );

  r.post(
    '/wps/relay/GCS_walletTransfer',
    {
      config: { auth: 'member' },
      schema: {
        summary: 'Move money between the main wallet and a vendor wallet (idempotent on requestId)',
        tags,
        body: walletTransferSchema,
        response: { 200: ok(walletBalanceSchema) },
      },
    },
    async (req) => envelope(await wallet.transfer(req.brand, req.member!.memberId, req.body)),
  );

  r.post(
    '/wps/member/transfer/upline',
    {
      config: { auth: 'real', encrypted: true },
      schema: {
        summary: 'Pay the upline agent from the main wallet (encrypted; payment password)',
        tags,
        body: uplineTransferSchema,
        response: { 200: ok(uplineTransferResultSchema) },
      },
    },
    async (req) => {
      // The agent page's upline call is the same use case; this call names the payee `upline`.
      const { to, ...done } = await transfers.toUpline(req.brand, req.member!.memberId, req.body);
      return envelope({ ...done, upline: to });
    },
  );
}
