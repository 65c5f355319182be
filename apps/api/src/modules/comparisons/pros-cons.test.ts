import { describe, expect, it } from 'vitest';
import { analyseProsCons, type AnalysisInput } from './pros-cons';

function product(overrides: Partial<AnalysisInput> & { specs?: AnalysisInput['specs'] }): AnalysisInput {
  return {
    price: 10_000,
    averageRating: 4,
    ratingsCount: 10,
    storeCount: 2,
    freeShipping: true,
    warranty: null,
    energyRating: null,
    specs: {},
    ...overrides,
  };
}

describe('analyseProsCons', () => {
  it('finds the best and weakest values of a constructed comparison, ties included', () => {
    const a = product({
      price: 12_499,
      averageRating: 4.7,
      storeCount: 3,
      freeShipping: true,
      specs: {
        battery: '5000 mAh',
        storage: '256 GB',
        ram: '8 GB',
        screenSize: '6.7 inç',
        camera: '50 MP',
        refreshRate: '120 Hz',
      },
    });
    const b = product({
      price: 15_999,
      averageRating: 3.9,
      storeCount: 5,
      freeShipping: false,
      specs: {
        battery: '4500 mAh',
        storage: '1 TB',
        ram: '12 GB',
        screenSize: '6.1 inç',
        camera: '48 MP + 12 MP',
        refreshRate: '120 Hz',
      },
    });
    const c = product({
      price: 12_499,
      averageRating: 4.7,
      storeCount: 1,
      freeShipping: true,
      specs: {
        battery: '5.000 mAh',
        storage: '512 GB',
        ram: '8 GB',
        screenSize: '6,7"',
        camera: '200 MP',
        refreshRate: '120 Hz',
      },
    });

    const [pa, pb, pc] = analyseProsCons([a, b, c]);

    expect(pa).toEqual({
      pros: [
        'En düşük fiyat (₺12.499,00)',
        'En yüksek puan (4,7)',
        'Ücretsiz kargo seçeneği',
        'En yüksek batarya kapasitesi (5000 mAh)',
        'En büyük ekran (6.7 inç)',
      ],
      cons: ['En az depolama alanı (256 GB)', 'En az RAM (8 GB)'],
    });
    expect(pb).toEqual({
      pros: ['En çok mağazada satılıyor (5 mağaza)', 'En fazla depolama alanı (1 TB)', 'En fazla RAM (12 GB)'],
      cons: [
        'En yüksek fiyat (₺15.999,00)',
        'En düşük puan (3,9)',
        'Ücretsiz kargo seçeneği yok',
        'En düşük batarya kapasitesi (4500 mAh)',
        'En küçük ekran (6.1 inç)',
        'En düşük kamera çözünürlüğü (48 MP)',
      ],
    });
    expect(pc).toEqual({
      pros: [
        'En düşük fiyat (₺12.499,00)',
        'En yüksek puan (4,7)',
        'Ücretsiz kargo seçeneği',
        'En yüksek batarya kapasitesi (5.000 mAh)',
        'En büyük ekran (6,7 inç)',
        'En yüksek kamera çözünürlüğü (200 MP)',
      ],
      cons: ['En az mağazada satılıyor (1 mağaza)', 'En az RAM (8 GB)'],
    });
    // The middle value (50 MP, 512 GB) is neither; equal refresh rates say nothing.
    expect(JSON.stringify([pa, pb, pc])).not.toMatch(/yenileme|50 MP|512 GB/);
  });

  it('says nothing when every product has the same values', () => {
    const same = product({ specs: { battery: '5000 mAh', storage: '256 GB' } });
    expect(analyseProsCons([same, { ...same }])).toEqual([
      { pros: [], cons: [] },
      { pros: [], cons: [] },
    ]);
  });

  it('compares lighter as better and converts kg to g', () => {
    const [light, heavy] = analyseProsCons([
      product({ specs: { weight: '1.24 kg' } }),
      product({ specs: { weight: '1300 g' } }),
    ]);
    expect(light!.pros).toEqual(['En hafif (1.24 kg)']);
    expect(heavy!.cons).toEqual(['En ağır (1300 g)']);
  });

  it('never ranks values of different units against each other', () => {
    const result = analyseProsCons([
      product({ specs: { battery: '5000 mAh' } }),
      product({ specs: { battery: '30 saat' } }),
    ]);
    expect(result.flatMap((r) => [...r.pros, ...r.cons])).toEqual([]);
  });

  it('ignores unreadable or missing values, and a measure only one product has', () => {
    const result = analyseProsCons([
      product({ specs: { camera: 'Yok', battery: 'Haftalarca' } }),
      product({ specs: { camera: '12 MP', battery: '14 güne kadar' } }),
      product({ specs: {} }),
    ]);
    expect(result.flatMap((r) => [...r.pros, ...r.cons])).toEqual([]);
  });

  it('leaves unrated products out of the rating and unsold ones out of price and shipping', () => {
    const [rated, unrated, unsold] = analyseProsCons([
      product({ averageRating: 4.2, ratingsCount: 3, price: 100, storeCount: 1, freeShipping: true }),
      product({ averageRating: 0, ratingsCount: 0, price: 200, storeCount: 1, freeShipping: false }),
      product({ averageRating: 3.1, ratingsCount: 8, price: null, storeCount: 0, freeShipping: null }),
    ]);
    // The two sold products tie on one store each: both get the pro.
    expect(rated).toEqual({
      pros: [
        'En düşük fiyat (₺100,00)',
        'En yüksek puan (4,2)',
        'En çok mağazada satılıyor (1 mağaza)',
        'Ücretsiz kargo seçeneği',
      ],
      cons: [],
    });
    expect(unrated).toEqual({
      pros: ['En çok mağazada satılıyor (1 mağaza)'],
      cons: ['En yüksek fiyat (₺200,00)', 'Ücretsiz kargo seçeneği yok'],
    });
    expect(unsold).toEqual({
      pros: [],
      cons: ['En düşük puan (3,1)', 'Şu anda hiçbir mağazada satılmıyor'],
    });
  });

  it('ranks warranty, energy class, resolution and battery life', () => {
    const [x, y] = analyseProsCons([
      product({ warranty: '3 Yıl', energyRating: 'A+++', specs: { resolution: '2868 x 1320', battery: '30 saat' } }),
      product({ warranty: '24 ay', specs: { energyClass: 'A+', resolution: '2400 x 1080', battery: '1 güne kadar' } }),
    ]);
    expect(x!.pros).toEqual([
      'En uzun pil ömrü (30 saat)',
      'En yüksek ekran çözünürlüğü (2868 x 1320)',
      'En uzun garanti süresi (3 yıl)',
      'En verimli enerji sınıfı (A+++)',
    ]);
    expect(y!.cons).toEqual([
      'En kısa pil ömrü (1 gün)',
      'En düşük ekran çözünürlüğü (2400 x 1080)',
      'En kısa garanti süresi (24 ay)',
      'En düşük enerji sınıfı (A+)',
    ]);
  });
});
