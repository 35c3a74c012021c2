// Where a page may send the browser on its own: paths of this site only, never another site.

// The path (with query and fragment) that `back` names on this site, or null when it names
// anything else. A browser reads "/\host" and "/<tab>/host" as "//host", another site, so
// back must start with one "/", hold no backslash, space or control character, and resolve
// to this very origin.
export function sameOriginPath(back, origin = location.origin) {
  if (typeof back !== "string" || !back.startsWith("/") || back.startsWith("//")) return null;
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(back)) return null;
  let url;
  try { url = new URL(back, origin); } catch (e) { return null; }
  if (url.origin !== origin) return null;
  // dot segments are resolved by now: "/.//evil.com" has become the path "//evil.com", which
  // a browser would read as another host; only a path with exactly one leading "/" is kept
  if (!url.pathname.startsWith("/") || /^\/[\/\\]/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
