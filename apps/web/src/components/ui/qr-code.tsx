import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as QRCode from 'qrcode';
import '../../styles/qr-code.css';

type QrModule = typeof QRCode;

/**
 * A text (an otpauth:// URL, an invite link) as a QR code. The qrcode library is imported on first
 * use, so it is its own chunk and never part of the first page load. Dark on white whatever the
 * theme: scanners read that best. `failedText` is said when it cannot be drawn.
 */
export function QrCode({
  value,
  alt,
  failedText,
  testId,
  size = 220,
}: {
  value: string;
  alt: string;
  failedText: string;
  testId: string;
  size?: number;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ value: string; src: string | null } | null>(null);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: the functions sit on the default export or on the module itself.
        const lib = (mod as QrModule & { default?: QrModule }).default ?? mod;
        return lib.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: size });
      })
      .then(
        (src) => live && setQr({ value, src }),
        () => live && setQr({ value, src: null }),
      );
    return () => {
      live = false;
    };
  }, [value, size]);

  if (!qr || qr.value !== value) {
    return <div className="qr-code skeleton" aria-busy="true" aria-label={t('common.loading')} />;
  }
  if (!qr.src) return <p className="qr-code qr-code-failed">{failedText}</p>;
  return <img className="qr-code" src={qr.src} width={size} height={size} alt={alt} data-testid={testId} />;
}
