import { describe, expect, it } from 'vitest';
import { SPEC_FILTER_KEYS, SPEC_LABELS, specLabel } from './catalog-constants';

describe('specLabel', () => {
  it('gives the Turkish label of a known key', () => {
    expect(specLabel('screenSize')).toBe('Ekran Boyutu');
    expect(specLabel('pieceCount')).toBe('Parça Sayısı');
    expect(specLabel('spinSpeed')).toBe('Sıkma Devri');
    expect(specLabel('hdr')).toBe('HDR');
    for (const [key, label] of Object.entries(SPEC_LABELS)) expect(specLabel(key)).toBe(label);
  });

  it('shows a key that is already text as it is', () => {
    expect(specLabel('Ekran Boyutu')).toBe('Ekran Boyutu');
    expect(specLabel('Su geçirmezlik')).toBe('Su geçirmezlik');
    expect(specLabel('ağırlık')).toBe('ağırlık');
    expect(specLabel('Garanti')).toBe('Garanti');
    expect(specLabel('Screen size')).toBe('Screen size');
    expect(specLabel('  Kablo Uzunluğu ')).toBe('Kablo Uzunluğu');
  });

  it('splits an unknown camelCase, snake_case or kebab-case key into words, first letter capitalised', () => {
    expect(specLabel('batteryLife')).toBe('Battery life');
    expect(specLabel('BatteryLife')).toBe('Battery life');
    expect(specLabel('max_load_kg')).toBe('Max load kg');
    expect(specLabel('charging-time')).toBe('Charging time');
    expect(specLabel('garanti')).toBe('Garanti');
  });

  it('keeps acronyms upper case', () => {
    expect(specLabel('USBType')).toBe('USB type');
    expect(specLabel('hdmiPortsHDMI')).toBe('Hdmi ports HDMI');
    expect(specLabel('NFC')).toBe('NFC');
  });

  it('capitalises with ASCII rules, not Turkish ones', () => {
    // Turkish upper-casing would give 'İnputs' for an English identifier.
    expect(specLabel('inputs')).toBe('Inputs');
    expect(specLabel('inputCount')).toBe('Input count');
  });

  it('does not take Object.prototype members for labels', () => {
    expect(specLabel('constructor')).toBe('Constructor');
    expect(specLabel('toString')).toBe('To string');
    expect(specLabel('__proto__')).toBe('Proto');
  });
});

describe('SPEC_LABELS', () => {
  it('labels are trimmed, non-empty and capitalised like the others', () => {
    for (const [key, label] of Object.entries(SPEC_LABELS)) {
      expect(label, key).toBe(label.trim());
      expect(label, key).not.toBe('');
      expect(label.charAt(0), key).toBe(label.charAt(0).toLocaleUpperCase('tr'));
    }
  });

  it('gives no two keys the same label', () => {
    const byLabel = new Map<string, string[]>();
    for (const [key, label] of Object.entries(SPEC_LABELS)) byLabel.set(label, [...(byLabel.get(label) ?? []), key]);
    expect([...byLabel.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});

describe('SPEC_FILTER_KEYS', () => {
  it('offers as filters only keys that have a Turkish label', () => {
    expect([...SPEC_FILTER_KEYS].filter((key) => !Object.hasOwn(SPEC_LABELS, key))).toEqual([]);
  });
});
