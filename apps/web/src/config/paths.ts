/** Every route string of the app. Patterns are for the router; builders are for links. */
export const paths = {
  home: '/',
  welcome: '/welcome',
  signIn: '/signin',
  signUp: '/signup',
  resetPassword: '/reset',
  me: '/me',
  myShowcases: '/me/showcases',
  newShowcase: '/new',
  showcase: '/s/:id',
  editShowcase: '/s/:id/edit',
  userProfile: '/u/:uid',
  activity: '/activity',
  saved: '/saved',
} as const;

/**
 * The gallery's query parameters (`/?sort=liked&tag=game&q=lamp`, `?feed=following`): what links back to it keep and
 * what the app bar's search writes.
 */
export const galleryParams = { sort: 'sort', tag: 'tag', search: 'q', feed: 'feed' } as const;

export const hrefs = {
  showcase: (id: string) => `/s/${encodeURIComponent(id)}`,
  editShowcase: (id: string) => `/s/${encodeURIComponent(id)}/edit`,
  userProfile: (uid: string) => `/u/${encodeURIComponent(uid)}`,
} as const;

/** Screens only a visitor (signed out) sees; a signed-in user is sent on to where they were going. */
export const visitorOnlyPaths: readonly string[] = [
  paths.welcome,
  paths.signIn,
  paths.resetPassword,
];
