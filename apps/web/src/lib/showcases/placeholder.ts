/**
 * A showcase without a usable image shows its title's first letter on a tint derived from the
 * title. The app's `ShowcaseImage` and the first paint (which fills the same element for its
 * own data) both take them from here.
 */

/** A stable hue per title, so placeholders differ without any stored colour. */
function hue(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

export function placeholderInitial(title: string): string {
  return Array.from(title.trim())[0]?.toUpperCase() ?? '·';
}

/** The tint, as an inline style: one class for every placeholder instead of one per title. */
export function placeholderBackground(title: string): string {
  const h = hue(title);
  return `linear-gradient(135deg, hsl(${h} 70% 60% / 0.28), hsl(${(h + 60) % 360} 70% 60% / 0.12))`;
}
