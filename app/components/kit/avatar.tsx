import { useState, type CSSProperties } from "react";
import "./avatar.css";

type AvatarStyle = CSSProperties & Record<`--${string}`, string>;

/**
 * antd-mobile's Avatar (its markup and classes: a square image, cover-fitted, a person's outline until it loads or
 * when it fails) without its code and its Image's, which /my's first frame loaded for one picture (decision 107).
 */
export function Avatar({ src, style }: { src?: string | null; style?: AvatarStyle }) {
  const url = src?.trim();
  return (
    <div className="adm-avatar adm-image" style={style}>
      <svg className="adm-avatar-fallback" viewBox="0 0 88 88" aria-hidden>
        <rect width="88" height="88" fill="#eee" />
        <circle cx="44" cy="30" r="13" fill="#ccc" />
        <path d="M16 66a6 6 0 0 1 3-5l19-10h12l19 10a6 6 0 0 1 3 5v4H16z" fill="#ccc" />
      </svg>
      {url ? <Picture key={url} url={url} /> : null}
    </div>
  );
}

function Picture({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  return failed ? null : <img className="adm-image-img" src={url} alt="" onError={() => setFailed(true)} />;
}
