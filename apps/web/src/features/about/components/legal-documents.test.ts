import { describe, expect, it } from 'vitest';
import es from '../../../locales/es/rest.json';
import { t } from '../../../lib/i18n';
import { LEGAL_DOCUMENTS } from './legal-documents';

describe('legal documents', () => {
  it.each(Object.entries(LEGAL_DOCUMENTS))('%s: every listed text exists and none in the catalog is left out', (name, doc) => {
    const keys = [doc.title, doc.intro, ...doc.sections.flatMap((section) => [section.title, ...section.paragraphs])];
    for (const key of keys) expect(t(key), key).not.toBe(key);

    const catalog = (es.legal as unknown as Record<string, Record<string, unknown>>)[name] ?? {};
    const inCatalog = Object.entries(catalog).flatMap(([key, value]) =>
      typeof value === 'string' ? [`legal.${name}.${key}`] : Object.keys(value as object).map((inner) => `legal.${name}.${key}.${inner}`),
    );
    expect(new Set(inCatalog)).toEqual(new Set(keys));
  });
});
