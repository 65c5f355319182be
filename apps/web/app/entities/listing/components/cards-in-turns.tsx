import type { ReactNode } from 'react';
import { HydrateWhenIdle } from '~/lib/hydrate-when-idle';

/** Cards hydrate after the rest of the page, two per idle turn (lib/hydrate-when-idle). */
const CARDS_PER_TURN = 2;

export function cardsInTurns<T>(items: readonly T[], render: (item: T, index: number) => ReactNode): ReactNode[] {
  const turns: ReactNode[] = [];
  for (let from = 0; from < items.length; from += CARDS_PER_TURN) {
    turns.push(
      <HydrateWhenIdle key={`turn-${from}`} turn={from / CARDS_PER_TURN}>
        {items.slice(from, from + CARDS_PER_TURN).map((item, i) => render(item, from + i))}
      </HydrateWhenIdle>,
    );
  }
  return turns;
}
