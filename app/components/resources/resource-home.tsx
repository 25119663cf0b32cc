import { Link } from "react-router";
import type { ResourceHome, ResourceItem } from "#gateway/api/resources.ts";
import { AdLink } from "#app/components/media/ad-link.tsx";
import { EncImage } from "#app/components/media/enc-image.tsx";
import { RESOURCE_KINDS } from "#app/features/resources/resource-kinds.ts";
import "./resources.css";

function BannerLink({ banner, first }: { banner: ResourceHome["banners"][number]; first: boolean }) {
  // The link is named by its title: the image (and its alt) comes in only as it nears the viewport.
  return (
    <AdLink url={banner.url} title={banner.title} aria-label={banner.title}>
      <EncImage src={banner.img_url} ratio="16X7" alt="" eager={first} />
    </AdLink>
  );
}

function Tile({ item }: { item: ResourceItem }) {
  return (
    <Link className="resource-tile" to={RESOURCE_KINDS[item.kind].detail(item.id)}>
      <EncImage src={item.cover} ratio="3X4" alt="" />
      <span>{item.title}</span>
    </Link>
  );
}

/** A kind's home on the 资源 tab: its banners (swiped sideways) and its sections of items. */
export function ResourceHomeView({ home }: { home: ResourceHome }) {
  return (
    <>
      {home.banners.length > 0 && (
        <div className="resource-banners">
          {home.banners.map((b, i) => (
            <BannerLink key={b.id} banner={b} first={i === 0} />
          ))}
        </div>
      )}
      {home.sections
        .filter((s) => s.items.length > 0)
        .map((s) => (
          <section key={s.id} className="resource-section" aria-label={s.title}>
            <h2>{s.title}</h2>
            <ul className="resource-tiles">
              {s.items.map((item) => (
                <li key={item.id}>
                  <Tile item={item} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </>
  );
}
