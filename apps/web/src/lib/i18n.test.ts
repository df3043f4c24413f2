import { describe, expect, it } from 'vitest';
import { interpolate, t, translate } from './i18n';

describe('i18n', () => {
  it('returns the Spanish reference text for a key', () => {
    expect(t('gates.ageConfirm')).toBe('Tengo 18 años o más');
    expect(t('auth.validation.passwordMismatch')).toBe('Las contraseñas no coinciden. ¡Qué despistado!');
  });

  it('fills {name} placeholders from the parameters', () => {
    expect(t('home.greetingUser', { username: 'luna' })).toBe('Hola, @luna');
    expect(t('time.commentMinutes', { n: 5 })).toBe('hace 5m');
  });

  it('replaces every occurrence and leaves placeholders without a parameter visible', () => {
    expect(interpolate('{a} y {a} con {b}', { a: 'uno' })).toBe('uno y uno con {b}');
    expect(interpolate('sin parámetros {x}')).toBe('sin parámetros {x}');
  });

  it('does not read inherited properties as parameters', () => {
    expect(interpolate('{toString}', {})).toBe('{toString}');
  });

  it('shows the key itself when a text is missing', () => {
    const messages = { group: { present: 'Hola {who}' } };
    expect(translate(messages, 'group.present', { who: 'Ana' })).toBe('Hola Ana');
    expect(translate(messages, 'group.absent')).toBe('group.absent');
    expect(translate(messages, 'group')).toBe('group');
  });
});
