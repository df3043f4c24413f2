import './logo.css';

/** The WAG wordmark. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className={`logo logo--${size}`}>
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="wag-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ff3d8b" />
            <stop offset="1" stopColor="#a855f7" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="16" fill="url(#wag-logo-gradient)" />
        <path d="M12 20l7 24 6.5-17L32 44l6.5-17L45 44l7-24" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="logo__word">WAG</span>
    </span>
  );
}
