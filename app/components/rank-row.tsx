import { Link } from "react-router";
import { formatCount } from "#app/lib/format.ts";
import { EncImage } from "#app/components/media/enc-image.tsx";
import "./rank-row.css";

/** A person in a ranking; without `rank` (a list by time, not by score), a plain row. */
export function RankRow({ rank, uid, nickname, avatar, score, unit, to }: { rank?: number; uid: number; nickname: string; avatar: string; score: number; unit: string; to?: string }) {
  return (
    <Link className={`rank-row${rank === undefined ? " is-plain" : ""}`} to={to ?? `/user?uid=${uid}`}>
      {rank !== undefined && <span className={`rank${rank <= 3 ? " is-top" : ""}`}>{rank}</span>}
      <EncImage src={avatar} ratio="1X1" />
      <span>{nickname}</span>
      <small className="creator-meta">
        {formatCount(score)} {unit}
      </small>
    </Link>
  );
}
