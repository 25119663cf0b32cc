const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/** Whether a link may be followed: refuses javascript:, data:, vbscript:, file: and anything unparseable. */
export function isSafeExternalUrl(url: string, base = "http://localhost"): boolean {
  // Browsers ignore tabs and newlines inside schemes ("java\tscript:"), so strip them before parsing.
  const cleaned = url.replace(/[\u0000-\u001f\u007f\s]+/g, "");
  if (!cleaned) return false;
  try {
    return SAFE_PROTOCOLS.has(new URL(cleaned, base).protocol);
  } catch {
    return false;
  }
}

/** Opens an external link in a new tab when it is safe; returns whether it did. */
export function openExternal(url: string): boolean {
  if (!isSafeExternalUrl(url, window.location.href)) return false;
  window.open(url, "_blank", "noopener,noreferrer");
  return true;
}

/** Only same-app paths are accepted as a redirect target (no other origin, no scheme). */
export function safeRedirect(target: string | null, fallback = "/my"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  return target;
}
