import {
  adminAdjustmentSchema,
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
import { adjustmentResultSchema, type WalletService } from './wallet.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

/** Balances, transfers between wallets, transfers to the upline, and operator adjustments. */
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

  r.post(
    '/wps/admin/adjustments',
    {
      // Operators work during maintenance too; the brand comes from the Merchant header.
      config: operatorRoute('cashier.adjustments.request'),
      schema: {
        summary: 'Credit or debit a member (signed amount), with an optional turnover requirement',
        tags: ['operator'],
        body: adminAdjustmentSchema,
        response: { 200: ok(adjustmentResultSchema) },
      },
    },
    async (req) => envelope(await wallet.adjust(req.brand, operatorName(req), req.body)),
  );
}
