import type { ButtonHTMLAttributes } from 'react';
import { AppLink, type AppLinkProps } from '../../lib/app-link';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Look {
  variant?: ButtonVariant;
  block?: boolean;
  size?: 'md' | 'lg';
}

function classes({ variant = 'primary', block, size = 'md' }: Look, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({ variant, block, size, className, type = 'button', ...rest }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classes({ variant, block, size }, className)} {...rest} />;
}

export function ButtonLink({ variant, block, size, className, ...rest }: Look & AppLinkProps) {
  return <AppLink className={classes({ variant, block, size }, className)} {...rest} />;
}
