import type { FastifyBaseLogger } from 'fastify';
import type { IntervalJob } from '../../platform/module';
import type { VendorTransferService } from './vendor-transfer.service';

/** How often pending vendor moves are asked about. */
export const VENDOR_TRANSFER_RECONCILE_MS = 30_000;
/** A move younger than this may still be answered by its own call: left alone. */
export const VENDOR_TRANSFER_PENDING_AGE_MS = 60_000;

/** Pending transfer-wallet moves are finished once their vendor knows what became of them. */
export function vendorTransferReconcileJob(
  transfers: VendorTransferService,
  log: FastifyBaseLogger,
): IntervalJob {
  return {
    name: 'vendor transfer reconcile',
    everyMs: VENDOR_TRANSFER_RECONCILE_MS,
    run: async () => {
      const finished = await transfers.reconcile(VENDOR_TRANSFER_PENDING_AGE_MS);
      if (finished > 0) log.info({ finished }, 'vendor transfers reconciled');
    },
  };
}
