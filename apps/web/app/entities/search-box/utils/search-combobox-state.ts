/**
 * The search box's combobox state: the text, whether the dropdown is open and which option
 * is active (highlighted by the arrow keys or the pointer). The active option is kept by key,
 * not by position, so it survives — or cleanly disappears — when new suggestions arrive.
 */
export interface ComboboxState {
  term: string;
  open: boolean;
  activeKey: string | null;
}

export type ComboboxAction =
  /** The shopper typed: the dropdown opens on the new text, nothing active. */
  | { type: 'typed'; term: string }
  /** The address changed (a search, back/forward): the box shows its term, closed. */
  | { type: 'synced'; term: string }
  | { type: 'opened' }
  | { type: 'closed' }
  /** ArrowDown (+1) or ArrowUp (-1) over the options currently offered, wrapping at the ends. */
  | { type: 'moved'; step: 1 | -1; keys: readonly string[] }
  | { type: 'hovered'; key: string }
  /** First Escape closes the dropdown; Escape on a closed box clears the text. */
  | { type: 'escaped' };

export const initialComboboxState = (term = ''): ComboboxState => ({ term, open: false, activeKey: null });

function move(activeKey: string | null, step: 1 | -1, keys: readonly string[]): string | null {
  if (keys.length === 0) return null;
  const index = activeKey === null ? -1 : keys.indexOf(activeKey);
  if (index === -1) return (step === 1 ? keys[0] : keys[keys.length - 1]) ?? null;
  return keys[(index + step + keys.length) % keys.length] ?? null;
}

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'typed':
      return { term: action.term, open: true, activeKey: null };
    case 'synced':
      return { term: action.term, open: false, activeKey: null };
    case 'opened':
      return state.open ? state : { ...state, open: true, activeKey: null };
    case 'closed':
      return state.open || state.activeKey !== null ? { ...state, open: false, activeKey: null } : state;
    case 'moved':
      // A closed box opens on the first (or, going up, the last) option.
      return { ...state, open: true, activeKey: move(state.open ? state.activeKey : null, action.step, action.keys) };
    case 'hovered':
      return state.activeKey === action.key ? state : { ...state, activeKey: action.key };
    case 'escaped':
      if (state.open) return { ...state, open: false, activeKey: null };
      return state.term ? { ...state, term: '' } : state;
  }
}

/** The active option, if it is still among those offered. */
export function activeOption<T extends { key: string }>(state: ComboboxState, options: readonly T[]): T | null {
  if (!state.open || state.activeKey === null) return null;
  return options.find((option) => option.key === state.activeKey) ?? null;
}
