import { useEffect, useState } from "react";

export interface MediaState {
  paused: boolean;
  /** Seconds. */
  time: number;
  duration: number;
  /** Where the buffer ahead of `time` ends, in seconds. */
  buffered: number;
  muted: boolean;
  volume: number;
  rate: number;
  waiting: boolean;
}

function read(el: HTMLVideoElement): MediaState {
  let buffered = 0;
  for (let i = 0; i < el.buffered.length; i++) {
    if (el.buffered.start(i) <= el.currentTime + 0.5) buffered = Math.max(buffered, el.buffered.end(i));
  }
  return {
    paused: el.paused,
    time: el.currentTime,
    duration: Number.isFinite(el.duration) ? el.duration : 0,
    buffered,
    muted: el.muted,
    volume: el.volume,
    rate: el.playbackRate,
    waiting: el.readyState < 3 && !el.paused,
  };
}

const EVENTS = ["play", "pause", "playing", "waiting", "timeupdate", "durationchange", "progress", "volumechange", "ratechange", "seeking", "seeked", "emptied", "ended", "loadedmetadata"];

/** The `<video>`'s state as its events tell it. */
export function useMediaState(el: HTMLVideoElement): MediaState {
  const [state, setState] = useState(() => read(el));
  useEffect(() => {
    const update = () => setState(read(el));
    for (const e of EVENTS) el.addEventListener(e, update);
    return () => {
      for (const e of EVENTS) el.removeEventListener(e, update);
    };
  }, [el]);
  return state;
}
