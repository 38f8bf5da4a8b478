import { describe, expect, it } from 'vitest';
import { cardsToRender, FIRST_STEP_CARDS } from './grid-steps';

describe('cardsToRender', () => {
  it('renders the first step only until it has committed', () => {
    expect(cardsToRender(24, true, false)).toBe(FIRST_STEP_CARDS);
    expect(cardsToRender(24, true, true)).toBe(24);
  });

  it('renders fewer cards than a step all at once', () => {
    expect(cardsToRender(FIRST_STEP_CARDS - 1, true, false)).toBe(FIRST_STEP_CARDS - 1);
    expect(cardsToRender(0, true, false)).toBe(0);
  });

  it('renders every card at once for a grid not in steps', () => {
    expect(cardsToRender(24, false, false)).toBe(24);
  });
});
