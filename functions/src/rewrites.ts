// firebase.json's Hosting rewrites, matched as Hosting matches them (first rule wins, after
// static files), so the dev stack serves `/s/*` and `/u/*` through the same rules it deploys.

/** One entry of `hosting.rewrites`. */
export type HostingRewrite = {
  source?: string;
  regex?: string;
  destination?: string;
  function?: string | { functionId: string; region?: string };
};

/** A Hosting glob as a regular expression: `**` any path, `*` within one segment. */
export function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index]!;
    if (char === '*' && glob[index + 1] === '*') {
      pattern += '.*';
      index += 1;
    } else if (char === '*') pattern += '[^/]*';
    else if (char === '?') pattern += '[^/]';
    else pattern += char.replace(/[.+^${}()|[\]\\]/gu, '\\$&');
  }
  return new RegExp(`^${pattern}$`, 'u');
}

/** The first rewrite whose source or regex matches `pathname`, or null. */
export function hostingRewriteFor(
  rewrites: readonly HostingRewrite[],
  pathname: string,
): HostingRewrite | null {
  for (const rewrite of rewrites) {
    const pattern =
      rewrite.regex !== undefined
        ? new RegExp(rewrite.regex, 'u')
        : rewrite.source !== undefined
          ? globToRegExp(rewrite.source)
          : null;
    if (pattern?.test(pathname)) return rewrite;
  }
  return null;
}

/** The function a rewrite names, or null for a rewrite to a file. */
export function rewriteFunctionId(rewrite: HostingRewrite): string | null {
  if (rewrite.function === undefined) return null;
  return typeof rewrite.function === 'string' ? rewrite.function : rewrite.function.functionId;
}
