/** Card brand from the first digit of the number (spec §5): 4 Visa, 5 Mastercard, 3 American Express. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';

export const CARD_BRAND_LABEL: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unknown: 'Bilinmeyen',
};

export function inferCardBrand(number: string): CardBrand {
  switch (number.trim().charAt(0)) {
    case '4':
      return 'visa';
    case '5':
      return 'mastercard';
    case '3':
      return 'amex';
    default:
      return 'unknown';
  }
}
