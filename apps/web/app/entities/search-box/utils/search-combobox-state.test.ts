import { describe, expect, it } from 'vitest';
import {
  activeOption,
  comboboxReducer,
  initialComboboxState,
  type ComboboxAction,
  type ComboboxState,
} from './search-combobox-state';

const keys = ['category:1', 'product:2', 'product:3'];
const run = (state: ComboboxState, ...actions: ComboboxAction[]) => actions.reduce(comboboxReducer, state);
const down: ComboboxAction = { type: 'moved', step: 1, keys };
const up: ComboboxAction = { type: 'moved', step: -1, keys };

describe('comboboxReducer', () => {
  it('opens on typing with nothing active', () => {
    const state = run(initialComboboxState(), { type: 'typed', term: 'iph' });
    expect(state).toEqual({ term: 'iph', open: true, activeKey: null });
  });

  it('walks the options with the arrow keys, wrapping at both ends', () => {
    const typed = run(initialComboboxState(), { type: 'typed', term: 'iph' });
    expect(run(typed, down).activeKey).toBe('category:1');
    expect(run(typed, down, down, down).activeKey).toBe('product:3');
    expect(run(typed, down, down, down, down).activeKey).toBe('category:1');
    expect(run(typed, up).activeKey).toBe('product:3');
    expect(run(typed, down, up).activeKey).toBe('product:3');
  });

  it('opens a closed box on an arrow key, at the first or the last option', () => {
    const closed = initialComboboxState('iph');
    expect(run(closed, down)).toEqual({ term: 'iph', open: true, activeKey: 'category:1' });
    expect(run(closed, up).activeKey).toBe('product:3');
  });

  it('starts again from the top when the active option is no longer offered', () => {
    const state = run(initialComboboxState(), { type: 'typed', term: 'i' }, down, down);
    expect(run(state, { type: 'moved', step: 1, keys: ['brand:Apple', 'product:9'] }).activeKey).toBe('brand:Apple');
  });

  it('has nothing to activate without options', () => {
    const state = run(initialComboboxState(), { type: 'typed', term: 'x' }, { type: 'moved', step: 1, keys: [] });
    expect(state.activeKey).toBeNull();
  });

  it('closes on the first Escape and clears the text on the second', () => {
    const typed = run(initialComboboxState(), { type: 'typed', term: 'iph' }, down);
    const once = run(typed, { type: 'escaped' });
    expect(once).toEqual({ term: 'iph', open: false, activeKey: null });
    expect(run(once, { type: 'escaped' })).toEqual({ term: '', open: false, activeKey: null });
  });

  it('follows the pointer and the address', () => {
    const typed = run(initialComboboxState(), { type: 'typed', term: 'iph' });
    expect(run(typed, { type: 'hovered', key: 'product:2' }).activeKey).toBe('product:2');
    expect(run(typed, down, { type: 'synced', term: 'kulaklık' })).toEqual({
      term: 'kulaklık',
      open: false,
      activeKey: null,
    });
  });

  it('forgets the active option when the dropdown closes', () => {
    const state = run(initialComboboxState(), { type: 'typed', term: 'iph' }, down, { type: 'closed' });
    expect(state).toEqual({ term: 'iph', open: false, activeKey: null });
    expect(run(state, { type: 'opened' }).activeKey).toBeNull();
  });
});

describe('activeOption', () => {
  const options = keys.map((key) => ({ key }));
  it('is the option with the active key while the dropdown is open', () => {
    const state = run(initialComboboxState(), { type: 'typed', term: 'iph' }, down, down);
    expect(activeOption(state, options)).toEqual({ key: 'product:2' });
    expect(activeOption({ ...state, open: false }, options)).toBeNull();
    expect(activeOption(state, options.slice(2))).toBeNull();
  });
});
