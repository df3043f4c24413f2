import type { MessageKey } from '../../../lib/i18n';

export type LegalDocumentName = 'terms' | 'privacy' | 'cookies';

export interface LegalSection {
  title: MessageKey;
  paragraphs: MessageKey[];
}

export interface LegalDocument {
  title: MessageKey;
  intro: MessageKey;
  sections: LegalSection[];
}

/**
 * The three public documents, written paragraph by paragraph in the catalogs (legal.<doc>.sN.pM) so
 * each language translates them like any other text. The counts say how many paragraphs each
 * section has; legal-documents.test.ts checks that every key exists and none is left out.
 */
const PARAGRAPHS: Record<LegalDocumentName, number[]> = {
  terms: [2, 2, 2, 2, 2, 2, 1, 2],
  privacy: [1, 4, 4, 1, 1, 3, 1],
  cookies: [2, 5, 1],
};

function build(name: LegalDocumentName): LegalDocument {
  return {
    title: `legal.${name}.title` as MessageKey,
    intro: `legal.${name}.intro` as MessageKey,
    sections: PARAGRAPHS[name].map((count, index) => ({
      title: `legal.${name}.s${index + 1}.title` as MessageKey,
      paragraphs: Array.from({ length: count }, (_, paragraph) => `legal.${name}.s${index + 1}.p${paragraph + 1}` as MessageKey),
    })),
  };
}

export const LEGAL_DOCUMENTS: Record<LegalDocumentName, LegalDocument> = {
  terms: build('terms'),
  privacy: build('privacy'),
  cookies: build('cookies'),
};

/** Where support and privacy requests go. */
export const SUPPORT_EMAIL = 'soporte@wag.app';
