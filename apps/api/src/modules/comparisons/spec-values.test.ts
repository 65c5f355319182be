import { describe, expect, it } from 'vitest';
import { energyClass, firstQuantity, largestQuantity, parseNumber, resolutionPixels, UNITS } from './spec-values';

describe('parseNumber', () => {
  it('reads decimal points and commas, and thousands in whole units', () => {
    expect(parseNumber('6.7')).toBe(6.7);
    expect(parseNumber('6,7')).toBe(6.7);
    expect(parseNumber('5.000', true)).toBe(5000);
    expect(parseNumber('1.234.567')).toBe(1234567);
    expect(parseNumber('1.5.2')).toBeNull();
  });
});

describe('quantities in specification values', () => {
  it.each([
    ['6.7 inç', UNITS.inch, 6.7, '6.7 inç'],
    ['6,1"', UNITS.inch, 6.1, '6,1 inç'],
    ['2.25 inç arka + 1.4 inç ön', UNITS.inch, 2.25, '2.25 inç'],
    ['256 GB', UNITS.memory, 256, '256 GB'],
    ['1 TB', UNITS.memory, 1024, '1 TB'],
    ['512 GB SSD', UNITS.memory, 512, '512 GB'],
    ['512 MB', UNITS.memory, 0.5, '512 MB'],
    ['5000 mAh', UNITS.battery, 5000, '5000 mAh'],
    ['5.000 mAh', UNITS.battery, 5000, '5.000 mAh'],
    ['1300 mAh (~166 dk)', UNITS.battery, 1300, '1300 mAh'],
    ['14 güne kadar', UNITS.battery, 14 * 24, '14 gün'],
    ['LP-E17 (~1070 çekim)', UNITS.battery, 1070, '1070 çekim'],
    ['120 Hz', UNITS.hertz, 120, '120 Hz'],
    ['1.24 kg', UNITS.weight, 1240, '1.24 kg'],
    ['4 g (tek kulaklık)', UNITS.weight, 4, '4 g'],
    ['384 L', UNITS.capacity, 384, '384 L'],
    ['2 Yıl', UNITS.duration, 24, '2 yıl'],
  ] as const)('%s', (text, units, value, shown) => {
    expect(firstQuantity(text, units)).toMatchObject({ value, text: shown });
  });

  it('finds nothing in values without a unit it knows', () => {
    expect(firstQuantity('Haftalarca', UNITS.battery)).toBeNull();
    expect(firstQuantity('14 Gün Değişim', UNITS.duration)).toBeNull();
    expect(firstQuantity('256 GB', UNITS.weight)).toBeNull();
    expect(largestQuantity('Yok', UNITS.megapixel)).toBeNull();
  });

  it('takes the main (largest) camera of a multi-camera value', () => {
    expect(largestQuantity('12 MP + 48 MP + 12 MP', UNITS.megapixel)).toMatchObject({ value: 48, text: '48 MP' });
  });

  it('reads resolutions as pixel counts and energy classes as ranks', () => {
    expect(resolutionPixels('2868 x 1320')).toMatchObject({ value: 2868 * 1320, text: '2868 x 1320' });
    expect(resolutionPixels('300 ppi')).toBeNull();
    expect(energyClass('A+++')!.value).toBeGreaterThan(energyClass('A+')!.value);
    expect(energyClass('A')!.value).toBeGreaterThan(energyClass('B')!.value);
    expect(energyClass('G')!.value).toBeLessThan(energyClass('F')!.value);
    expect(energyClass('Yok')).toBeNull();
  });
});
