import { describe, expect, it } from 'vitest';
import { readUuid, toWords, uuidFinder } from './offer-digest';

const ids = [
  '0f1e2d3c-4b5a-4697-8877-665544332211',
  '0f1e2d3c-0000-4000-8000-000000000001', // the same first 32 bits as the one above
  '0f1e2d3c-0000-4000-8000-000000000002', // and a third
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  '00000000-0000-4000-8000-000000000000',
];

function wordsOf(uuids: readonly string[]): Uint32Array {
  const words = new Uint32Array(uuids.length * 4);
  uuids.forEach((uuid, slot) => expect(toWords(words, slot, uuid)).toBe(words));
  return words;
}

describe('offer digest: UUIDs as words', () => {
  it('reads back what it wrote, in lower case', () => {
    const words = wordsOf([...ids, 'ABCDEF01-2345-4789-ABCD-EF0123456789']);
    ids.forEach((uuid, slot) => expect(readUuid(words, slot)).toBe(uuid));
    expect(readUuid(words, ids.length)).toBe('abcdef01-2345-4789-abcd-ef0123456789');
  });

  it('refuses what is not a UUID', () => {
    const words = new Uint32Array(4);
    for (const text of [
      '',
      '0f1e2d3c4b5a469788776655443322110000',
      '0f1e2d3c-4b5a-4697-8877-66554433221g',
      `${ids[0]}0`,
    ]) {
      expect(toWords(words, 0, text), text).toBeNull();
    }
  });

  it('finds a UUID among the slots given, including those sharing their first 32 bits', () => {
    const words = wordsOf(ids);
    const find = uuidFinder(words, [0, 1, 2, 3]);
    ids.slice(0, 4).forEach((uuid, slot) => expect(find(uuid)).toBe(slot));
    expect(find(ids[1]!.toUpperCase())).toBe(1);
    // Not among the slots given, one of the same first word that is not there, not a UUID.
    expect(find(ids[4]!)).toBeUndefined();
    expect(find('0f1e2d3c-0000-4000-8000-000000000003')).toBeUndefined();
    expect(find('nope')).toBeUndefined();
    // One slot of a first word: compared whole too.
    expect(uuidFinder(words, [0])(ids[1]!)).toBeUndefined();
  });
});
