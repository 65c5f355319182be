import { describe, expect, it } from 'vitest';
import { filterNameInput } from './name-input';

describe('filterNameInput', () => {
  it('keeps letters, Turkish ones included, and single spaces', () => {
    expect(filterNameInput('Çağrı Gülşen')).toBe('Çağrı Gülşen');
    expect(filterNameInput('İlkay Öztürk')).toBe('İlkay Öztürk');
  });

  it('drops digits, punctuation and symbols as they are typed', () => {
    expect(filterNameInput('Ali1')).toBe('Ali');
    expect(filterNameInput('Ay$e<script>')).toBe('Ayescript');
    expect(filterNameInput("O'Neil-Smith_2")).toBe('ONeilSmith');
  });

  it('drops leading spaces and collapses runs of spaces', () => {
    expect(filterNameInput('  Ali   Veli')).toBe('Ali Veli');
    expect(filterNameInput('Ali ')).toBe('Ali ');
    expect(filterNameInput('Ali\tVeli')).toBe('Ali Veli');
  });

  it('caps the length', () => {
    expect(filterNameInput('a'.repeat(80))).toHaveLength(50);
  });
});
