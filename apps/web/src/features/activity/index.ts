// The activity feature's public surface: the only module the app imports from it.

/** `/activity`: likes, comments and new followers on the member's work, grouped, live. */
export const loadActivityPage = () => import('./components/activity-page');
/** The app bar's **Activity** button with the live unread count (members only). */
export const loadActivityButton = () => import('./components/activity-button');
