import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { testProductCard } from '~/test/fixtures';
import { isolateEachTest } from '~/test/isolation';
import { orderedSpecifications, SpecificationsPanel } from './specifications-panel';

isolateEachTest();

function product(over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...testProductCard(1, { name: 'Bosch Çamaşır Makinesi' }),
    description: null,
    shortDescription: null,
    specifications: {},
    features: [],
    colors: [],
    warranty: null,
    dimensions: null,
    energyRating: null,
    certifications: [],
    releaseDate: null,
    highestPrice: null,
    prices: [],
    price: null,
    ...over,
  };
}

const rowLabels = () => screen.getAllByRole('rowheader').map((th) => th.textContent);

describe('SpecificationsPanel', () => {
  it('labels the specification rows in Turkish, known keys in the labels’ order', () => {
    render(
      <SpecificationsPanel
        product={product({
          specifications: { spinSpeed: '1400 devir/dk', noise: '71 dB', capacity: '9 kg', programs: '16 program' },
        })}
      />,
    );
    expect(rowLabels()).toEqual(['Kapasite', 'Sıkma Devri', 'Program Sayısı', 'Gürültü Seviyesi']);
    expect(screen.getByRole('row', { name: 'Sıkma Devri 1400 devir/dk' }).textContent).toBe('Sıkma Devri1400 devir/dk');
  });

  it('makes an unknown key readable and shows a Turkish key as the operator wrote it', () => {
    render(
      <SpecificationsPanel
        product={product({ specifications: { batteryLife: '20 saat', 'Kablo Uzunluğu': '1.2 m' } })}
      />,
    );
    expect(rowLabels()).toEqual(['Battery life', 'Kablo Uzunluğu']);
  });

  it('shows a fact that repeats a specification once', () => {
    render(
      <SpecificationsPanel
        product={product({
          specifications: { energyClass: 'A', dimensions: '85 x 60 x 55 cm' },
          energyRating: 'A',
          dimensions: '85 x 60 x 55 cm',
          warranty: '2 yıl',
        })}
      />,
    );
    expect(rowLabels()).toEqual(['Boyutlar', 'Enerji Sınıfı', 'Garanti']);
  });

  it('keeps a fact whose value differs from the specification of the same label', () => {
    render(
      <SpecificationsPanel
        product={product({ specifications: { dimensions: '85 x 60 cm' }, dimensions: '85 x 60 x 55 cm' })}
      />,
    );
    expect(rowLabels()).toEqual(['Boyutlar', 'Boyutlar']);
  });
});

describe('orderedSpecifications', () => {
  it('puts known keys first in the labels’ order, the others after as they come, and drops blanks', () => {
    expect(
      orderedSpecifications({
        zeta: '1',
        pieceCount: '540 parça',
        alpha: '2',
        ageRange: '8+',
        scale: ' ',
        color: 'Kırmızı',
      }),
    ).toEqual([
      ['color', 'Kırmızı'],
      ['ageRange', '8+'],
      ['pieceCount', '540 parça'],
      ['zeta', '1'],
      ['alpha', '2'],
    ]);
  });
});
