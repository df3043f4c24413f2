import './count-badge.css';

interface CountBadgeProps {
  count: number;
  /** On an icon's corner (default), or inline at the end of a row. */
  inline?: boolean;
  /** Read out when given; otherwise the badge is decoration (the control's own label says it). */
  label?: string;
  testId?: string;
}

/** A small count in the alert colour (--danger); nothing at zero, '99+' above 99. */
export function CountBadge({ count, inline = false, label, testId }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={inline ? 'count-badge count-badge--inline' : 'count-badge'}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      data-testid={testId}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
