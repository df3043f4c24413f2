import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import './page-header.css';

interface PanelRowBodyProps {
  icon: IconName;
  label: string;
  hint?: string;
  /** Shown at the end, before the chevron (a version, the theme in use). */
  value?: ReactNode;
  valueTestId?: string;
  /** The row leads somewhere. */
  chevron?: boolean;
}

/**
 * What a row of a `.panel-list` shows: an icon, a label with its hint, a value, a chevron. The caller
 * decides what the row is (a link, a label around a radio, a plain item) and gives it `.panel-row`.
 */
export function PanelRowBody({ icon, label, hint, value, valueTestId, chevron = false }: PanelRowBodyProps) {
  return (
    <>
      <span className="panel-row__icon" aria-hidden="true">
        <Icon name={icon} size={20} />
      </span>
      <span className="panel-row__text">
        <span className="panel-row__label">{label}</span>
        {hint ? <span className="panel-row__hint">{hint}</span> : null}
      </span>
      {value !== undefined ? (
        <span className="panel-row__value" data-testid={valueTestId}>
          {value}
        </span>
      ) : null}
      {chevron ? <Icon name="chevronRight" size={20} className="panel-row__chevron" /> : null}
    </>
  );
}
