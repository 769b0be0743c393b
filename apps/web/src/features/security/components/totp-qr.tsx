import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as QRCode from 'qrcode';

type QrModule = typeof QRCode;

/**
 * The otpauth:// URL as a QR code. The qrcode library is imported on first use, so it is its
 * own chunk and never part of the first page load. Dark on white whatever the theme: scanners
 * read that best.
 */
export function TotpQr({ url }: { url: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ url: string; src: string | null } | null>(null);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: the functions sit on the default export or on the module itself.
        const lib = (mod as QrModule & { default?: QrModule }).default ?? mod;
        return lib.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
      })
      .then(
        (src) => live && setQr({ url, src }),
        () => live && setQr({ url, src: null }),
      );
    return () => {
      live = false;
    };
  }, [url]);

  if (!qr || qr.url !== url) {
    return <div className="sec-qr skeleton" aria-busy="true" aria-label={t('common.loading')} />;
  }
  if (!qr.src) return <p className="sec-qr sec-qr-failed">{t('security.totp.qrFailed')}</p>;
  return (
    <img
      className="sec-qr"
      src={qr.src}
      width={220}
      height={220}
      alt={t('security.totp.qrAlt')}
      data-testid="totp-qr"
    />
  );
}
