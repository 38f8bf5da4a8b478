/**
 * The contract between the first paint's templates (the app's own components rendered at build
 * time, `app/first-paint-templates.tsx`) and the inlined script that fills them with what the
 * REST read returned (`first-paint/fill.ts`): which templates there are, and the stand-in data
 * they are rendered with, which the script finds and replaces. Nothing here draws anything.
 */
import type { Showcase } from '@showcase/schema';
import type { UserProfile } from './showcases/profile';

/** Who the first paint draws for. An owner is a member reading their own showcase. */
export type TemplateViewer = 'visitor' | 'guest' | 'member' | 'owner';

/** The `<template>` elements' ids in the templates file the build emits. */
export const templateIds = {
  /** The theme's CSS and the components' styles, extracted by Emotion. */
  style: 'fp-style',
  /** The app bar and the gallery's frame, with two cards, for a visitor, guest or member. */
  gallery: (viewer: Exclude<TemplateViewer, 'owner'>) => `fp-gallery-${viewer}`,
  /** Two cards of the viewer's own, as a member sees them in the gallery. */
  ownCards: 'fp-cards-own',
  /**
   * One card below the first row (its image fetched near the viewport), for a visitor, guest or
   * member, and of the viewer's own.
   */
  laterCard: (viewer: TemplateViewer) => `fp-card-later-${viewer}`,
  /** One card without an image: where its placeholder goes. */
  cardWithoutImage: 'fp-card-no-image',
  /** The sort and tag controls as the URL sets them. */
  controls: (sort: 'newest' | 'liked', tagged: boolean) =>
    `fp-controls-${sort}-${tagged ? 'tag' : 'all'}`,
  /** The app bar and a showcase's article, for each kind of viewer. */
  showcase: (viewer: TemplateViewer) => `fp-showcase-${viewer}`,
  /** A showcase's article without an image: where its placeholder goes. */
  showcaseWithoutImage: 'fp-showcase-no-image',
  /**
   * The app bar and a maker's profile with two cards, for a visitor, guest or member (one's own
   * profile is the app's alone).
   */
  profile: (viewer: Exclude<TemplateViewer, 'owner'>) => `fp-profile-${viewer}`,
  /** One card of a profile below its first row, for a visitor, guest or member. */
  profileLaterCard: (viewer: Exclude<TemplateViewer, 'owner'>) => `fp-profile-card-later-${viewer}`,
  /** A profile without a photo: where its initial goes. */
  profileWithoutPhoto: 'fp-profile-no-photo',
} as const;

/** Where the gallery's template takes its controls. */
export const CONTROLS_SLOT = 'data-fp-controls';

/** The stand-ins, unique strings the script replaces wherever they appear (text, attributes). */
export const stand = {
  id: (index: number) => `fpid${index}x`,
  title: (index: number) => `fptitle${index}x`,
  owner: (index: number) => `fpowner${index}x`,
  ownerUid: (index: number) => `fpuid${index}x`,
  tag: (index: number) => `fptag${index}x`,
  image: (index: number) => `https://fpimage${index}x.invalid/`,
  /** The tag filter's text in a gallery opened on a tag. */
  filterTag: 'fpfiltertagx',
  /** A description: one paragraph, a text and a web address (a link). */
  descriptionText: 'fptextx',
  descriptionLink: 'https://fplinkx.invalid/',
  /** The guest's or member's uid in templates where the viewer owns nothing. */
  viewerUid: 'fpviewerx',
  /** A profile's uid, name, photo, bio and one link. */
  profileUid: 'fpprofileuidx',
  profileName: 'fpnamex',
  profilePhoto: 'https://fpavatarx.invalid/',
  profileBio: 'fpbiox',
  profileLink: 'https://fpprofilelinkx.invalid/',
} as const;

/** The like count templates show: one digit, so no locale groups it differently. */
export const TEMPLATE_LIKES = 7;
/** The comment count templates show (a card's "3 comments", replaced whole). */
export const TEMPLATE_COMMENTS = 3;
/** Tags beyond a card's three: its "+N" chip reads `+${TEMPLATE_MORE_TAGS}`. */
export const TEMPLATE_MORE_TAGS = 4;
/** A card shows three tags; the rest are counted. */
export const CARD_TAGS = 3;

/** When every template's showcase and profile was made (their dates' stand-in). */
export const TEMPLATE_CREATED = new Date(Date.UTC(2024, 0, 1));
/** Later than created by more than the page's one second: the page shows "Updated …". */
const UPDATED = new Date(Date.UTC(2024, 0, 2));

/**
 * The showcase a template is rendered with: every field the first paint fills is a stand-in,
 * and every optional part is there (images, tags and "+N", both dates), so the script only ever
 * removes what the real showcase does not have.
 */
export function templateShowcase(
  index: number,
  { withImage = true, onPage = false }: { withImage?: boolean; onPage?: boolean } = {},
): Showcase {
  return {
    id: stand.id(index),
    title: stand.title(index),
    description: onPage ? `${stand.descriptionText} ${stand.descriptionLink}` : '',
    // The page's link button and tags come after the description; the app adds them.
    url: '',
    imageUrl: null,
    imageAlt: null,
    // An upload (two on the page: the cover and a tile the script repeats for each other image).
    images: withImage
      ? Array.from({ length: onPage ? 2 : 1 }, (_, at) => ({
          id: `fpimg${at}x`,
          alt: '',
          width: 1600,
          height: 1200,
          // None: the script sets each frame's own, and a data URL in every template would
          // weigh about 1 KB gzip each in the templates file.
          placeholder: '',
          sizes: [{ width: 480, url: stand.image(index) }],
        }))
      : [],
    tags: onPage
      ? []
      : [
          ...Array.from({ length: CARD_TAGS }, (_, tag) => stand.tag(tag)),
          ...Array.from({ length: TEMPLATE_MORE_TAGS }, (_, more) => `fpmore${more}x`),
        ],
    searchTerms: [],
    status: 'published',
    ownerUid: stand.ownerUid(index),
    ownerName: stand.owner(index),
    createdAt: TEMPLATE_CREATED,
    updatedAt: UPDATED,
    likeCount: TEMPLATE_LIKES,
    commentCount: TEMPLATE_COMMENTS,
    pending: false,
  };
}

/** A profile's counts in its templates: showcases, followers, following (each its own plural). */
export const TEMPLATE_PROFILE_COUNTS = { showcases: '71', followers: 72, following: 73 };

/**
 * The profile its templates are rendered with: every field the first paint fills is a stand-in,
 * and every optional part is there (photo, "Member since", bio, a link).
 */
export function templateProfile(): UserProfile {
  return {
    uid: stand.profileUid,
    displayName: stand.profileName,
    photoURL: stand.profilePhoto,
    bio: stand.profileBio,
    links: [stand.profileLink],
    followerCount: TEMPLATE_PROFILE_COUNTS.followers,
    followingCount: TEMPLATE_PROFILE_COUNTS.following,
    createdAt: TEMPLATE_CREATED,
    pending: false,
  };
}
