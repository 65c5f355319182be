import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { alignSpecifications } from './comparison-builder';

// alignSpecifications reads nothing but the specifications.
const detail = (specifications: Record<string, string>) => ({ specifications }) as ProductDetail;

describe('alignSpecifications', () => {
  it('labels the rows in Turkish, known keys in the labels’ order, the others after alphabetically', () => {
    const rows = alignSpecifications([
      detail({ chargingTime: '2 saat', wheelSize: '29 inç', gears: '21 vites', weight: '15 kg' }),
      detail({ wheelSize: '27.5 inç', brakes: 'Hidrolik disk', 'Garanti Süresi': '2 yıl', weight: '15 kg' }),
    ]);
    expect(rows.map((r) => [r.key, r.label])).toEqual([
      ['weight', 'Ağırlık'],
      ['wheelSize', 'Tekerlek Boyutu'],
      ['gears', 'Vites Sayısı'],
      ['brakes', 'Fren Tipi'],
      ['chargingTime', 'Charging time'],
      ['Garanti Süresi', 'Garanti Süresi'],
    ]);
    expect(rows.find((r) => r.key === 'weight')).toMatchObject({ values: ['15 kg', '15 kg'], differs: false });
    expect(rows.find((r) => r.key === 'brakes')).toMatchObject({ values: [null, 'Hidrolik disk'], differs: true });
  });
});
