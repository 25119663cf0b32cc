import type { Ad } from "#gateway/api/content-types.ts";
// The area itself, not the index: the first screen carries only the calls it makes (decision 049).
import * as home from "#gateway/api/home.ts";
import { Banner } from "#app/components/media/banner.tsx";
import { api } from "#app/lib/gateway.ts";

/** Counts a tap on an ad; silent, as a lost count is nothing the member should hear about. */
const countClick = (ad: Ad) => void api(home.adClick, { id: ad.id });

/** A place's ad banner: the banner, each tap on an ad counted with the gateway. */
export function AdBanner({ ads }: { ads: Ad[] }) {
  return <Banner ads={ads} onOpen={countClick} />;
}
