import { describe, expect, it } from 'vitest';
import { createRng } from '../../db/seed/prng';
import { IdSlots } from './id-slots';

describe('IdSlots', () => {
  it('finds, lists and forgets ids as a Map over the id text does, through reused slots and growth', () => {
    const rng = createRng('id-slots');
    const random = () => rng.next();
    const slots = new IdSlots();
    const model = new Map<string, number>();
    const free: number[] = [];
    let next = 0;
    // Ids that share long runs of their words (sequential and near-equal) as well as random ones.
    const ids = [
      ...Array.from({ length: 3000 }, () => rng.uuid()),
      ...Array.from({ length: 1500 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      ...Array.from({ length: 500 }, (_, i) => `${i.toString(16).padStart(8, '0')}-ffff-4fff-bfff-ffffffffffff`),
    ];
    for (let step = 0; step < 40_000; step++) {
      const id = ids[Math.floor(random() * ids.length)]!;
      if (model.has(id) && random() < 0.5) {
        const slot = model.get(id)!;
        expect(slots.delete(id)).toBe(slot);
        model.delete(id);
        free.push(slot);
      } else if (!model.has(id)) {
        const slot = free.pop() ?? next++;
        slots.add(id, slot);
        model.set(id, slot);
      }
      if (step % 997 === 0) {
        for (const probe of ids) expect(slots.slotOf(probe)).toBe(model.get(probe));
      }
    }
    expect(slots.size).toBe(model.size);
    for (const [id, slot] of model) expect(slots.idOf(slot)).toBe(id);
    // Everything can leave, and nothing is found afterwards.
    for (const id of [...model.keys()]) expect(slots.delete(id)).toBe(model.get(id));
    expect(slots.size).toBe(0);
    for (const probe of ids) expect(slots.slotOf(probe)).toBeUndefined();
  });

  it('orders slots as their ids order as text', () => {
    const rng = createRng('id-slots order');
    const slots = new IdSlots();
    const ids = [
      ...Array.from({ length: 400 }, () => rng.uuid()),
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '80000000-0000-0000-0000-000000000000',
      '7fffffff-ffff-ffff-ffff-ffffffffffff',
      '12345678-9abc-4def-8123-456789abcdef',
      '12345678-9abc-4def-8123-456789abcdee',
      '12345678-9abc-4def-8124-456789abcdef',
    ];
    ids.forEach((id, slot) => slots.add(id, slot));
    const bySlots = ids.map((_, slot) => slot).sort((a, b) => slots.compare(a, b));
    const byText = ids.map((_, slot) => slot).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
    expect(bySlots).toEqual(byText);
    expect(slots.compare(0, 0)).toBe(0);
  });

  it('holds canonical UUIDs only', () => {
    const slots = new IdSlots();
    expect(() => slots.add('not-a-uuid', 0)).toThrow(/canonical UUID/);
    expect(() => slots.add('12345678-9ABC-4DEF-8123-456789ABCDEF', 0)).toThrow(/canonical UUID/);
    expect(slots.slotOf('12345678-9abc-4def-8123-456789abcdeg')).toBeUndefined();
    expect(slots.delete('')).toBeUndefined();
    expect(slots.size).toBe(0);
  });
});
