/** A tag in use and how many of the showcases at hand carry it. */
export type TagCount = { tag: string; count: number };

type Tagged = { readonly id: string; readonly tags: readonly string[] };

/**
 * The tags in use among these showcases (each counted once, even when it appears in several of
 * the lists), most used first, then alphabetically.
 */
export function countTags(...lists: readonly (readonly Tagged[])[]): TagCount[] {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  for (const list of lists) {
    for (const showcase of list) {
      if (seen.has(showcase.id)) continue;
      seen.add(showcase.id);
      for (const tag of new Set(showcase.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}

/**
 * The suggestions that fit what is typed (a leading `#` and case do not matter here: the
 * suggestions themselves are valid tags): tags starting with it first, then tags with a word
 * (after a hyphen) starting with it, each group in its given order.
 */
export function matchTags(suggestions: readonly TagCount[], typed: string): TagCount[] {
  const query = typed.trim().replace(/^#/, '').toLowerCase();
  if (query === '') return [...suggestions];
  const starts = suggestions.filter(({ tag }) => tag.startsWith(query));
  const words = suggestions.filter(
    ({ tag }) => !tag.startsWith(query) && tag.split('-').some((word) => word.startsWith(query)),
  );
  return [...starts, ...words];
}
