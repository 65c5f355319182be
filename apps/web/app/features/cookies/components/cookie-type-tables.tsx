import { COOKIE_CATEGORIES } from '../cookie-catalog';

/** One table per cookie type: cookie name, purpose and lifetime. */
export function CookieTypeTables() {
  return (
    <div className="space-y-8">
      {COOKIE_CATEGORIES.map((category) => (
        <div key={category.key}>
          <h3>{category.title}</h3>
          <p className="mt-1 text-muted">{category.description}</p>
          {/* Narrow screens: one card per cookie; a three-column table does not fit. */}
          <div className="mt-3 divide-y divide-line rounded-xl border border-line sm:hidden">
            {category.cookies.map((cookie) => (
              <div key={cookie.name} className="px-4 py-3 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-[13px] break-all text-ink">
                    {cookie.name}
                  </code>
                  <span className="shrink-0 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">
                    {cookie.duration}
                  </span>
                </div>
                <p className="mt-1.5 leading-6 text-muted">{cookie.purpose}</p>
              </div>
            ))}
          </div>
          <div className="mt-3 hidden overflow-x-auto rounded-xl border border-line sm:block">
            <table className="w-full table-fixed text-left text-sm">
              <caption className="sr-only">{category.title}: çerez adı, amacı ve saklama süresi</caption>
              <thead className="bg-surface-2 text-ink">
                <tr>
                  <th scope="col" className="w-48 px-4 py-2.5 font-semibold">
                    Çerez
                  </th>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Amacı
                  </th>
                  <th scope="col" className="w-28 px-4 py-2.5 font-semibold whitespace-nowrap">
                    Süresi
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {category.cookies.map((cookie) => (
                  <tr key={cookie.name}>
                    <th scope="row" className="px-4 py-2.5 align-top font-normal">
                      <code className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-[13px] text-ink">
                        {cookie.name}
                      </code>
                    </th>
                    <td className="px-4 py-2.5 align-top text-muted">{cookie.purpose}</td>
                    <td className="px-4 py-2.5 align-top font-medium whitespace-nowrap text-ink">{cookie.duration}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}
