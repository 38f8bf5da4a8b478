// Search without a search service: each showcase stores `searchTerms`, every prefix of every word
// of its title and tags, and the gallery asks Firestore for `searchTerms array-contains <word>`.
// Stored terms and typed queries go through the same normalization, so they always agree.

/** Most terms one showcase may store (firestore.rules bounds the list the same way). */
export const SEARCH_TERMS_MAX = 200;
/** Longest stored term: a longer word is found by its first 24 characters. */
export const SEARCH_TERM_MAX_LENGTH = 24;
/**
 * One stored term: lower-case letters of any script (and letters that have no case) and decimal
 * digits. The same class as firestore.rules' pattern; RE2 and JavaScript agree on `\p{…}`.
 */
export const SEARCH_TERM_PATTERN = new RegExp(
  `^[\\p{Ll}\\p{Lm}\\p{Lo}\\p{Nd}]{1,${SEARCH_TERM_MAX_LENGTH}}$`,
  'u',
);

// Anything that cannot be part of a term separates words: spaces, punctuation, hyphens in tags,
// symbols, and upper-case letters that have no lower-case form.
const WORD_SEPARATOR = /[^\p{Ll}\p{Lm}\p{Lo}\p{Nd}]+/u;
const COMBINING_MARK = /\p{M}/gu;

/**
 * The words of free text as search sees them: compatibility forms unfolded (`ﬁ` → `fi`), accents
 * dropped (`Café` → `cafe`, so typing without them finds them), lower-cased, split on anything
 * that is not a letter or digit, each cut to the longest stored term. Order kept, repeats dropped.
 */
export function searchWords(text: string): string[] {
  const folded = text.normalize('NFKD').replace(COMBINING_MARK, '').normalize('NFC').toLowerCase();
  const words = new Set<string>();
  for (const word of folded.split(WORD_SEPARATOR)) {
    if (word.length > 0) words.add(Array.from(word).slice(0, SEARCH_TERM_MAX_LENGTH).join(''));
  }
  return [...words];
}

/**
 * What a showcase stores as `searchTerms`: every prefix of each word of its title, then of each
 * tag, without repeats, at most `SEARCH_TERMS_MAX` (a title fills at most 80 and five tags 120,
 * so the cap only bites when unfolding lengthens the text). Every create and every title or tag
 * change writes it, through this one function.
 */
export function searchTermsFor(title: string, tags: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const word of searchWords([title, ...tags].join(' '))) {
    const letters = Array.from(word);
    for (let end = 1; end <= letters.length; end += 1) terms.add(letters.slice(0, end).join(''));
  }
  return [...terms].slice(0, SEARCH_TERMS_MAX);
}

/**
 * How to run a typed query: Firestore can match one term per query (one `array-contains`), so
 * the longest word (the most selective prefix) goes to the server and the other words are checked
 * on the results. Null when the text holds no word at all (only spaces or punctuation).
 */
export type SearchPlan = { term: string; otherWords: string[] };

export function searchPlan(text: string): SearchPlan | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const term = words.reduce((longest, word) =>
    Array.from(word).length > Array.from(longest).length ? word : longest,
  );
  return { term, otherWords: words.filter((word) => word !== term) };
}

/** True when a showcase with these stored terms has every word of the plan. */
export function matchesSearch(searchTerms: readonly string[], plan: SearchPlan): boolean {
  const terms = new Set(searchTerms);
  return terms.has(plan.term) && plan.otherWords.every((word) => terms.has(word));
}

/**
 * What decides a showcase's stored terms: its title and tags, and the terms it holds now (null
 * when it holds none, or something that is not a list of strings).
 */
export type SearchTermsSource = {
  title: string;
  tags: readonly string[];
  searchTerms: readonly string[] | null;
};

const sameTerms = (a: readonly string[] | null, b: readonly string[]): boolean =>
  a !== null && a.length === b.length && a.every((term, index) => term === b[index]);

/**
 * The `searchTerms` a write stores, or null when it can leave them as they are: the one rule for
 * creates, edits and the migration. `stored` is the document the write applies to (null for a
 * create); `changes` the title and tags the write sets. The terms always come from the title and
 * tags the document has once written. They are written on a create, whenever the write sets the
 * title or the tags, and whenever the stored terms are not what the stored title and tags give
 * (a document from before search terms existed, or one whose terms went stale), so an edit of
 * any field brings an old document into search.
 */
export function searchTermsToWrite(
  stored: SearchTermsSource | null,
  changes: { title?: string; tags?: readonly string[] },
): string[] | null {
  const terms = searchTermsFor(
    changes.title ?? stored?.title ?? '',
    changes.tags ?? stored?.tags ?? [],
  );
  if (stored === null || changes.title !== undefined || changes.tags !== undefined) return terms;
  return sameTerms(stored.searchTerms, terms) ? null : terms;
}
