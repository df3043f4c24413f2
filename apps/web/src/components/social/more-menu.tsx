import { useEffect, useRef, useState } from 'react';
import { AppLink } from '../../lib/app-link';
import { t } from '../../lib/i18n';
import { Icon } from '../ui/icon';
import './more-menu.css';

export interface MoreMenuItem {
  to: string;
  label: string;
  danger?: boolean;
  testId?: string;
}

/**
 * The '⋯' menu beside a person, post, comment, story or message: links to what can be done about it
 * (Reportar, Bloquear). Closes on Escape, on a click outside and on choosing.
 */
export function MoreMenu({ items, label, testId, align = 'right' }: { items: MoreMenuItem[]; label?: string; testId?: string; align?: 'left' | 'right' }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  if (items.length === 0) return null;
  return (
    <div className="more-menu" ref={root}>
      <button type="button" className="more-menu__trigger" aria-label={label ?? t('moreMenu.more')} aria-expanded={open} onClick={() => setOpen((value) => !value)} data-testid={testId}>
        <Icon name="menu" size={18} />
      </button>
      {open ? (
        <ul className={`more-menu__list more-menu__list--${align}`} role="menu">
          {items.map((item) => (
            <li role="none" key={item.to}>
              <AppLink role="menuitem" to={item.to} className={item.danger ? 'more-menu__danger' : undefined} onClick={() => setOpen(false)} data-testid={item.testId}>
                {item.label}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The menu items for content of another person: report it. */
export function reportItem(subjectType: 'post' | 'comment' | 'story' | 'message', id: string): MoreMenuItem {
  return { to: `/report/${subjectType}/${encodeURIComponent(id)}`, label: t('moreMenu.report'), testId: `report-${subjectType}` };
}

/** The menu items for another person: report them, block them. */
export function personItems(username: string): MoreMenuItem[] {
  const name = encodeURIComponent(username);
  return [
    { to: `/report-user/${name}`, label: t('moreMenu.report'), testId: 'report-user' },
    { to: `/block-user/${name}`, label: t('moreMenu.block'), danger: true, testId: 'block-user' },
  ];
}
