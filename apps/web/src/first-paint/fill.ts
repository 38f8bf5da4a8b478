/**
 * Fills the first paint's templates (the app's components rendered at build time, see
 * app/first-paint-templates.tsx, fetched as a file of their own) with the REST read's showcases: clones the template for the
 * route and the viewer, puts each value where its stand-in is, removes the parts the real data
 * does not have, and puts the result above the hidden app. It draws nothing of its own: every
 * element, class and word comes from a template.
 */
import type { Showcase } from '@showcase/schema';
import {
  FIRST_PAINT_CLASS,
  FIRST_PAINT_ID,
  FIRST_PAINT_PROGRESS_ID,
  isPaintedProfile,
  keepPaintedAnswer,
} from '../lib/first-paint-hand-over';
import type { PaintedAnswer, PaintedProfile } from '../lib/first-paint-hand-over';
import { safeHttpUrl } from '@showcase/schema';
import {
  memberSince,
  nameInitial,
  profileCountEntries,
  profileGridLabel,
  profileHeading,
  profileName,
} from '../lib/showcases/profile';
import type { ImagePlacement } from '../lib/showcases/grid-steps';
import type { TemplateViewer } from '../lib/first-paint-templates';
import {
  CARD_TAGS,
  CONTROLS_SLOT,
  TEMPLATE_CREATED,
  stand,
  TEMPLATE_COMMENTS,
  TEMPLATE_LIKES,
  TEMPLATE_MORE_TAGS,
  templateIds,
} from '../lib/first-paint-templates';
import type { ViewerMarker } from '../lib/session/viewer-marker';
import { parseDescription } from '../lib/showcases/description';
import {
  displayOwner,
  displayTitle,
  commentsLabel,
  likesLabel,
  relativeTime,
  showsUpdated,
} from '../lib/showcases/format';
import { galleryHeading } from '../lib/showcases/gallery-search';
import { cardImagePlacement } from '../lib/showcases/grid-steps';
import { placeholderBackground, placeholderInitial } from '../lib/showcases/placeholder';
import type { DisplayImage, ImageFrame } from '../lib/showcases/showcase-images';
import {
  coverAltText,
  imageFit,
  imageFrameStyle,
  openImageLabel,
  showcaseDisplayImages,
} from '../lib/showcases/showcase-images';
import type { FirstPaintRoute } from './route';

/** Clones a template by id, or throws for a missing one (the boot then starts the app at once). */
type CloneTemplate = (id: string) => DocumentFragment;

function templateCloner(templates: ParentNode): CloneTemplate {
  return (id) => {
    const template = templates.querySelector(`#${id}`);
    if (!(template instanceof HTMLTemplateElement)) throw new Error(`first paint: no #${id}`);
    // The clone stays in the template's inert document until it is put up: setting an image's
    // address on it fetches nothing until then.
    return template.content.cloneNode(true) as DocumentFragment;
  };
}

/**
 * The templates file the build emits (vite-plugins/first-paint.ts), parsed: its `<template>`s'
 * contents are inert, so nothing in them loads.
 */
export function parseTemplates(html: string): ParentNode {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
}

function first<T extends Element>(root: ParentNode, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (element === null) throw new Error(`first paint: no ${selector} in a template`);
  return element;
}

/** Every text node under `root`. */
function textNodes(root: Node): Text[] {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode as Text);
  return nodes;
}

/**
 * Puts each value where its stand-in is, in text and attributes (`href`s get the value
 * URL-encoded, as the app's paths encode ids). `exact` replaces whole text nodes only.
 */
function replaceStandIns(
  root: Element,
  values: Record<string, string>,
  exact: Record<string, string> = {},
): void {
  const keys = Object.keys(values);
  const replace = (text: string, encode: boolean) =>
    keys.reduce(
      (result, key) =>
        result.includes(key)
          ? result.replaceAll(key, encode ? encodeURIComponent(values[key]!) : values[key]!)
          : result,
      text,
    );
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      const value = replace(attribute.value, attribute.name === 'href');
      if (value !== attribute.value) attribute.value = value;
    }
  }
  for (const node of textNodes(root)) {
    const whole = exact[node.data];
    node.data = whole ?? replace(node.data, false);
  }
}

/** The element holding the text node that reads `text` exactly, or null. */
function holderOf(root: Element, text: string): Element | null {
  return textNodes(root).find((node) => node.data === text)?.parentElement ?? null;
}

function fillTime(time: Element, date: Date, now: Date): void {
  const { dateTime, title, text } = relativeTime(date, now);
  time.setAttribute('datetime', dateTime);
  time.setAttribute('title', title);
  time.textContent = text;
}

/** The path of child indexes from `root` down to `element`. */
function pathTo(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node = element; node !== root; node = node.parentElement!) {
    path.unshift([...node.parentElement!.children].indexOf(node));
  }
  return path;
}

function follow(root: Element, path: number[]): Element {
  return path.reduce<Element>((node, index) => node.children[index]!, root);
}

/**
 * One image frame as `ShowcaseImage` draws it for this image: the frame's ratio, size and
 * placeholder, the image's addresses, size and alt text, and the opener's name; or, for a
 * showcase without an image, the tint and initial taken from the template rendered without one
 * (at the same place as the image in this one).
 */
function fillFrame(
  root: Element,
  frame: HTMLElement,
  kind: ImageFrame,
  image: DisplayImage | null,
  title: string,
  alt: string,
  withoutImage: Element | null,
): void {
  const style = imageFrameStyle(image, kind, placeholderBackground(title));
  frame.style.aspectRatio = style.aspectRatio;
  frame.style.width = style.width;
  frame.style.height = style.height;
  frame.style.backgroundImage = style.backgroundImage;
  const img = first<HTMLImageElement>(frame, 'img');
  if (image === null) {
    if (withoutImage === null) throw new Error('first paint: no template without an image');
    const placeholder = follow(withoutImage, pathTo(root, img)).cloneNode(true) as HTMLElement;
    placeholder.textContent = placeholderInitial(title);
    img.replaceWith(placeholder);
    frame.querySelector('[data-image-open]')?.remove();
    return;
  }
  if (image.srcSet === null) {
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
  } else img.srcset = image.srcSet;
  img.src = image.src;
  for (const side of ['width', 'height'] as const) {
    const value = image[side];
    if (value === null) img.removeAttribute(side);
    else img.setAttribute(side, String(value));
  }
  img.alt = alt;
  img.style.objectFit = imageFit(image, kind);
}

/** The frame `ShowcaseImage` draws for `kind` under `root` (the first of them). */
const frameIn = (root: ParentNode, kind: ImageFrame) =>
  first<HTMLElement>(root, `[data-image-frame="${kind}"]`);

function fillCard(
  card: Element,
  index: number,
  showcase: Showcase,
  withoutImage: Element,
  now: Date,
) {
  const { tags } = showcase;
  // Chips for tags it does not have, and the "+N" chip unless it has more than three.
  const chips = holderOf(card, `#${stand.tag(0)}`)?.closest('ul') ?? null;
  for (let tag = tags.length; tag < CARD_TAGS; tag++) {
    holderOf(card, `#${stand.tag(tag)}`)
      ?.closest('li')
      ?.remove();
  }
  const more = holderOf(card, `+${TEMPLATE_MORE_TAGS}`);
  if (tags.length > CARD_TAGS && more !== null) more.textContent = `+${tags.length - CARD_TAGS}`;
  else more?.closest('li')?.remove();
  if (tags.length === 0) chips?.remove();
  const cover = showcaseDisplayImages(showcase)[0] ?? null;
  fillFrame(
    card,
    frameIn(card, 'card'),
    'card',
    cover,
    showcase.title,
    cover?.alt ?? '',
    withoutImage,
  );
  if (showcase.createdAt === null) throw new Error('first paint: a card without its date');
  fillTime(first(card, 'time'), showcase.createdAt, now);
  // The app shows the comment count only when there are comments.
  if (showcase.commentCount === 0) card.querySelector('[data-card-comments]')?.remove();
  replaceStandIns(
    card,
    {
      [stand.id(index)]: showcase.id,
      [stand.title(index)]: displayTitle(showcase.title),
      [stand.owner(index)]: displayOwner(showcase.ownerName),
      ...Object.fromEntries(tags.slice(0, CARD_TAGS).map((tag, at) => [stand.tag(at), tag])),
    },
    {
      [likesLabel(TEMPLATE_LIKES)]: likesLabel(showcase.likeCount),
      [String(TEMPLATE_LIKES)]: showcase.likeCount.toLocaleString(),
      [commentsLabel(TEMPLATE_COMMENTS)]: commentsLabel(showcase.commentCount),
    },
  );
}

/** The gallery's frame for the viewer, its controls as the URL sets them, and its cards. */
function gallery(
  cloneTemplate: CloneTemplate,
  route: FirstPaintRoute & { kind: 'gallery' },
  showcases: readonly Showcase[],
  viewer: ViewerMarker,
  now: Date,
): Element {
  const page = cloneTemplate(templateIds.gallery(viewer.kind)).firstElementChild!;
  first(page, 'h1').textContent = galleryHeading(route.tag, null);
  const controls = cloneTemplate(
    templateIds.controls(route.sort, route.tag !== null),
  ).firstElementChild!;
  if (route.tag !== null) replaceStandIns(controls, { [stand.filterTag]: route.tag });
  first(page, `[${CONTROLS_SLOT}]`).replaceWith(controls);

  const grid = first(page, '[data-showcase-id]').closest('ul')!;
  const others = [...grid.children];
  const own = [...cloneTemplate(templateIds.ownCards).firstElementChild!.children];
  const cardLater = (kind: TemplateViewer) =>
    first(cloneTemplate(templateIds.laterCard(kind)), '[data-showcase-id]').closest('li')!;
  const later = { others: cardLater(viewer.kind), own: cardLater('owner') };
  grid.replaceChildren(
    ...fillCards(cloneTemplate, showcases, now, (placement, index, showcase) => {
      const mine = viewer.uid !== null && showcase.ownerUid === viewer.uid;
      return placement === 'later' ? later[mine ? 'own' : 'others'] : (mine ? own : others)[index]!;
    }),
  );
  return page;
}

/**
 * A grid's cards, each cloned from the template `templateFor` picks for its image's placement
 * (as the app places it: the first fetched first, the rest of the first row at once, the cards
 * below it near the viewport) and filled. The templates hold stand-ins 0 and 1.
 */
function fillCards(
  cloneTemplate: CloneTemplate,
  showcases: readonly Showcase[],
  now: Date,
  templateFor: (placement: ImagePlacement, index: 0 | 1, showcase: Showcase) => Element,
): Element[] {
  const withoutImage = first(cloneTemplate(templateIds.cardWithoutImage), 'li');
  return showcases.map((showcase, position) => {
    const placement = cardImagePlacement(position, true);
    const index = placement === 'first' ? 0 : 1;
    const card = templateFor(placement, index, showcase).cloneNode(true) as Element;
    fillCard(card, index, showcase, withoutImage, now);
    return card;
  });
}

/** A maker's profile for a visitor, guest or member: its header, counts, bio, links and cards. */
function profilePage(
  cloneTemplate: CloneTemplate,
  { profile, showcases, showcaseCount }: PaintedProfile,
  viewer: Exclude<TemplateViewer, 'owner'>,
  now: Date,
): Element {
  const page = cloneTemplate(templateIds.profile(viewer)).firstElementChild!;
  const name = profileName(profile, showcases);
  const photo = safeHttpUrl(profile.photoURL);
  const avatar = first(page, '.MuiAvatar-root');
  if (photo === null) {
    const initial = first(cloneTemplate(templateIds.profileWithoutPhoto), '.MuiAvatar-root');
    initial.textContent = nameInitial(name);
    avatar.replaceWith(initial);
  } else first<HTMLImageElement>(avatar, 'img').src = photo;
  first(page, 'h1').textContent = profileHeading(name);
  const since = holderOf(page, memberSince(TEMPLATE_CREATED));
  if (profile.createdAt === null) since?.remove();
  else if (since !== null) since.textContent = memberSince(profile.createdAt);
  const entries = profileCountEntries({
    showcases: showcaseCount,
    followers: profile.followerCount,
    following: profile.followingCount,
  });
  [...first(page, 'dl').children].forEach((row, at) => {
    const [label, value] = entries[at]!;
    first(row, 'dt').textContent = label;
    const count = first<HTMLElement>(row, 'dd');
    count.textContent = value;
    count.dataset.testid = `count-${label}`;
  });
  const bio = holderOf(page, stand.profileBio);
  if (profile.bio === '') bio?.remove();
  else if (bio !== null) bio.textContent = profile.bio;
  const link = first(page, `a[href="${stand.profileLink}"]`);
  const item = link.closest('li')!;
  const list = item.parentElement!;
  if (profile.links.length === 0) list.remove();
  else {
    list.replaceChildren(
      ...profile.links.map((href) => {
        const copy = item.cloneNode(true) as Element;
        const anchor = first(copy, 'a');
        anchor.setAttribute('href', href);
        anchor.textContent = href;
        return copy;
      }),
    );
  }
  const grid = first(page, '[data-showcase-id]').closest('ul')!;
  grid.setAttribute('aria-label', profileGridLabel(name));
  const others = [...grid.children];
  const later = first(cloneTemplate(templateIds.profileLaterCard(viewer)), 'li');
  grid.replaceChildren(
    ...fillCards(cloneTemplate, showcases, now, (placement, index) =>
      placement === 'later' ? later : others[index]!,
    ),
  );
  replaceStandIns(page, { [stand.profileUid]: profile.uid });
  return page;
}

function description(article: Element, text: string): void {
  const link = first(article, `a[href="${stand.descriptionLink}"]`);
  const paragraph = link.parentElement!;
  const column = paragraph.parentElement!;
  const paragraphs = parseDescription(text);
  if (paragraphs.length === 0) {
    column.remove();
    return;
  }
  const lineBreak = article.ownerDocument.createElement('br');
  column.replaceChildren(
    ...paragraphs.map((lines) => {
      const copy = paragraph.cloneNode(false) as Element;
      lines.forEach((line, index) => {
        if (index > 0) copy.append(lineBreak.cloneNode());
        for (const segment of line) {
          if (segment.kind === 'text') {
            copy.append(segment.text);
          } else {
            const anchor = link.cloneNode(false) as Element;
            anchor.setAttribute('href', segment.href);
            anchor.textContent = segment.text;
            copy.append(anchor);
          }
        }
      });
      return copy;
    }),
  );
}

/** The cover, then a tile for each other image (the template has one), each with its opener. */
function media(article: Element, showcase: Showcase, withoutImage: Element): void {
  const images = showcaseDisplayImages(showcase);
  const [cover = null, ...others] = images;
  const title = displayTitle(showcase.title);
  const coverFrame = frameIn(article, 'cover');
  fillFrame(
    article,
    coverFrame,
    'cover',
    cover,
    showcase.title,
    cover === null ? '' : coverAltText(cover, title),
    withoutImage,
  );
  coverFrame
    .querySelector('[data-image-open]')
    ?.setAttribute('aria-label', cover === null ? '' : openImageLabel(cover, 0, images.length));
  const tile = frameIn(article, 'tile').closest('li')!;
  const strip = tile.parentElement!;
  if (others.length === 0) {
    strip.remove();
    return;
  }
  strip.replaceChildren(
    ...others.map((image, at) => {
      const item = tile.cloneNode(true) as Element;
      fillFrame(item, frameIn(item, 'tile'), 'tile', image, showcase.title, image.alt, null);
      item
        .querySelector('[data-image-open]')
        ?.setAttribute('aria-label', openImageLabel(image, at + 1, images.length));
      return item;
    }),
  );
}

function showcasePage(
  cloneTemplate: CloneTemplate,
  showcase: Showcase,
  viewer: ViewerMarker,
  now: Date,
): Element {
  const kind: TemplateViewer =
    viewer.kind === 'member' && viewer.uid === showcase.ownerUid ? 'owner' : viewer.kind;
  const page = cloneTemplate(templateIds.showcase(kind)).firstElementChild!;
  const article = first(page, 'article');
  const withoutImage = first(cloneTemplate(templateIds.showcaseWithoutImage), 'article');
  media(article, showcase, withoutImage);
  const avatar = article.querySelector('.MuiAvatar-root');
  if (avatar !== null) avatar.textContent = placeholderInitial(displayOwner(showcase.ownerName));
  description(article, showcase.description);
  const [published, updated] = article.querySelectorAll('time');
  if (showcase.createdAt === null || published === undefined || updated === undefined) {
    throw new Error('first paint: a showcase without its dates');
  }
  fillTime(published, showcase.createdAt, now);
  if (showsUpdated(showcase)) fillTime(updated, showcase.updatedAt!, now);
  else {
    // " · Updated " and its date.
    updated.previousSibling?.remove();
    updated.remove();
  }
  replaceStandIns(
    page,
    {
      [stand.id(0)]: showcase.id,
      [stand.title(0)]: displayTitle(showcase.title),
      [stand.owner(0)]: displayOwner(showcase.ownerName),
      [stand.ownerUid(0)]: showcase.ownerUid,
      [stand.viewerUid]: viewer.uid ?? '',
    },
    { [likesLabel(TEMPLATE_LIKES)]: likesLabel(showcase.likeCount) },
  );
  return page;
}

/**
 * Puts the first paint up: the route's screen as the app renders it for this viewer, above
 * `#root` (which the structural CSS hides while `<html>` has the first-paint class). The
 * container is `aria-hidden` and `inert`: assistive technology keeps announcing index.html's
 * progressbar, moved out of `#root` so that React's first render does not remove it. Returns
 * the images to wait for. Throws, having put nothing up, when a template is missing or the data
 * lacks what the templates need.
 */
export function paintFirst(
  templates: ParentNode,
  route: FirstPaintRoute,
  answer: PaintedAnswer,
  viewer: ViewerMarker,
  structuralCss: string,
  now = new Date(),
): HTMLImageElement[] {
  const cloneTemplate = templateCloner(templates);
  let content: Element;
  if (isPaintedProfile(answer)) {
    if (route.kind !== 'profile' || viewer.uid === route.uid) {
      throw new Error('first paint: a profile for another route or for its own member');
    }
    content = profilePage(cloneTemplate, answer, viewer.kind, now);
  } else if (route.kind === 'gallery') {
    content = gallery(cloneTemplate, route, answer, viewer, now);
  } else if (route.kind === 'showcase') {
    content = showcasePage(cloneTemplate, answer[0]!, viewer, now);
  } else throw new Error('first paint: showcases for a profile');
  const structure = document.createElement('style');
  structure.textContent = structuralCss;
  const container = document.createElement('div');
  container.append(structure, cloneTemplate(templateIds.style), content);
  container.id = FIRST_PAINT_ID;
  container.dataset.address = location.pathname + location.search;
  container.setAttribute('aria-hidden', 'true');
  container.inert = true;
  keepPaintedAnswer(container, answer);
  const progress = document.querySelector('#root [role="progressbar"]');
  if (progress !== null) {
    progress.id = FIRST_PAINT_PROGRESS_ID;
    document.body.append(progress);
  }
  document.documentElement.classList.add(FIRST_PAINT_CLASS);
  document.body.prepend(container);
  return [...container.querySelectorAll('img[fetchpriority="high"]')] as HTMLImageElement[];
}
