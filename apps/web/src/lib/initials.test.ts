import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('the letters of an avatar', () => {
  it('takes the first letter of the first and the last word', () => {
    expect(initialsOf('Joseph Camilleri')).toBe('JC');
    expect(initialsOf('  maria ')).toBe('M');
  });
  it('takes the last word, not the second, of a longer name (the insights header took the second)', () => {
    expect(initialsOf('Maria de la Cruz')).toBe('MC');
    expect(initialsOf('Carmen  Sant\tBorg')).toBe('CB');
  });
  it('shows ? for a blank name (the profile showed nothing)', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('   ')).toBe('?');
  });
  it('keeps a letter outside the Basic Multilingual Plane whole (the insights header cut it in half)', () => {
    expect(initialsOf('𝒜da Borg')).toBe('𝒜B');
    expect(initialsOf('𠀀明 李')).toBe('𠀀李');
  });
});
