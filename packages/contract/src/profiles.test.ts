import { describe, expect, it } from 'vitest';
import { MENTION_AT_CURSOR, profileDetailsBody, publicUser } from './profiles.js';

describe('MENTION_AT_CURSOR', () => {
  it.each([
    ['hola @ana', 'ana'],
    ['@a', 'a'],
    ['mira (@Dani_Vibes', 'Dani_Vibes'],
  ])('%j ends in a mention of %s', (text, name) => {
    expect(MENTION_AT_CURSOR.exec(text)?.[2]).toBe(name);
  });

  it.each(['hola @', 'correo ana@example', 'hola @ana ', `@${'a'.repeat(21)}`, 'sin arroba'])('%j has no mention at the end', (text) => {
    expect(MENTION_AT_CURSOR.test(text)).toBe(false);
  });
});

describe('schemas', () => {
  it('public users carry no private fields', () => {
    const parsed = publicUser.parse({
      id: 'u1',
      username: 'ana',
      fullName: null,
      bio: null,
      profilePictureUrl: null,
      isVerified: false,
      hasActiveStories: false,
      email: 'ana@example.test',
      birth_date: '1990-01-01',
    } as unknown);
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('birth_date');
  });

  it('profile details bodies drop fields a user may not set', () => {
    const parsed = profileDetailsBody.parse({ fullName: 'Ana', bio: 'Hola', isVerified: true, role: 'admin' } as unknown);
    expect(parsed).not.toHaveProperty('isVerified');
    expect(parsed).not.toHaveProperty('role');
  });
});
