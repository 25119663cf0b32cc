import { Link } from "react-router";
import type { CreatorCard } from "#gateway/api/index.ts";
import { formatCount } from "#app/lib/format.ts";
import { Dotted } from "#app/components/dotted.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import "./creator-row.css";

export function CreatorRow({ creator }: { creator: CreatorCard }) {
  return (
    <Link className="creator-row" to={creator.is_creator ? `/home/creator?uid=${creator.uid}` : `/user?uid=${creator.uid}`}>
      <EncImage className="creator-avatar" src={creator.avatar_url} ratio="1X1" />
      <div>
        <p className="creator-name">{creator.nickname}</p>
        <p className="creator-meta">
          <Dotted parts={[`${formatCount(creator.fans_count)} 粉丝`, `${creator.video_count} 个视频`]} />
        </p>
      </div>
    </Link>
  );
}
