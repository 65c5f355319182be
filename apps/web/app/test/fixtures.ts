/** Data the web tests share: a signed-in user, a product card and a category as the API sends them. */
import type { Category, ProductCard } from '@kiyasla/contracts/catalog';
import type { User } from '@kiyasla/contracts/user';

/** Ayşe Yılmaz, a user on the free plan; `overrides` change what a test is about. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: 'ayse@example.com',
    phone: null,
    address: null,
    bio: null,
    avatar: null,
    profilePicture: null,
    role: 'user',
    emailVerified: true,
    hasPassword: true,
    providers: { google: false, facebook: false },
    createdAt: '2025-01-01T00:00:00.000Z',
    subscription: {
      plan: 'free',
      status: 'active',
      price: 0,
      startDate: null,
      endDate: null,
      nextRenewalDate: null,
      autoRenew: false,
    },
    isPremium: false,
    ...overrides,
  };
}

/** Product card number `n` (id `00000000-0000-4000-8000-00000000000n`), with a test's own fields. */
export function testProductCard(n: number, overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Telefon ${n}`,
    slug: `telefon-${n}`,
    brand: 'Marka',
    model: null,
    category: null,
    subcategory: null,
    image_url: `/api/media/products/${n}.svg`,
    images: [],
    currentPrice: 1000,
    originalPrice: null,
    priceChange: null,
    averageRating: 4,
    ratingsCount: 3,
    storeCount: 1,
    stores: [],
    keySpecs: {},
    availability: 'in-stock',
    isFeatured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A category of GET /categories named after its slug; `parent` null for a top-level one. */
export function testCategory(
  id: string,
  slug: string,
  parent: string | null,
  overrides: Partial<Category> = {},
): Category {
  return {
    _id: id,
    name: slug,
    slug,
    description: null,
    icon: null,
    image: null,
    parent,
    order: 0,
    productCount: 0,
    ...overrides,
  };
}
