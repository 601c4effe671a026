/** A code's QR (a shopper's code, a reward's code, a stamp pass), drawn on the device with `qrcode` (no request): an SVG image, dark on white in both themes. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function ClaimQr({ code, label }: { code: string; label: string }) {
  const [svg, setSvg] = useState<{ code: string; markup: string } | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } })
      .then((markup) => {
        if (current) setSvg({ code, markup });
      })
      .catch((error: unknown) => console.error('QR drawing failed', error));
    return () => {
      current = false;
    };
  }, [code]);
  // The place is kept while the QR is drawn, so nothing below it moves.
  return (
    <div className="mx-auto flex size-60 items-center justify-center rounded-xl bg-[#ffffff] p-2 sm:size-72" data-testid="claim-qr">
      {svg?.code === code ? (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.markup)}`} alt={label} width={272} height={272} className="size-full" />
      ) : null}
    </div>
  );
}
