import type { ReactNode } from 'react';
import { AppLink } from '../../lib/app-link';
import { Avatar } from '../ui/avatar';
import { VerifiedBadge } from '../ui/verified-badge';
import './person-row.css';

interface PersonRowProps {
  username: string;
  fullName: string | null;
  picture: string | null;
  verified: boolean;
  /** The line under the name (by default the @username). */
  meta?: ReactNode;
  /** At the end of the row: a follow button, 'Tú', nothing. */
  action?: ReactNode;
  avatarSize?: number;
  /** Extra class for the row's look where it stands (a card, a narrow column). */
  className?: string;
  linkLabel?: string;
  testId?: string;
}

/** A person in a list: avatar, name with badge and a line under it linking to the profile, then an action. */
export function PersonRow({ username, fullName, picture, verified, meta, action, avatarSize = 48, className, linkLabel, testId = 'person-row' }: PersonRowProps) {
  const name = fullName?.trim() || username;
  return (
    <li className={className ? `person-row ${className}` : 'person-row'} data-testid={testId} data-username={username}>
      <AppLink to={`/${encodeURIComponent(username)}`} className="person-row__link" aria-label={linkLabel}>
        <Avatar name={name} src={picture} size={avatarSize} />
        <span className="person-row__names">
          <span className="person-row__name">
            <span className="person-row__name-text">{name}</span>
            {verified ? <VerifiedBadge size={avatarSize > 44 ? 16 : 14} /> : null}
          </span>
          <span className="person-row__meta">{meta ?? `@${username}`}</span>
        </span>
      </AppLink>
      {action}
    </li>
  );
}
