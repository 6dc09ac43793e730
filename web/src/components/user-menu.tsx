import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSession } from '@/lib/session';
import { firstNameOf } from '@domain/first-name';

/** The id of /profile's bookings section: the menu's 'My bookings' lands there. */
export const PROFILE_BOOKINGS_ID = 'bookings';

/**
 * A menu item's look: daisyUI's `menu` item (its padding, radius and size, shaded while pointed
 * at or focused from the keyboard, dark while pressed), in utilities, so the guest's stylesheet
 * does without that component's 10 KB (raw; issue 23).
 */
const MENU_ITEM =
  'flex w-full cursor-pointer items-center rounded-field px-3 py-1.5 text-start text-sm hover:bg-base-content/10 focus-visible:bg-base-content/10 active:bg-neutral active:text-neutral-content';

const menuItems = (el: HTMLElement | null) => [...(el?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/**
 * The signed-in header menu (SPEC §2 Home): a round avatar opening 'Hey, {first name}!', the
 * email (or phone, or 'No email'), 'View Upcoming Events', 'My bookings' (the bookings on /profile,
 * issue 24), 'View Profile' and 'Sign out'.
 * A menu button per the WAI-ARIA pattern: Enter/Space/ArrowDown open it, arrows move, Escape
 * closes and returns focus to the avatar.
 */
export function UserMenu() {
  const { user, profile, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  const name = firstNameOf(profile?.full_name);
  const contact = profile?.email || user?.email || profile?.phone_number || user?.phone || 'No email';

  useEffect(() => {
    if (!open) return;
    menuItems(menu.current)[0]?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = menuItems(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      list[(at + 1) % list.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      list[(at - 1 + list.length) % list.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      list[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      list.at(-1)?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  const go = (to: '/events' | '/profile', hash?: string) => {
    setOpen(false);
    void navigate({ to, hash });
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label="Open profile menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="btn btn-circle btn-primary h-12 w-12 shadow-lg"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
          <circle cx="12" cy="9" r="4" fill="currentColor" />
          <path d="M4 21a8 8 0 0 1 16 0z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div className="bg-base-100 rounded-box absolute right-0 mt-2 w-64 p-2 shadow-xl">
          <div className="border-base-300 border-b px-3 pt-1 pb-3">
            <p className="font-semibold">Hey, {name}!</p>
            <p className="text-base-content/70 truncate text-sm">{contact}</p>
          </div>
          <ul
            ref={menu}
            id={`${id}-menu`}
            role="menu"
            aria-label="Profile"
            className="flex w-full flex-col pt-2"
            onKeyDown={onMenuKey}
          >
            <li role="none">
              <button type="button" role="menuitem" tabIndex={-1} className={MENU_ITEM} onClick={() => go('/events')}>
                View Upcoming Events
              </button>
            </li>
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={MENU_ITEM}
                onClick={() => go('/profile', PROFILE_BOOKINGS_ID)}
              >
                My bookings
              </button>
            </li>
            <li role="none">
              <button type="button" role="menuitem" tabIndex={-1} className={MENU_ITEM} onClick={() => go('/profile')}>
                View Profile
              </button>
            </li>
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={MENU_ITEM}
                onClick={() => {
                  setOpen(false);
                  void signOut();
                }}
              >
                Sign out
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
