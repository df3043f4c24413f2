import { splitText, tagPath, type TextPart } from '@wag/contract/tags-rules';
import { AppLink } from '../../lib/app-link';
import './rich-text.css';

/**
 * User text with its @mentions linked to the profile and its #hashtags to the tag's page
 * (docs/decisions/0025). Everything is a React text node, so markup in the text stays text; line
 * breaks are kept by the surrounding element's `white-space: pre-line` (the rich-text class).
 */
export function RichText({ text, className, parts }: { text: string; className?: string; parts?: TextPart[] }) {
  return (
    <span className={className ? `rich-text ${className}` : 'rich-text'}>
      {(parts ?? splitText(text)).map((part, index) => {
        if (part.kind === 'mention') {
          return (
            <AppLink key={index} className="rich-text__link" to={`/${encodeURIComponent(part.username)}`}>
              {part.text}
            </AppLink>
          );
        }
        if (part.kind === 'hashtag') {
          return (
            <AppLink key={index} className="rich-text__link" to={tagPath(part.tag)}>
              {part.text}
            </AppLink>
          );
        }
        return part.text;
      })}
    </span>
  );
}

/**
 * The first `max` characters of a text's parts, never cutting a mention or a hashtag in half: one
 * that straddles the limit is kept whole. `cut` says whether anything was left out.
 */
export function truncateParts(parts: TextPart[], max: number): { parts: TextPart[]; cut: boolean } {
  const kept: TextPart[] = [];
  let length = 0;
  for (const part of parts) {
    if (length >= max) return { parts: kept, cut: true };
    if (part.kind !== 'text' || length + part.text.length <= max) {
      kept.push(part);
      length += part.text.length;
      continue;
    }
    kept.push({ kind: 'text', text: part.text.slice(0, max - length) });
    return { parts: kept, cut: true };
  }
  return { parts: kept, cut: false };
}
