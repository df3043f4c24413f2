import type { KeyboardEvent, ReactNode } from 'react';

export interface TabEntry<T extends string> {
  id: T;
  /** What the tab shows (its text, with an icon if any). */
  content: ReactNode;
}

/** The ids a tab list and its panel name each other by (`${base}-${tab}` and `${base}-panel`). */
export const tabId = (base: string, id: string) => `${base}-${id}`;
export const tabPanelId = (base: string) => `${base}-panel`;

/**
 * A row of tabs in the ARIA tabs pattern: one tab in the Tab order (the selected one), arrow keys
 * move the selection and the focus along the row, around its ends. The panel is the caller's:
 * `role="tabpanel"`, `id={tabPanelId(base)}`, `aria-labelledby={tabId(base, selected)}`.
 */
export function TabList<T extends string>({
  base,
  label,
  tabs,
  selected,
  onSelect,
  className,
  tabClassName,
}: {
  base: string;
  label: string;
  tabs: readonly TabEntry<T>[];
  selected: T;
  onSelect: (id: T) => void;
  className: string;
  tabClassName: string;
}) {
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = tabs.findIndex((entry) => entry.id === selected);
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    onSelect(next.id);
    document.getElementById(tabId(base, next.id))?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKey}>
      {tabs.map((entry) => (
        <button
          key={entry.id}
          type="button"
          role="tab"
          id={tabId(base, entry.id)}
          aria-selected={selected === entry.id}
          aria-controls={tabPanelId(base)}
          tabIndex={selected === entry.id ? 0 : -1}
          className={tabClassName}
          onClick={() => onSelect(entry.id)}
        >
          {entry.content}
        </button>
      ))}
    </div>
  );
}
