// Inline icons drawn in the text colour at the text's size, beside a word that says the same. NOTE: never an
// emoji or symbol character as an icon: phones draw them differently, and one without an emoji font draws a box.

/** A padlock: something to unlock. */
export function LockIcon() {
  return (
    <svg className="inline-icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" />
    </svg>
  );
}

/** A heart: likes. */
export function HeartIcon() {
  return (
    <svg className="inline-icon" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.8 4 7.3 4c2 0 3.6 1.1 4.7 2.8C13.1 5.1 14.7 4 16.7 4c3.5 0 5.7 3.6 4.5 7.1-1.7 4.8-9.2 9.4-9.2 9.4Z" />
    </svg>
  );
}

/** A play triangle: plays, a video. */
export function PlaysIcon() {
  return (
    <svg className="inline-icon" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M7 4.5v15l12.5-7.5Z" />
    </svg>
  );
}
