import type { BrandInfo } from '@app/contracts';
import type { Logo } from '../../components/ui/logo-row';
import { mediaUrl } from '../../lib/brand';

/** Footer and home artwork served from the image CDN (drawn by scripts/draw-media.ts). */
export const PAYMENT_METHODS = [
  { file: 'payments/gcash.svg', name: 'GCash' },
  { file: 'payments/maya.svg', name: 'Maya' },
  { file: 'payments/grabpay.svg', name: 'GrabPay' },
  { file: 'payments/instapay.svg', name: 'InstaPay' },
  { file: 'payments/bank-transfer.svg', name: 'Bank transfer' },
  { file: 'payments/usdt.svg', name: 'USDT' },
  { file: 'payments/visa.svg', name: 'Visa' },
  { file: 'payments/mastercard.svg', name: 'Mastercard' },
] as const;

export const CERTIFICATES = [
  { file: 'certs/pagcor.svg', name: 'PAGCOR' },
  { file: 'certs/gli.svg', name: 'GLI' },
  { file: 'certs/itech-labs.svg', name: 'iTech Labs' },
  { file: 'certs/bmm.svg', name: 'BMM Testlabs' },
  { file: 'certs/curacao.svg', name: 'Curaçao eGaming' },
] as const;

export const AGE_BADGE = { file: 'certs/age-18.svg', name: '18+' } as const;

export const SPONSORS = [
  { file: 'sponsors/manila-eagles.svg', name: 'Manila Eagles' },
  { file: 'sponsors/kl-tigers.svg', name: 'KL Tigers' },
  { file: 'sponsors/bangkok-blaze.svg', name: 'Bangkok Blaze' },
] as const;

export const artworkLogos = (brand: BrandInfo, items: readonly { file: string; name: string }[]): Logo[] =>
  items.map((i) => ({ src: mediaUrl(brand, i.file), name: i.name }));
