import { useEffect, useEffectEvent } from "react";

/** What a finger (or the mouse) did on the picture. Shares are of the surface's width or height. */
export interface GestureHandlers {
  tap(): void;
  doubleTap(): void;
  /** Held past LONG_PRESS_MS without moving: `true` on the way down, `false` when let go. */
  longPress(held: boolean): void;
  /** A sideways drag: the distance so far as a share of the width (right is positive). */
  seekDrag(share: number, done: boolean): void;
  /** An upward or downward drag on the left or right half: the distance as a share of the height (up is positive). */
  verticalDrag(side: "left" | "right", share: number, done: boolean): void;
}

export const LONG_PRESS_MS = 500;
export const DOUBLE_TAP_MS = 300;
const MOVE_PX = 10;

/**
 * The field's video gestures on `surface`, from pointer events: tap, double tap, long press, and a drag that is
 * sideways (seek) or up and down (volume, brightness; only when `vertical`, i.e. in fullscreen, since otherwise
 * the page scrolls). @use-gesture's drag knows no long press or double tap, so the few rules are kept here.
 */
export function useGestures(surface: HTMLElement | null, vertical: boolean, handlers: GestureHandlers) {
  const fire = useEffectEvent(<K extends keyof GestureHandlers>(name: K, ...args: Parameters<GestureHandlers[K]>) => {
    (handlers[name] as (...a: Parameters<GestureHandlers[K]>) => void)(...args);
  });
  const verticalNow = useEffectEvent(() => vertical);

  useEffect(() => {
    if (!surface) return;
    let down: { id: number; x: number; y: number; side: "left" | "right" } | null = null;
    let mode: "none" | "long" | "seek" | "vertical" = "none";
    let pressTimer: ReturnType<typeof setTimeout> | undefined;
    let tapTimer: ReturnType<typeof setTimeout> | undefined;
    let lastTapAt = 0;

    const shares = (e: PointerEvent) => {
      const box = surface.getBoundingClientRect();
      return { x: (e.clientX - down!.x) / (box.width || 1), y: (down!.y - e.clientY) / (box.height || 1) };
    };
    const onDown = (e: PointerEvent) => {
      if (down || (e.pointerType === "mouse" && e.button !== 0)) return;
      const box = surface.getBoundingClientRect();
      down = { id: e.pointerId, x: e.clientX, y: e.clientY, side: e.clientX - box.left < box.width / 2 ? "left" : "right" };
      mode = "none";
      pressTimer = setTimeout(() => {
        mode = "long";
        fire("longPress", true);
      }, LONG_PRESS_MS);
    };
    const onMove = (e: PointerEvent) => {
      if (!down || e.pointerId !== down.id) return;
      const dx = e.clientX - down.x;
      const dy = e.clientY - down.y;
      if (mode === "none" && Math.hypot(dx, dy) >= MOVE_PX) {
        clearTimeout(pressTimer);
        mode = Math.abs(dx) >= Math.abs(dy) ? "seek" : verticalNow() ? "vertical" : "none";
        if (mode === "none") return void (down = null);
        surface.setPointerCapture?.(e.pointerId);
      }
      const s = shares(e);
      if (mode === "seek") fire("seekDrag", s.x, false);
      else if (mode === "vertical") fire("verticalDrag", down.side, s.y, false);
    };
    const onUp = (e: PointerEvent) => {
      if (!down || e.pointerId !== down.id) return;
      clearTimeout(pressTimer);
      const s = shares(e);
      const side = down.side;
      down = null;
      if (mode === "long") return fire("longPress", false);
      if (mode === "seek") return fire("seekDrag", s.x, true);
      if (mode === "vertical") return fire("verticalDrag", side, s.y, true);
      const now = e.timeStamp;
      if (now - lastTapAt < DOUBLE_TAP_MS) {
        clearTimeout(tapTimer);
        lastTapAt = 0;
        fire("doubleTap");
        return;
      }
      lastTapAt = now;
      tapTimer = setTimeout(() => fire("tap"), DOUBLE_TAP_MS);
    };
    const onCancel = (e: PointerEvent) => {
      if (!down || e.pointerId !== down.id) return;
      clearTimeout(pressTimer);
      down = null;
      // The page took the finger (it scrolls): end what had begun, as if let go where it was.
      if (mode === "long") fire("longPress", false);
      else if (mode === "seek") fire("seekDrag", 0, true);
    };
    // A long press on a phone also opens the context menu (save video…): not over the player.
    const noMenu = (e: Event) => e.preventDefault();
    surface.addEventListener("pointerdown", onDown);
    surface.addEventListener("pointermove", onMove);
    surface.addEventListener("pointerup", onUp);
    surface.addEventListener("pointercancel", onCancel);
    surface.addEventListener("contextmenu", noMenu);
    return () => {
      clearTimeout(pressTimer);
      clearTimeout(tapTimer);
      surface.removeEventListener("pointerdown", onDown);
      surface.removeEventListener("pointermove", onMove);
      surface.removeEventListener("pointerup", onUp);
      surface.removeEventListener("pointercancel", onCancel);
      surface.removeEventListener("contextmenu", noMenu);
    };
  }, [surface]);
}
