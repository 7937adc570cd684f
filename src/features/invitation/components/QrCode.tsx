import { useEffect, useState } from 'react';

/** A QR code drawn in the browser; the qrcode library loads in its own lazy chunk. */
export function QrCode({ text, size = 180, label }: { text: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "qrcode" */ 'qrcode')
      .then((qr) => qr.toDataURL(text, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text, size]);
  return (
    <div className="inv-qr" style={{ width: size, height: size }}>
      {src ? (
        <img src={src} width={size} height={size} alt={label} />
      ) : (
        <span>{failed ? '二维码生成失败' : '二维码生成中…'}</span>
      )}
    </div>
  );
}
