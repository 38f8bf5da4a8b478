import { IMAGE_WIDTHS, PROFILE_PHOTO_WIDTHS } from '@showcase/schema';
import { describe, expect, test } from 'vitest';
import { fitWithin, heightAtWidth, planImageWidths } from './size-plan';

describe('planImageWidths', () => {
  test('a 12-megapixel photo gets every width', () => {
    expect(planImageWidths(4000, IMAGE_WIDTHS)).toEqual([480, 960, 1600, 2400]);
  });
  test('never upscales: only the widths the source fills', () => {
    expect(planImageWidths(1200, IMAGE_WIDTHS)).toEqual([480, 960]);
    expect(planImageWidths(960, IMAGE_WIDTHS)).toEqual([480, 960]);
  });
  test('a source narrower than the smallest width is kept at its own width', () => {
    expect(planImageWidths(300, IMAGE_WIDTHS)).toEqual([300]);
    expect(planImageWidths(1, IMAGE_WIDTHS)).toEqual([1]);
  });
  test('profile photos', () => {
    expect(planImageWidths(640, PROFILE_PHOTO_WIDTHS)).toEqual([96, 320]);
    expect(planImageWidths(64, PROFILE_PHOTO_WIDTHS)).toEqual([64]);
  });
});

describe('heightAtWidth and fitWithin', () => {
  test('keep the ratio', () => {
    expect(heightAtWidth(3000, 4000, 2400)).toBe(3200);
    expect(heightAtWidth(4000, 1, 480)).toBe(1);
    expect(fitWithin(4000, 3000, 100)).toEqual({ width: 100, height: 75 });
    expect(fitWithin(30, 20, 100)).toEqual({ width: 30, height: 20 });
  });
});
