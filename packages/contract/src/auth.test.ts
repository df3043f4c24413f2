import { describe, expect, it } from 'vitest';
import { ageOn, birthDateProblem, latestAdultBirthDate, parseBirthDate, passwordProblem, usernameProblem } from './auth.js';

describe('usernameProblem', () => {
  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    ['ab', 'format'],
    ['a'.repeat(21), 'format'],
    ['ana maria', 'format'],
    ['ana-maria', 'format'],
    ['josé', 'format'],
    ['settings', 'reserved'],
    ['API', 'reserved'],
    ['Wag_Stars', 'reserved'],
  ])('%j → %s', (value, problem) => {
    expect(usernameProblem(value)).toBe(problem);
  });

  it.each(['ana', 'Ana_Maria_2026', 'a'.repeat(20), '___'])('%j is fine', (value) => {
    expect(usernameProblem(value)).toBeNull();
  });
});

describe('passwordProblem', () => {
  it('checks length, then whitespace, then allowed characters', () => {
    expect(passwordProblem('abc')).toBe('short');
    expect(passwordProblem('abc def')).toBe('whitespace');
    expect(passwordProblem('añoñoño')).toBe('characters');
    expect(passwordProblem('abc123')).toBeNull();
    expect(passwordProblem(`!@#$%^&*()_+-=[]{};':"\\|,.<>/?`)).toBeNull();
  });
});

describe('birth dates', () => {
  const today = new Date('2026-11-22T10:00:00Z');

  it('parses only real calendar dates in YYYY-MM-DD', () => {
    expect(parseBirthDate('2000-02-29')?.toISOString()).toBe('2000-02-29T00:00:00.000Z');
    expect(parseBirthDate('2001-02-29')).toBeNull();
    expect(parseBirthDate('22/11/2000')).toBeNull();
    expect(parseBirthDate('1899-12-31')).toBeNull();
  });

  it('counts whole years up to the birthday', () => {
    expect(ageOn(new Date('2008-11-22T00:00:00Z'), today)).toBe(18);
    expect(ageOn(new Date('2008-11-23T00:00:00Z'), today)).toBe(17);
  });

  it('names the problem', () => {
    expect(birthDateProblem(undefined, today)).toBe('missing');
    expect(birthDateProblem('nope', today)).toBe('invalid');
    expect(birthDateProblem('2027-01-01', today)).toBe('invalid');
    expect(birthDateProblem('2008-11-23', today)).toBe('underage');
    expect(birthDateProblem('2008-11-22', today)).toBeNull();
  });

  it('gives the date input its maximum: today minus 18 years, 29 February falling back to the 28th', () => {
    expect(latestAdultBirthDate(new Date(2026, 10, 22))).toBe('2008-11-22');
    expect(latestAdultBirthDate(new Date(2028, 1, 29))).toBe('2010-02-28');
  });
});
