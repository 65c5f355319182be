import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { FeedEntry } from '@kiyasla/contracts/feeds';
import { FeedRefusedError } from './feed-refused-error';
import { toEntry, type RawFeedItem } from './normalise-item';

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';
const ATOM_NS = 'http://www.w3.org/2005/Atom';
/** A field's text is cut here while reading; anything this long fails the length caps anyway. */
const MAX_FIELD_CHARS = 16_384;

interface ShippingFields {
  price?: string;
  country?: string;
  max_transit_time?: string;
}

interface ItemFields {
  line: number;
  /** `g:` elements by local name, plain RSS/Atom elements as `rss:<name>`. */
  values: Map<string, string>;
  shipping: ShippingFields[];
}

/** The offer of a Google shipping list: Turkey's, else one without a country, else the first. */
function pickShipping(list: ShippingFields[]): ShippingFields | undefined {
  return list.find((s) => s.country?.trim().toUpperCase() === 'TR') ?? list.find((s) => !s.country?.trim()) ?? list[0];
}

/**
 * Google Merchant fields → feed fields. `g:sale_price`, when present, is what a shopper pays and
 * `g:price` becomes the struck-through original. A shipping price of 0 means free shipping.
 */
function rawItem(fields: ItemFields): RawFeedItem {
  const g = (name: string) => fields.values.get(name);
  const sale = g('sale_price')?.trim();
  const shipping = pickShipping(fields.shipping);
  return {
    sku: g('id'),
    gtin: g('gtin'),
    brand: g('brand'),
    model: g('mpn'),
    title: g('title') ?? g('rss:title'),
    price: sale ? sale : g('price'),
    originalPrice: sale ? g('price') : undefined,
    availability: g('availability'),
    url: g('link') ?? g('rss:link'),
    shipping: shipping ? { cost: shipping.price, estimatedDays: shipping.max_transit_time } : undefined,
  };
}

/**
 * Google-Merchant RSS 2.0 (`rss > channel > item`, fields in the `g:` namespace) or its Atom
 * variant (`feed > entry`). Namespace-aware: the prefix may be any, the namespace URI decides.
 */
export async function* parseXmlFeed(text: AsyncIterable<string>): AsyncGenerator<FeedEntry> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: FeedEntry[] = [];
  const path: string[] = [];
  let itemDepth = 0;
  let item: ItemFields | undefined;
  let field: string | undefined;
  let shippingField: keyof ShippingFields | undefined;
  let buffer = '';
  let index = 0;

  const append = (chunk: string) => {
    if ((field || shippingField) && buffer.length < MAX_FIELD_CHARS) buffer += chunk;
  };

  parser.on('opentag', (tag: SaxesTagNS) => {
    const depth = path.push(`${tag.uri}|${tag.local}`);
    if (depth === 1) {
      const isRss = tag.uri === '' && tag.local === 'rss';
      const isAtom = tag.uri === ATOM_NS && tag.local === 'feed';
      if (!isRss && !isAtom) throw new FeedRefusedError('FEED_WRONG_ROOT', `<${tag.name}>`, parser.line);
      itemDepth = isRss ? 3 : 2;
      return;
    }
    if (!item) {
      const isItem =
        depth === itemDepth &&
        ((itemDepth === 3 && path[1] === '|channel' && tag.uri === '' && tag.local === 'item') ||
          (itemDepth === 2 && tag.uri === ATOM_NS && tag.local === 'entry'));
      if (isItem) item = { line: parser.line, values: new Map(), shipping: [] };
      return;
    }
    if (depth === itemDepth + 1) {
      buffer = '';
      if (tag.uri === GOOGLE_NS) {
        field = tag.local;
        if (field === 'shipping') {
          item.shipping.push({});
          field = undefined;
        }
      } else if (tag.uri === '' || tag.uri === ATOM_NS) {
        field = `rss:${tag.local}`;
        const href = tag.attributes.href?.value;
        if (tag.local === 'link' && href) item.values.set('rss:link', href);
      }
    } else if (depth === itemDepth + 2 && tag.uri === GOOGLE_NS && path[itemDepth] === `${GOOGLE_NS}|shipping`) {
      buffer = '';
      const name = tag.local;
      if (name === 'price' || name === 'country' || name === 'max_transit_time') shippingField = name;
    }
  });
  parser.on('text', append);
  parser.on('cdata', append);
  parser.on('closetag', () => {
    const depth = path.length;
    path.pop();
    if (!item) return;
    if (depth === itemDepth) {
      index += 1;
      ready.push(toEntry({ index, line: item.line }, rawItem(item)));
      item = undefined;
    } else if (depth === itemDepth + 1 && field) {
      if (!item.values.has(field)) item.values.set(field, buffer);
      field = undefined;
    } else if (depth === itemDepth + 2 && shippingField) {
      const current = item.shipping[item.shipping.length - 1];
      if (current) current[shippingField] = buffer;
      shippingField = undefined;
    }
  });

  const write = (chunk: string | null) => {
    try {
      if (chunk === null) parser.close();
      else parser.write(chunk);
    } catch (error) {
      if (error instanceof FeedRefusedError) throw error;
      // The parser's own words are English ("unbound namespace prefix"): the operator is told the line.
      throw new FeedRefusedError('FEED_MALFORMED', `satır ${parser.line}`, parser.line);
    }
  };

  // Generated feeds often start with a blank line, which XML forbids before the declaration.
  let started = false;
  for await (const chunk of text) {
    if (!started) {
      const trimmed = chunk.trimStart();
      if (trimmed === '') continue;
      started = true;
      write(trimmed);
      yield* ready.splice(0);
      continue;
    }
    write(chunk);
    yield* ready.splice(0);
  }
  write(null);
  yield* ready.splice(0);
}
