import { splitText } from '@wag/contract/tags-rules';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { Caption } from '../posts/caption';
import { RichText, truncateParts } from './rich-text';

describe('RichText', () => {
  it('links mentions to the profile and hashtags to the tag page, leaving e-mail addresses alone', () => {
    const { container } = renderRoutes([{ path: '/', element: <RichText text={'Hola @Valeria_Rios\n#Playa y #año, escribe a ana@example.com'} /> }]);
    expect(screen.getByRole('link', { name: '@Valeria_Rios' }).getAttribute('href')).toBe('/Valeria_Rios');
    expect(screen.getByRole('link', { name: '#Playa' }).getAttribute('href')).toBe('/tags/playa');
    expect(screen.getByRole('link', { name: '#año' }).getAttribute('href')).toBe('/tags/a%C3%B1o');
    expect(screen.getAllByRole('link')).toHaveLength(3);
    // The line break stays in the text (shown by white-space: pre-line).
    expect(container.querySelector('.rich-text')?.textContent).toBe('Hola @Valeria_Rios\n#Playa y #año, escribe a ana@example.com');
  });

  it('shows markup as text', () => {
    const attack = '<img src=x onerror="alert(1)"> <script>alert(2)</script> #sol';
    const { container } = renderRoutes([{ path: '/', element: <RichText text={attack} /> }]);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('.rich-text')?.textContent).toBe(attack);
    expect(screen.getByRole('link', { name: '#sol' })).toBeTruthy();
  });
});

describe('truncateParts', () => {
  it('keeps a link at the limit whole and cuts plain text', () => {
    const parts = splitText(`${'a'.repeat(95)} #verano2026 y más texto`);
    const { parts: kept, cut } = truncateParts(parts, 100);
    expect(cut).toBe(true);
    expect(kept.at(-1)).toEqual({ kind: 'hashtag', text: '#verano2026', tag: 'verano2026' });
    expect(truncateParts(splitText('corto #sol'), 100).cut).toBe(false);
  });
});

describe('Caption', () => {
  it('links in the 100-character preview and in the whole text after más', async () => {
    const text = `Atardecer con @ana en la #playa ${'x'.repeat(90)} y al final #fin`;
    renderRoutes([{ path: '/', element: <Caption text={text} /> }]);
    expect(screen.getByRole('link', { name: '#playa' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '#fin' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'más' }));
    expect(screen.getByRole('link', { name: '#fin' }).getAttribute('href')).toBe('/tags/fin');
    expect(screen.getByRole('link', { name: '@ana' }).getAttribute('href')).toBe('/ana');
  });
});
