import type { ProductFamily } from './catalog/types';

/** One product to be created: a family's option in one colour (or all colours). */
export interface ProductVariant {
  family: ProductFamily;
  brand: string;
  /** Model as feeds identify it: the family model plus the option (and the colour when it is a separate SKU). */
  model: string;
  name: string;
  /** Typical price in TRY. */
  price: number;
  specs: Record<string, string>;
  colors: string[];
  featured: boolean;
}

/**
 * Expands a family into its sellable variants: one per option, times `colorVariants` colours
 * for goods priced per colour. Colours rotate per option so a family shows its whole palette.
 */
export function expandFamily(family: ProductFamily): ProductVariant[] {
  if (!family.options && family.price === undefined) {
    throw new Error(`${family.brand} ${family.model}: fiyat ya da seçenek gerekli`);
  }
  const options = family.options ?? [{ label: '', price: family.price ?? 0 }];
  const perOption = Math.max(1, Math.min(family.colorVariants ?? 1, family.colors.length));
  const colourIsSku = perOption > 1;
  const variants: ProductVariant[] = [];

  options.forEach((option, optionIndex) => {
    for (let c = 0; c < perOption; c++) {
      const colour = family.colors[(optionIndex + c) % family.colors.length] ?? '';
      const colourPart = colourIsSku ? colour : '';
      variants.push({
        family,
        brand: family.brand,
        model: join(family.model, option.label, colourPart),
        name: join(family.brand, family.model, option.label, family.noun ?? '', colourPart),
        // Some colours cost a little more (e.g. Inox vs white), never less than the base.
        price: option.price * (c === 0 ? 1 : 1 + 0.02 * c),
        specs: { ...family.specs, ...option.specs, color: colourIsSku ? colour : family.colors.join(', ') },
        colors: colourIsSku ? [colour] : [...family.colors],
        featured: Boolean(family.featured) && optionIndex === 0 && c === 0,
      });
    }
  });
  return variants;
}

function join(...parts: string[]): string {
  return parts.filter((part) => part.trim().length > 0).join(' ');
}
