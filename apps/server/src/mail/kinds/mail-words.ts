import type { ReportSubjectType } from '@wag/contract/moderation-rules';
import type { Language } from '@wag/contract/preferences-rules';

/** What every mail of a language shares: its greeting and its signatures. */
export const GREETING: Record<Language, (username: string) => string> = {
  es: (username) => `Hola, @${username}:\n\n`,
  en: (username) => `Hi @${username},\n\n`,
  fr: (username) => `Bonjour @${username},\n\n`,
  de: (username) => `Hallo @${username},\n\n`,
};

const AUTOMATIC: Record<Language, string> = {
  es: '(Este mensaje se envió automáticamente; no respondas a este correo.)',
  en: '(This message was sent automatically; please don’t reply to this email.)',
  fr: '(Ce message a été envoyé automatiquement ; merci de ne pas y répondre.)',
  de: '(Diese Nachricht wurde automatisch versendet; bitte antworte nicht auf diese E-Mail.)',
};

/** The end of a mail about the account (sign-ins, two-factor, the password). */
export const ACCOUNT_SIGNATURE: Record<Language, string> = {
  es: `\n\nEl equipo de WAG\n${AUTOMATIC.es}`,
  en: `\n\nThe WAG team\n${AUTOMATIC.en}`,
  fr: `\n\nL’équipe WAG\n${AUTOMATIC.fr}`,
  de: `\n\nDein WAG-Team\n${AUTOMATIC.de}`,
};

/** The end of a mail about a moderation decision. */
export const MODERATION_SIGNATURE: Record<Language, string> = {
  es: `\n\nEl equipo de moderación de WAG\n${AUTOMATIC.es}`,
  en: `\n\nThe WAG moderation team\n${AUTOMATIC.en}`,
  fr: `\n\nL’équipe de modération de WAG\n${AUTOMATIC.fr}`,
  de: `\n\nDas Moderationsteam von WAG\n${AUTOMATIC.de}`,
};

/**
 * What was reported or decided on, to put in a sentence: "a …" (something someone reported) and
 * "your …" as an object; German also needs "your …" as a subject (`yours`), which differs in case.
 */
export const THING: Record<Language, Record<ReportSubjectType, { a: string; your: string; yours: string }>> = {
  es: {
    user: { a: 'un perfil', your: 'tu cuenta', yours: 'tu cuenta' },
    post: { a: 'una publicación', your: 'tu publicación', yours: 'tu publicación' },
    comment: { a: 'un comentario', your: 'tu comentario', yours: 'tu comentario' },
    story: { a: 'una historia', your: 'tu historia', yours: 'tu historia' },
    message: { a: 'un mensaje', your: 'tu mensaje', yours: 'tu mensaje' },
  },
  en: {
    user: { a: 'a profile', your: 'your account', yours: 'your account' },
    post: { a: 'a post', your: 'your post', yours: 'your post' },
    comment: { a: 'a comment', your: 'your comment', yours: 'your comment' },
    story: { a: 'a story', your: 'your story', yours: 'your story' },
    message: { a: 'a message', your: 'your message', yours: 'your message' },
  },
  fr: {
    user: { a: 'un profil', your: 'ton compte', yours: 'ton compte' },
    post: { a: 'une publication', your: 'ta publication', yours: 'ta publication' },
    comment: { a: 'un commentaire', your: 'ton commentaire', yours: 'ton commentaire' },
    story: { a: 'une story', your: 'ta story', yours: 'ta story' },
    message: { a: 'un message', your: 'ton message', yours: 'ton message' },
  },
  de: {
    user: { a: 'ein Profil', your: 'dein Konto', yours: 'dein Konto' },
    post: { a: 'einen Beitrag', your: 'deinen Beitrag', yours: 'dein Beitrag' },
    comment: { a: 'einen Kommentar', your: 'deinen Kommentar', yours: 'dein Kommentar' },
    story: { a: 'eine Story', your: 'deine Story', yours: 'deine Story' },
    message: { a: 'eine Nachricht', your: 'deine Nachricht', yours: 'deine Nachricht' },
  },
};
