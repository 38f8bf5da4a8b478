/**
 * The first paint's templates: the app's own components (app bar, the gallery's frame, controls
 * and cards, a showcase's article) rendered once, at build time, for each kind of viewer, with
 * the stand-in data of `lib/first-paint-templates.ts`, and the CSS Emotion made for them. The
 * build (vite-plugins/first-paint.ts) emits them as a file of `<template>`s, which the
 * inlined script clones and fills. There is no second copy of any screen: a change to these
 * components changes the first paint with it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { AppShell } from '../components/layouts/app-shell';
import { ShowcaseGrid } from '../components/showcases/showcase-grid';
import { loadConnectionIndicator } from '../features/connection';
import { loadGalleryParts, loadProfileParts } from '../features/gallery';
import { loadShowcaseParts } from '../features/showcase-page';
import type { TemplateViewer } from '../lib/first-paint-templates';
import {
  CONTROLS_SLOT,
  TEMPLATE_PROFILE_COUNTS,
  stand,
  templateIds,
  templateProfile,
  templateShowcase,
} from '../lib/first-paint-templates';
import type { SessionUser } from '../lib/session';
import { FixedViewer } from '../lib/session';
import { galleryHeading } from '../lib/showcases/gallery-search';
import { AppProvider } from './provider';
import { appBarSlots } from './routes/root-layout';

function userFor(viewer: TemplateViewer): SessionUser | null {
  if (viewer === 'visitor') return null;
  return {
    uid: stand.viewerUid,
    email: null,
    emailVerified: viewer !== 'guest',
    displayName: null,
    photoURL: null,
    phoneNumber: null,
    isAnonymous: viewer === 'guest',
    tenantId: null,
    providerData: [],
    metadata: { createdAt: null, lastLoginAt: null },
  };
}

/** Owned by the viewer: the owner's templates. */
const ownedBy = (viewer: TemplateViewer) =>
  viewer === 'owner' ? { ownerUid: stand.viewerUid } : {};

const noop = () => undefined;

/**
 * Renders the templates. Async only to load the features' parts (each feature is its own chunk
 * in the app, reached through its index's loader).
 */
export async function renderFirstPaintTemplates(): Promise<string> {
  const [
    { GalleryControls, GalleryFrame },
    { ShowcaseArticle },
    { ConnectionChip },
    { ProfileShowcases, UserProfileView },
  ] = await Promise.all([
    loadGalleryParts(),
    loadShowcaseParts(),
    loadConnectionIndicator(),
    loadProfileParts(),
  ]);
  const cache = createCache({ key: 'css' });
  // Styles are collected for one stylesheet, not written beside each element.
  cache.compat = true;

  const render = (id: string, viewer: TemplateViewer, path: string, content: ReactNode) => {
    const markup = renderToStaticMarkup(
      <CacheProvider value={cache}>
        <AppProvider>
          <MemoryRouter initialEntries={[path]}>
            <FixedViewer value={userFor(viewer)}>{content}</FixedViewer>
          </MemoryRouter>
        </AppProvider>
      </CacheProvider>,
    );
    // React hoists a preload for each eager image, as for a whole document; a template is not
    // one, and its images are stand-ins.
    const hoistless = markup.replace(/<link rel="preload" as="image"[^>]*>/gu, '');
    return `<template id="${id}">${hoistless}</template>`;
  };
  // The app bar as the app shows it when it takes over: the screen's data has come from the
  // server, so the connection is live; the user menu is its fallback's empty slot.
  const shell = (viewer: TemplateViewer, content: ReactNode) => (
    <AppShell
      {...appBarSlots({ user: userFor(viewer), showsLiveData: true, onWayIn: false })}
      connection={<ConnectionChip status="online" />}
    >
      {content}
    </AppShell>
  );
  const grid = (
    viewer: TemplateViewer,
    showcases: ReturnType<typeof templateShowcase>[],
    leadsPage = true,
  ) => (
    <ShowcaseGrid
      showcases={showcases.map((showcase) => ({ ...showcase, ...ownedBy(viewer) }))}
      label="Showcases"
      likeable
      leadsPage={leadsPage}
    />
  );
  const twoCards = [templateShowcase(0), templateShowcase(1)];
  const article = (viewer: TemplateViewer, withImage: boolean) => (
    <ShowcaseArticle
      showcase={{ ...templateShowcase(0, { onPage: true, withImage }), ...ownedBy(viewer) }}
      onDelete={noop}
    />
  );

  const templates: string[] = [];
  for (const viewer of ['visitor', 'guest', 'member'] as const) {
    templates.push(
      render(
        templateIds.gallery(viewer),
        viewer,
        '/',
        shell(
          viewer,
          <GalleryFrame heading={galleryHeading(null, null)} searching={false}>
            <div {...{ [CONTROLS_SLOT]: '' }} />
            {grid(viewer, twoCards)}
          </GalleryFrame>,
        ),
      ),
    );
  }
  templates.push(render(templateIds.ownCards, 'owner', '/', grid('owner', twoCards)));
  for (const viewer of ['visitor', 'guest', 'member', 'owner'] as const) {
    templates.push(
      render(templateIds.laterCard(viewer), viewer, '/', grid(viewer, [twoCards[1]!], false)),
    );
  }
  templates.push(
    render(
      templateIds.cardWithoutImage,
      'visitor',
      '/',
      grid('visitor', [templateShowcase(0, { withImage: false })]),
    ),
  );
  for (const sort of ['newest', 'liked'] as const) {
    for (const tagged of [false, true]) {
      templates.push(
        render(
          templateIds.controls(sort, tagged),
          'visitor',
          '/',
          <GalleryControls
            sort={sort}
            tag={tagged ? stand.filterTag : null}
            search={null}
            update={noop}
            showcases={[]}
          />,
        ),
      );
    }
  }
  for (const viewer of ['visitor', 'guest', 'member', 'owner'] as const) {
    const path = `/s/${stand.id(0)}`;
    templates.push(
      render(templateIds.showcase(viewer), viewer, path, shell(viewer, article(viewer, true))),
    );
  }
  templates.push(
    render(
      templateIds.showcaseWithoutImage,
      'visitor',
      `/s/${stand.id(0)}`,
      article('visitor', false),
    ),
  );

  // A maker's profile: its cards are theirs (never the viewer's), titled under its headings.
  const profileCards = twoCards.map((card) => ({ ...card, ownerUid: stand.profileUid }));
  const profile = (showcases: typeof profileCards, withPhoto = true) => (
    <UserProfileView
      uid={stand.profileUid}
      profile={{ ...templateProfile(), photoURL: withPhoto ? stand.profilePhoto : null }}
      showcases={showcases}
      showcaseCount={TEMPLATE_PROFILE_COUNTS.showcases}
      isOwn={false}
    />
  );
  const profilePath = `/u/${stand.profileUid}`;
  for (const viewer of ['visitor', 'guest', 'member'] as const) {
    templates.push(
      render(
        templateIds.profile(viewer),
        viewer,
        profilePath,
        shell(viewer, profile(profileCards)),
      ),
      render(
        templateIds.profileLaterCard(viewer),
        viewer,
        profilePath,
        <ProfileShowcases showcases={[profileCards[1]!]} name="" leadsPage={false} />,
      ),
    );
  }
  templates.push(
    render(templateIds.profileWithoutPhoto, 'visitor', profilePath, profile([], false)),
  );

  const html = templates.join('');
  const { styles } = createEmotionServer(cache).extractCriticalToChunks(html);
  const css = styles.map((chunk) => chunk.css).join('');
  return `<template id="${templateIds.style}"><style>${css}</style></template>${html}`;
}
