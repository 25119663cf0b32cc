/** Category ids with a dedicated screen; every other id (15 and 18 included) uses the caller's default. */
export function categoryShortcut(id: number, title: string, fallback: string): string {
  const t = encodeURIComponent(title);
  switch (id) {
    case 8:
      return "/dating";
    case 50:
      return `/category?title=${t}&type=novel`;
    case 74:
      return `/category?title=${t}&type=comic`;
    default:
      return fallback;
  }
}
