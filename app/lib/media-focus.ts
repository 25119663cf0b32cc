// One sound at a time (decision 060): the audio book player (decision 044) and every video take the sound focus
// when they play audibly; whatever else is playing with sound pauses, and its own `pause` event tells its UI
// (the mini player shows paused). A muted video takes nothing: it plays on beside a book and leaves it playing.

const members = new Set<HTMLMediaElement>();

const audible = (el: HTMLMediaElement) => !el.paused && !el.muted && el.volume > 0;

function claim(this: HTMLMediaElement) {
  if (!audible(this)) return;
  for (const other of members) if (other !== this && audible(other)) other.pause();
}

/** Puts `el` under the sound focus from now on; returns what takes it out again (an unmounted player). */
export function joinMediaFocus(el: HTMLMediaElement): () => void {
  members.add(el);
  // `play` when it starts; `volumechange` when a muted one is unmuted while playing.
  el.addEventListener("play", claim);
  el.addEventListener("volumechange", claim);
  return () => {
    members.delete(el);
    el.removeEventListener("play", claim);
    el.removeEventListener("volumechange", claim);
  };
}
