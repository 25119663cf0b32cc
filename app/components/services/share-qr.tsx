import { DotLoading } from "#app/components/kit/dot-loading.tsx";
import { toDataURL } from "qrcode";
import { useEffect, useState } from "react";

/**
 * The share link as a QR code, drawn in the page. An image (not a canvas): a long press on a phone saves it;
 * `onReady` hands the picture's address to the save button.
 */
export function ShareQr({ link, onReady }: { link: string; onReady: (dataUrl: string) => void }) {
  const [src, setSrc] = useState("");
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    toDataURL(link, { width: 440, margin: 2, errorCorrectionLevel: "M" }).then(
      (url) => {
        if (!live) return;
        setSrc(url);
        onReady(url);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [link, onReady]);
  if (failed) return <p className="services-error">二维码生成失败，请复制链接分享</p>;
  if (!src) {
    return (
      <div className="share-qr share-qr-pending" aria-busy="true">
        <DotLoading />
      </div>
    );
  }
  return <img className="share-qr" src={src} alt="分享二维码" data-testid="share-qr" />;
}
