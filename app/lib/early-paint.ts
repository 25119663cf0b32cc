// No React and no React Router in this module's graph: the starter (app/early-start.ts) runs it before they load.

/**
 * Shows the first screen's largest picture in its place in the screen's prerendered frame (a `data-early` element
 * of app/components/screen-frame.tsx), as soon as it is decrypted and before React has rendered the screen (decision
 * 089). A background, not a child: React hydrates the frame and checks no attribute of it. Once React has replaced
 * the frame with the screen, there is no place left and nothing happens; the screen shows the same picture.
 */
export function paintEarly(place: string, url: string) {
  const el = document.querySelector<HTMLElement>(`[data-early="${place}"]`);
  if (el) el.style.backgroundImage = `url("${url}")`;
}
