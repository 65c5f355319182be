import { describe, expect, it } from 'vitest';
import { parseImageVariant, renderProductImage, type ProductImageInput } from './product-image';

const iphone: ProductImageInput = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab',
  name: 'Apple iPhone 16 Pro 256 GB',
  brand: 'Apple',
  model: 'iPhone 16 Pro 256 GB',
  categorySlug: 'telefon',
  subcategorySlug: 'premium',
};

describe('renderProductImage', () => {
  it('is deterministic for a product and variant', () => {
    expect(renderProductImage(iphone, 1)).toBe(renderProductImage({ ...iphone }, 1));
  });

  it('draws a different picture for the other angles', () => {
    const front = renderProductImage(iphone, 1);
    expect(renderProductImage(iphone, 2)).not.toBe(front);
    expect(renderProductImage(iphone, 3)).not.toBe(front);
  });

  it('tints products of the same category differently per id', () => {
    const other = renderProductImage({ ...iphone, id: '00000000-0000-4000-8000-000000000001' });
    expect(other).not.toBe(renderProductImage(iphone));
  });

  it('escapes names so hostile text cannot break or script the SVG', () => {
    const svg = renderProductImage({
      ...iphone,
      name: '<script>alert("x")</script> & Co',
      brand: 'A&B "Quotes"',
      model: "Model <b>'1'</b>",
    });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(svg).toContain('A&amp;B &quot;Quotes&quot;');
    expect(svg).toContain('Model &lt;b&gt;&apos;1&apos;&lt;/b&gt;');
  });

  it('drops control characters XML cannot carry', () => {
    const svg = renderProductImage({ ...iphone, model: 'Model\u0000X\u0007' });
    expect(svg).toContain('>ModelX<');
  });

  it('keeps Turkish letters and the brand spelling', () => {
    const svg = renderProductImage({
      ...iphone,
      brand: 'Arçelik',
      model: 'Çamaşır Makinesi 9 kg',
      categorySlug: 'beyaz-esya',
      subcategorySlug: 'camasir-makinesi',
    });
    expect(svg).toContain('>Arçelik<');
    expect(svg).toContain('Çamaşır Makinesi 9 kg');
  });

  it('wraps long model names onto at most two lines', () => {
    const svg = renderProductImage({
      ...iphone,
      model: 'Legion 5 16IRX9 i7-14650HX 32 GB 1 TB SSD RTX 4070 Luna Grisi Özel Seri Sürüm',
    });
    const modelLines = svg.match(/font-size="24"[^>]*>[^<]*</g) ?? [];
    expect(modelLines).toHaveLength(2);
    expect(modelLines[1]).toContain('…');
  });

  it('is a well-formed standalone SVG document', () => {
    const svg = renderProductImage(iphone);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg.match(/<g /g)?.length).toBe(svg.match(/<\/g>/g)?.length);
  });
});

describe('parseImageVariant', () => {
  it('accepts 2 and 3 and falls back to the front view', () => {
    expect(parseImageVariant('2')).toBe(2);
    expect(parseImageVariant('3')).toBe(3);
    expect(parseImageVariant('9')).toBe(1);
    expect(parseImageVariant(undefined)).toBe(1);
  });
});
