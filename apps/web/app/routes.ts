import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  // The back office: client-rendered behind its gate, never loaded by a public page (ADR 016).
  layout('routes/admin-layout.tsx', [
    route('admin', 'routes/admin-home.tsx'),
    route('admin/users', 'routes/admin-users.tsx'),
    route('admin/stores', 'routes/admin-stores.tsx'),
    route('admin/stores/:id', 'routes/admin-store.tsx'),
    route('admin/settings', 'routes/admin-settings.tsx'),
    route('admin/audit-log', 'routes/admin-audit-log.tsx'),
  ]),
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('category/:categorySlug/:subcategorySlug?', 'routes/category.tsx'),
    route('product/:id', 'routes/product.tsx'),
    route('help', 'routes/help.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms', 'routes/terms.tsx'),
    route('cookies', 'routes/cookies.tsx'),
    route('search', 'routes/search.tsx'),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot-password', 'routes/forgot-password.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('account-settings', 'routes/account-settings.tsx'),
    route('privacy-settings', 'routes/privacy-settings.tsx'),
    route('payment-methods', 'routes/payment-methods.tsx'),
    route('favorites', 'routes/favorites.tsx'),
    route('comparison', 'routes/comparison.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
