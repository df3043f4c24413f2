import { describe, expect, it } from 'vitest';
import { birthDateNativeMessage, registerErrors, type RegisterValues } from './register-validation';

const today = new Date('2026-06-15T12:00:00Z');
const valid: RegisterValues = {
  username: 'luna_22',
  birthDate: '2000-01-31',
  email: 'luna@example.com',
  password: 'secreto!1',
  confirmPassword: 'secreto!1',
};

describe('registerErrors', () => {
  it('finds nothing wrong with a complete, valid form', () => {
    expect(registerErrors(valid, today)).toEqual({});
  });

  it('requires every field', () => {
    expect(registerErrors({ username: '', birthDate: '', email: '', password: '', confirmPassword: '' }, today)).toEqual({
      username: 'El nombre de usuario es obligatorio.',
      birthDate: 'Debes ingresar tu fecha de nacimiento.',
      email: 'El correo electrónico es obligatorio.',
      password: 'La contraseña es obligatoria.',
    });
  });

  it('applies the password rules in the order of docs/product.md §5', () => {
    const check = (password: string) => registerErrors({ ...valid, password, confirmPassword: password }, today).password;
    expect(check('abc')).toBe('La contraseña debe tener al menos 6 caracteres.');
    expect(check('abc def')).toBe('La contraseña no debe contener espacios.');
    expect(check('contraseña')).toBe('La contraseña contiene caracteres no permitidos.');
  });

  it('requires matching passwords', () => {
    expect(registerErrors({ ...valid, confirmPassword: 'otra-cosa' }, today).confirmPassword).toBe(
      'Las contraseñas no coinciden. ¡Qué despistado!',
    );
  });

  it('checks the birth date: valid calendar date, 18 or older', () => {
    expect(registerErrors({ ...valid, birthDate: '2001-02-30' }, today).birthDate).toBe('Fecha de nacimiento inválida.');
    expect(registerErrors({ ...valid, birthDate: '2008-06-16' }, today).birthDate).toBe('Este sitio es para mayores de 18 años.');
    expect(registerErrors({ ...valid, birthDate: '2008-06-15' }, today).birthDate).toBeUndefined();
  });

  it('gives the native date messages of docs/product.md §5', () => {
    expect(birthDateNativeMessage('', today)).toBe('Debes ingresar tu fecha de nacimiento.');
    expect(birthDateNativeMessage('2010-01-01', today)).toBe('Debe ser mayor de +18 para registrarte');
    expect(birthDateNativeMessage('1990-01-01', today)).toBeNull();
  });

  it('rejects malformed emails and usernames', () => {
    expect(registerErrors({ ...valid, email: 'luna@' }, today).email).toBe('El correo electrónico no es válido.');
    expect(registerErrors({ ...valid, username: 'a b' }, today).username).toBe(
      'El nombre de usuario debe tener de 3 a 20 caracteres: letras, números o guion bajo.',
    );
    expect(registerErrors({ ...valid, username: 'settings' }, today).username).toBe('Ese nombre de usuario no está disponible.');
  });
});
