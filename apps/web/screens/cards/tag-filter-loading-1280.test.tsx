import { test } from 'vitest';
import { LAYOUTS } from '../../src/testing/layout';
import { paintsWithoutSuggestionsThenHandsOver } from './tag-filter-loading';

const layout = LAYOUTS.find(({ name }) => name === '1280 px, light')!;

test('tag filter before its suggestions load (1280 px): the gallery paints without them; typed text, focus and caret carry over', () =>
  paintsWithoutSuggestionsThenHandsOver(layout));
