import { describe, expect, it } from 'vitest';
import { filterPeople } from './filter-people';

const people = [
  { username: 'valeria_rios', fullName: 'Valeria Ríos' },
  { username: 'CamilaOrtega', fullName: 'Camila Ortega' },
  { username: 'mateo_fit', fullName: null },
  { username: 'jose99', fullName: 'José Pérez' },
];

const names = (list: { username: string }[]) => list.map((person) => person.username);

describe('filterPeople', () => {
  it('keeps everyone for an empty or blank search', () => {
    expect(filterPeople(people, '')).toEqual(people);
    expect(filterPeople(people, '   ')).toEqual(people);
  });

  it('trims the search and ignores case, on the username', () => {
    expect(names(filterPeople(people, '  camilaort  '))).toEqual(['CamilaOrtega']);
    expect(names(filterPeople(people, 'MATEO'))).toEqual(['mateo_fit']);
  });

  it('matches a substring of the full name', () => {
    expect(names(filterPeople(people, 'ortega'))).toEqual(['CamilaOrtega']);
    expect(names(filterPeople(people, 'ría'))).toEqual(['valeria_rios']);
  });

  it('ignores accents both ways, like the server search', () => {
    expect(names(filterPeople(people, 'perez'))).toEqual(['jose99']);
    expect(names(filterPeople(people, 'ríos'))).toEqual(['valeria_rios']);
  });

  it('copes with a missing full name and finds nobody when nothing matches', () => {
    expect(filterPeople(people, 'zzz')).toEqual([]);
    expect(names(filterPeople(people, 'fit'))).toEqual(['mateo_fit']);
  });
});
