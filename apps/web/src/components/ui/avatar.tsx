import './avatar.css';

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  /** Pink ring, as around a profile with an active story. */
  ring?: boolean;
}

/** A profile picture, or the first letter of the name when there is none (docs/product.md §3). */
export function Avatar({ name, src, size = 36, ring = false }: AvatarProps) {
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  return (
    <span className={ring ? 'avatar avatar--ring' : 'avatar'} style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {src ? <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" /> : <span aria-hidden="true">{initial}</span>}
    </span>
  );
}
