/**
 * The first word of a full name, or `fallback` when there is none (SPEC §8: a missing profile
 * row reads 'Guest'). A module of its own: the header greets a guest by it on every page, and
 * the profile's rules (./profile.ts) would bring their validation library into every guest's
 * first load with it.
 * @example firstNameOf('Asha Rao') // 'Asha'
 */
export const firstNameOf = (fullName: string | null | undefined, fallback = 'Guest') =>
  fullName?.trim().split(/\s+/)[0] || fallback;
