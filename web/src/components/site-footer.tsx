/** Site footer (SPEC §2 Home "Footer"). OWNER: home page. */
export function SiteFooter() {
  return null;
}
